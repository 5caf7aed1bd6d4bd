; (sp which) in the first -I directory: found before the second's
(define-library (sp which)
  (export which)
  (import (scheme base))
  (begin (define which 'first)))
