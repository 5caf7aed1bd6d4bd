; EXPECT-STATUS: 70
; EXPECT-STDERR: add-non-number.scm:6:3:
; EXPECT-STDERR: +: expected a number, got "two"
; Arithmetic on a non-number (R7RS 6.2.6).
(define (add a b)
  (+ a b))
(display (add 1 "two"))
