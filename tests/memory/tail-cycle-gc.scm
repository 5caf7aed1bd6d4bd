;; tail-cycle-gc: the loops of tail-cycle.scm (mutual tail recursion, each round making a list
;; the next round drops; continuation-passing rounds passing a closure that the next round calls
;; and drops), at sizes below the tail cycles' budget (64 MiB). The rounds share their caller's
;; region, which the runtime collects as it grows (runtime/regiongc.c, every RT_REGION_COLLECT =
;; 4 MiB): what is reachable stays, the chunks holding only dropped rounds go back to the pool.
;; So peak memory does not grow with N even below the budget (tests/harness.py: peak at
;; N = 2,000,000, 96 MB of lists and 48 MB of closures, within 1.2x of the peak at N = 200,000;
;; measured 8.7 and 8.7 MiB). With REGAL_REGION_GC=0 (no collection) the peaks are 18 and 94 MiB
;; (5.1x): this test fails then.
;; Usage: tail-cycle-gc N (default 1000). Prints N, the last list's head and the CPS sum.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (ping n acc) (if (= n 0) acc (pong n (list n n n))))
(define (pong n l) (ping (- n 1) (car l)))
(define (step n acc k) (if (= n 0) (k acc) (hop n (lambda (x) (+ x acc)) k)))
(define (hop n f k) (step (- n 1) (f 1) k))
;; called from a procedure, so that the rounds share a region of its frame (a cycle started at
;; top level shares the program's region, which lives as long as the program and is not
;; collected)
(define (run n) (let* ((a (ping n 0)) (b (step n 0 (lambda (s) s)))) (list n a b)))
(let ((r (run n)))
  (display (car r)) (display " ") (display (cadr r)) (display " ") (display (caddr r)) (newline))
; OUTPUT 200000: 200000 1 200000
; OUTPUT 2000000: 2000000 1 2000000
