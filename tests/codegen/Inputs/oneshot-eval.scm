; A CPS program that may run eval (tests/codegen/oneshot-off.scm): code eval runs is not seen.
(import (scheme base) (scheme write) (scheme eval))
(define (build n k)
  (if (= n 0) (k '()) (build (- n 1) (lambda (rest) (k (cons n rest))))))
(display (build 3 (lambda (l) l)))
(display (eval '(+ 1 2) (environment '(scheme base))))
(newline)
