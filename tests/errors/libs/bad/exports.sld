; (bad exports): exports a name it neither defines nor imports
(define-library (bad exports)
  (export defined-here (rename not-here renamed))
  (import (scheme base))
  (begin (define (defined-here) 1)))
