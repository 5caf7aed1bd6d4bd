;; The test project's program: each library initialised once, in import order.
(import (scheme base) (scheme write) (proj top) (proj base))
(log! "main")
(report)
(display (eq? (cadr (log-lines)) (cadr (log-lines)))) (newline)
