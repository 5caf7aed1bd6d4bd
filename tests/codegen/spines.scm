; Spines (regions.c, rg_proc_new): ap keeps the elements of its argument list (apply passes
; them to an unknown procedure; bind copies them into a frame kept in a global) but none of
; its pairs, so ev's argument list, the prelude's map's result, goes to ev's caller's region
; (passed in a tail call), not to the heap; map, in ELEMS mode, puts in the heap what it makes
; for the elements, and the calls that make them run in regions of their own (evacuated). A
; list a procedure builds by name likewise. With -fno-spines the argument list and build's
; list go to the heap ("passed to 'ap', which keeps it"), so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=C
; RUN-INVERSE: -fno-spines
; CHECK: spines.scm:23:52: result of '%map': caller's region (of the call of 'ev'): passed in a tail call
; CHECK: spines.scm:25:35: cons: caller's region (of the call of 'build'): returned
; CHECK: spines.scm:25:41: list: heap (collected): an element of the list 'build' returns, whose callers keep its elements and not the list
; CHECK: spines.scm:28:12: result of 'build': local region of 'kept-squares'
; CHECK: spines.scm:23:52: result of a call: heap (collected): an element of the list '%map' returns, whose callers keep its elements and not the list at {{.*}}; evacuated
; C: [[T:t[0-9]+]] = rt_region_evacuate_leave(&{{rget[0-9]+}}, [[T]]); }
(import (scheme base) (scheme write))
(define frames '())
(define (bind params args)
  (if (null? params) '() (cons (cons (car params) (car args)) (bind (cdr params) (cdr args)))))
(define (ap f args) (if (procedure? f) (apply f args) (begin (set! frames (bind f args)) (ev (length args)))))
(define (ev e)
  (if (pair? e) (ap (if (eq? (car e) '+) + '(x y)) (map (lambda (a) (ev a)) (cdr e))) e))
(define kept (make-vector 3 #f))
(define (build n) (if (= n 0) '() (cons (list n (* n n)) (build (- n 1)))))
(define (keep! l i) (when (pair? l) (vector-set! kept i (car l)) (keep! (cdr l) (+ i 1))))
(define (kept-squares n)
  (let ((l (build n))) (keep! l 0) (length l)))
(display (list (ev '(+ 1 (+ 2 3))) (ev '(f 4 5)) frames (kept-squares 3) kept))
(newline)
