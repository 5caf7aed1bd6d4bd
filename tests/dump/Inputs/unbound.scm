;; an input of dump-option.scm (lit does not run files under Inputs/)
(define (f x)
  (+ x (undefined-thing 1)))
