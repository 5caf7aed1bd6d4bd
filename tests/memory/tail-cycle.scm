;; tail-cycle: a loop written as mutual tail recursion (ping and pong, and a procedure with a rest
;; list calling itself), each round making a list that the next round drops. The rounds of such
;; a cycle share their caller's region (each tail call hands on the region it was given), which
;; would grow by a round's objects per round until the region's hard budget (1 GiB). Region
;; inference marks the cycle's procedures (compiler/regions.c, tail cycles): their entries give
;; that region the tail cycles' budget (rt_region_mark_tail, RT_REGION_TAIL_SOFT, 64 MiB), past
;; which it allocates in the collected heap. Peak memory must not grow with N once past it
;; (tests/harness.py: peak at N = 20,000,000 within 1.2x of the peak at N = 2,000,000, where
;; 192 MB of lists are made; with -fno-tail-soft the peak at 20,000,000 is 930 MB).
;; The runtime now also collects that region as it grows (runtime/regiongc.c): the peaks are
;; 11 MiB at both sizes (tail-cycle-gc.scm tests that below the budget).
;; Usage: tail-cycle N (default 1000). Prints N and the last list's head, twice.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (ping n acc) (if (= n 0) acc (pong n (list n n n))))
(define (pong n l) (ping (- n 1) (car l)))
(define (spin n . xs) (if (= n 0) (car xs) (spin (- n 1) n n n)))
(display n) (display " ") (display (ping n 0)) (display " ") (display (spin n 0)) (newline)
; OUTPUT 2000000: 2000000 1 1
; OUTPUT 20000000: 20000000 1 1
