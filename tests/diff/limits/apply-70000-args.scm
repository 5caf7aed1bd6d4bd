;; Found by difftest (seed 1009, shrunk by hand): apply with more than RT_MAX_ARGS (65536)
;; arguments. Chez prints the sum; regal stops with "apply: too many arguments (70000)",
;; status 70. A documented implementation limit (runtime/regal.h), so not a regression test.
(define (build n) (if (= n 0) '() (cons n (build (- n 1)))))
(display (apply + (build 70000)))
(newline)
