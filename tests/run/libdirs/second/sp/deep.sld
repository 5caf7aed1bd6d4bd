; (sp deep): only in the second -I directory; imports (helper-here), a file beside this one,
; found through the importing file's directory
(define-library (sp deep)
  (export deep)
  (import (scheme base) (helper-here))
  (begin (define (deep) (list 'deep (helped)))))
