; EXPECT-STATUS: 70
; EXPECT-STDERR: vector-ref-non-vector.scm:5:10:
; EXPECT-STDERR: vector-ref: expected a vector, got (1 2)
; vector-ref of a list (R7RS 6.8).
(display (vector-ref (list 1 2) 0))
