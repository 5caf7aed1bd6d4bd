;; (proj top): imports (proj left) and (proj right), both of which import (proj base).
(define-library (proj top)
  (export report)
  (import (scheme base) (scheme write) (proj base) (proj left) (proj right))
  (begin
    (define (report)
      (display (list (left-sum '(1 2 3)) (right-quad 3) (right-words) (log-lines)))
      (newline))
    (log! "top")))
