; EXPECT-STATUS: 1
; EXPECT-STDERR: unbound-variables-several.scm:6:8: error:
; EXPECT-STDERR: unbound-variables-several.scm:7:18: error:
; Several unbound variables are all reported in one run.
(define (f x)
  (+ x first-missing))
(define (g y) (* second-missing y))
