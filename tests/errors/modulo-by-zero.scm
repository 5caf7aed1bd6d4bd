; EXPECT-STATUS: 70
; EXPECT-STDERR: modulo-by-zero.scm:6:15:
; EXPECT-STDERR: modulo:
; Exact division by zero in modulo (R7RS 6.2.6), with a zero computed at run time.
(define (zero) (- 5 5))
(display (+ 1 (modulo 7 (zero))))
