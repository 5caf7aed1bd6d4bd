(define (this-scheme-implementation-name) "regal")
