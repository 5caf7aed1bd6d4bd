; EXPECT-STATUS: 70
; EXPECT-STDERR: quotient-by-zero.scm:5:10:
; EXPECT-STDERR: quotient:
; Exact division by zero (R7RS 6.2.6).
(display (quotient 1 0))
