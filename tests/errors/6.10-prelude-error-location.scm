; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.10-prelude-error-location.scm:8:3: map: expected a proper list, got 3
; A call of map compiled from the prelude (compiler/prelude.scm) reports its errors at the
; program's call, as the primitive does, never at a place in the prelude.
(define (sq x) (* x x))
(display (map sq '(1 2)))
(newline)
  (map sq '(1 2 . 3))
