; EXPECT-STATUS: 1
; EXPECT-STDERR: duplicate-parameters.scm:5:
; EXPECT-STDERR: error:
; A parameter list must not repeat a variable (R7RS 4.1.4).
(define g (lambda (x x) x))
