;; heap-live: a program whose live data is in the collected heap (a list a global is assigned,
;; RW_SET) and that then makes garbage there, as nboyer, graphs and earley do. Collections
;; re-mark the live list, so while they take long the runtime collects after about a heap's
;; worth of allocation instead of half a heap's (free-space divisor 1, not 2: runtime/gc.c,
;; rt_gc_on_event). tests/harness.py runs it at N = 300,000 (17 MiB live) with REGAL_STATS=json
;; and checks that it makes at most 0.75x the collections it makes with GC_FREE_SPACE_DIVISOR=2
;; (measured: 17 and 44). Without the adaptive divisor both counts are the same: this test
;; fails then.
;; Usage: heap-live N (default 1000). Prints N, the live list's length and a checksum.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define live '())
(define junk #f)
(define (grow! n)
  (let loop ((i 0))
    (when (< i n)
      (set! live (cons (make-string 3 #\a) live))
      (loop (+ i 1)))))
(define (churn! rounds)
  (let loop ((i 0) (sum 0))
    (if (< i rounds)
        (begin (set! junk (cons i sum)) (loop (+ i 1) (+ sum (car junk))))
        sum)))
(grow! n)
(let ((sum (churn! (* 60 n))))
  (display n) (display " ") (display (length live)) (display " ") (display sum) (newline))
; OUTPUT 1000: 1000 1000 1799970000
; OUTPUT 300000: 300000 300000 161999991000000
