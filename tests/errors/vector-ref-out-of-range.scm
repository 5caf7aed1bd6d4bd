; EXPECT-STATUS: 70
; EXPECT-STDERR: vector-ref-out-of-range.scm:6:10:
; EXPECT-STDERR: vector-ref:
; EXPECT-STDERR: 10
; vector-ref with an index past the end (R7RS 6.8).
(display (vector-ref (vector 1 2 3) 10))
