;; loaded by tests/run/6.12-load.scm: definitions, a macro and output, in order
(define loaded-counter 0)
(define (bump! n) (set! loaded-counter (+ loaded-counter n)) loaded-counter)
(define-syntax twice (syntax-rules () ((_ e) (begin e e))))
(twice (bump! 5))
(display "loaded defs.scm, counter ") (display loaded-counter) (newline)
