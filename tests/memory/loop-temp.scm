;; loop-temp: a `do` loop of N iterations that allocates a 4-element list each iteration, uses
;; it to compute a number (summed by a helper procedure) and drops it; the loop carries only
;; numbers. Issue 7: the list dies with its iteration, so peak memory must not grow with N
;; (tests/memory.sh: peak at N = 10,000,000 within 1.2x of the peak at N = 1,000,000).
;; Usage: loop-temp N (default 1000). Prints N and the checksum.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (sum-list l)
  (let loop ((l l) (s 0))
    (if (null? l) s (loop (cdr l) (+ s (car l))))))

(define (run n)
  (do ((i 0 (+ i 1))
       (acc 0 (let ((l (list i (* 2 i) (- i) (remainder i 7))))
                (+ acc (sum-list l) (length l)))))
      ((= i n) acc)))

(display n) (display " ") (display (run n)) (newline)
; OUTPUT 1000000: 1000000 1000005999997
; OUTPUT 10000000: 10000000 100000059999994
