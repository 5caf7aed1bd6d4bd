;; loop.scm: the cost of calls across a separately compiled boundary, 20M iterations of three
;; calls of (b ops). Whole, separate, and separate with the interface reduced to the
;; conservative one (no arity: generic calls, results unknown, arguments in the heap):
;;   regal -I . loop.scm -o whole
;;   regal -c b/ops.sld && regal loop.scm b/ops.o -o sep
;;   sed -i -E 's/"regal_x_[^"]*" [0-9]+ procedure #f ([^ ]+|\([^)]*\)) (#f|\([^)]*\))/#f #f procedure #f unknown #f/' b/ops.rgi
;;   touch -r b/ops.o b/ops.rgi; regal loop.scm b/ops.o -o generic
;;   for i in 1 2 3; do for p in whole sep generic; do /usr/bin/time -f "$p %U+%S s %M KB" ./$p; done; done
(import (scheme base) (scheme write) (b ops))
(define (run n)
  (let loop ((i 0) (acc 0))
    (if (= i n) acc
        (loop (+ i 1) (+ acc (add3 i 1 2) (pair-sum (mk-pair i 1)))))))
(display (run 20000000)) (newline)
