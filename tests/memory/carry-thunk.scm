;; carry-thunk: a benchmark harness's loop: N iterations, each calling a thunk that builds a
;; fresh list of 1000 pairs, carried to the next iteration in a loop variable that only the
;; exit branch reads. Region inference puts each list in the loop's carry region, emptied
;; before each back edge's arguments (compiler/regions.c): only one list is ever live, so peak
;; memory must not grow with N (tests/memory.sh: peak at N = 1,000,000 within 1.2x of the
;; peak at N = 100,000).
;; Usage: carry-thunk N (default 1000). Prints N and the sum of the last list.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (build k i) (let loop ((j 0) (l '())) (if (= j k) l (loop (+ j 1) (cons (+ i j) l)))))
(define (run-benchmark count thunk ok?)
  (let loop ((i 0) (result #f))
    (cond ((< i count) (loop (+ i 1) (thunk i)))
          ((ok? result) (let sum ((l result) (s 0)) (if (null? l) s (sum (cdr l) (+ s (car l))))))
          (else -1))))

(display n) (display " ") (display (run-benchmark n (lambda (i) (build 1000 i)) pair?)) (newline)
; OUTPUT 100000: 100000 100498500
; OUTPUT 1000000: 1000000 1000498500
