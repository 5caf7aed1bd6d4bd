;; Unrolled recursion (emit.c, emit_unroll): a procedure whose C name ends in another's
;; (g-scm-lambda0-f, scm_lambda1_g_scm_lambda0_f) keeps its own self calls.
(define (f n) (if (= n 0) 0 (+ 1 (* 1 (f (- n 1))))))
(define (g-scm-lambda0-f n) (if (= n 0) 0 (+ 2 (* 1 (g-scm-lambda0-f (- n 1))))))
(display (list (f 10) (g-scm-lambda0-f 10))) (newline)
