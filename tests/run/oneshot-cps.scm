; One-shot closures (compiler/oneshot.c): the continuations of continuation-passing style are
; called once and referred to by nothing afterwards, so each gives itself back to its region
; when called (rt_region_pop). The programs here mix such continuations with closures that
; must not be given back: called twice, stored, returned, passed to a primitive, captured by
; a closure called many times. tests/codegen/oneshot.scm checks which are which
; (--dump=oneshot); this test checks the answers (from Chez), also under ASan, where a closure
; given back is poisoned until its memory is handed out again.
(import (scheme base) (scheme write))

;; cpstak: each continuation is the newest object of the region when it is called
(define (cpstak x y z)
  (define (tak x y z k)
    (if (not (< y x))
        (k z)
        (tak (- x 1) y z
             (lambda (v1)
               (tak (- y 1) z x
                    (lambda (v2)
                      (tak (- z 1) x y
                           (lambda (v3) (tak v1 v2 v3 k)))))))))
  (tak x y z (lambda (a) a)))
(display (cpstak 18 12 6)) (newline)

;; a list built in CPS: the pairs the continuations make go where the closures were
(define (build n k)
  (if (= n 0)
      (k '())
      (build (- n 1) (lambda (rest) (k (cons n rest))))))
(display (build 10 (lambda (l) l))) (newline)

;; continuations called in non-tail position, and a let-bound one
(define (sum-cps l k)
  (if (null? l)
      (+ 0 (k 0))
      (let ((next (lambda (s) (k (+ s (car l))))))
        (sum-cps (cdr l) next))))
(display (sum-cps '(1 2 3 4 5) (lambda (s) (* s 10)))) (newline)

;; called twice: not one-shot (each call must still see its captured values)
(define (twice n k)
  (if (= n 0)
      (begin (k 1) (k 2))
      (twice (- n 1) (lambda (v) (k (* v 3))))))
(twice 3 (lambda (v) (display v) (newline)))

;; stored and called later: not one-shot
(define saved '())
(define (keep n k)
  (if (= n 0)
      (begin (set! saved (cons k saved)) (k 0))
      (keep (- n 1) (lambda (v) (k (+ v n))))))
(display (keep 4 (lambda (v) v))) (newline)
(display (map (lambda (k) (k 100)) saved)) (newline)

;; returned: not one-shot
(define (wrap n k) (if (= n 0) k (wrap (- n 1) (lambda (v) (k (- v n))))))
(define w (wrap 3 (lambda (v) v)))
(display (list (w 10) (w 20))) (newline)

;; given to a primitive that calls it many times: not one-shot
(define (adders n k)
  (if (= n 0)
      (map k '(1 2 3))
      (adders (- n 1) (lambda (v) (k (+ v n))))))
(display (adders 2 (lambda (v) v))) (newline)

;; captured by a closure that may be called many times: not one-shot
(define (repeat n k)
  (if (= n 0)
      (let ((f (lambda (x) (k x))))
        (list (f 1) (f 2)))
      (repeat (- n 1) (lambda (v) (k (* v 2))))))
(display (repeat 2 (lambda (v) v))) (newline)

;; a continuation in a loop's body is called once per iteration: not one-shot
(define (each-cps n k)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc) (loop (+ i 1) (cons (k i) acc)))))
(define (each-outer m k)
  (if (= m 0)
      (each-cps 3 k)
      (each-outer (- m 1) (lambda (v) (k (+ v 10))))))
(display (each-outer 2 (lambda (v) v))) (newline)

