; EXPECT-STATUS: 1
; EXPECT-STDERR: 4.3.2-keyword-as-variable.scm:6:8: error: syntax keyword 'm' used as a variable
; A macro keyword is not a value (R7RS 4.3).
(define-syntax m
  (syntax-rules () ((_) 1)))
(write m)
