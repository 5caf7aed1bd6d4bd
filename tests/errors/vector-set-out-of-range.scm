; EXPECT-STATUS: 70
; EXPECT-STDERR: vector-set-out-of-range.scm:7:3:
; EXPECT-STDERR: vector-set!:
; vector-set! at an index equal to the length (R7RS 6.8), the index computed in a loop.
(define v (make-vector 3 0))
(do ((i 0 (+ i 1))) ((> i 3))
  (vector-set! v i i))
