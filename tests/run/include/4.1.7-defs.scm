; included by 4.1.7-include.scm: definitions and a macro
(define (square x) (* x x))
(define-syntax inc! (syntax-rules () ((_ v) (set! v (+ v 1)))))
(include "sub/4.1.7-more.scm")
