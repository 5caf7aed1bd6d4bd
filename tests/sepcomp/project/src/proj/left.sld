;; (proj left): imports (proj base).
(define-library (proj left)
  (export left-sum)
  (import (scheme base) (proj base))
  (begin
    (define (left-sum xs) (apply + (map sq xs)))
    (log! "left")))
