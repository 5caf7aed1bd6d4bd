; EXPECT-STATUS: 70
; EXPECT-STDERR: make-vector-negative.scm:5:10:
; EXPECT-STDERR: make-vector:
; A negative vector size (R7RS 6.8).
(display (make-vector -1))
