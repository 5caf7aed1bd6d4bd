; EXPECT-STATUS: 71
; EXPECT-STDERR: out of memory
; A vector larger than memory ends in "out of memory" (exit 71), never a crash.
(define v (make-vector 100000000000000))
(display (vector-length v))
