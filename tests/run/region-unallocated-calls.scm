;; Calls whose result is no object (the unspecified value, a boolean) or a number are given
;; their caller's region when their procedure leaves little there (compiler/regions.c, the
;; bignum rule). What the procedure makes there may still point to its arguments: here each
;; callee makes a closure holding its argument h and passes it on in a tail call, so h's object,
;; local to the caller, must outlive the region the callee is given (rg_proc_holds); --check-regions
;; stopped these before the fixes (a closure in the caller's caller's region pointing into the
;; caller's frame). Outputs from Chez.
(import (scheme base) (scheme write))
(define (churn n) (if (> n 0) (begin (make-vector 16 n) (list n n) (churn (- n 1)))))
(define (walk n k) (if (= n 0) (k n) (walk (- n 1) (lambda (r) (k r)))))
(define (c2 h) (walk 2 (lambda (r) (vector-set! h 0 r))))
(define (c3) (let ((loc (vector #f))) (c2 loc) (vector-ref loc 0)))
(display (c3)) (newline)

;; a boolean result: the closure stores a fresh list into the vector it captured
(define (walk-list n k) (if (= n 0) (k (list 'end)) (walk-list (- n 1) (lambda (r) (k (cons n r))))))
(define (fill-pred! h) (walk-list 3 (lambda (r) (vector-set! h 0 r) (pair? r))))
(define (c4) (let ((loc (vector #f))) (fill-pred! loc) (churn 2000) (vector-ref loc 0)))
(display (c4)) (newline)
(define kept (vector #f))
(define (c5) (let ((loc (vector #f))) (fill-pred! loc) (fill-pred! kept) (vector-ref loc 0)))
(display (c5)) (newline)
(churn 20000)
(display kept) (newline)

;; a number result (the bignum rule's calls): the same closure, the call's value its length
(define (fill-count! h) (walk-list 4 (lambda (r) (vector-set! h 0 r) (length r))))
(define kept2 (vector #f))
(define (c6) (let ((loc (vector #f))) (fill-count! loc) (fill-count! kept2) (vector-ref loc 0)))
(display (c6)) (newline)
(churn 20000)
(display kept2) (newline)
