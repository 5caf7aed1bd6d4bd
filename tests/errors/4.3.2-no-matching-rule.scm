; EXPECT-STATUS: 1
; EXPECT-STDERR: 4.3.2-no-matching-rule.scm:6:1: error: no syntax-rules clause of 'two-args' matches this use: (two-args 1)
; A use that matches no rule of its macro is a compile error at the use (R7RS 4.3.2).
(define-syntax two-args
  (syntax-rules () ((_ a b) (+ a b))))
(two-args 1)
