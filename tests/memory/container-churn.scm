;; container-churn: a loop that replaces, N times, what a list made by its procedure holds with a
;; fresh vector of 8 (destruct's shape). Region inference's container rule puts each vector in
;; the list's region (compiler/regions.c) rather than the collected heap; the replaced ones are
;; garbage there until it is released, so the region's soft budget (rt_region_soft, 1 MiB)
;; sends the rest to the collected heap: peak memory must not grow with N once past it
;; (tests/memory.sh: peak at N = 10,000,000 within 1.2x of the peak at N = 1,000,000, where
;; 80 MB of vectors are made; without the budget the region would hold 800 MB at N = 10,000,000).
;; Usage: container-churn N (default 1000). Prints N and the last vector's sum.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (churn n)
  (let ((cell (list #f 0)))
    (do ((i 0 (+ i 1))) ((= i n) cell)
      (set-car! cell (make-vector 8 i)))))
(define (vsum v) (let loop ((i 0) (s 0)) (if (= i (vector-length v)) s (loop (+ i 1) (+ s (vector-ref v i))))))
(display n) (display " ") (display (vsum (car (churn n)))) (newline)
; OUTPUT 1000000: 1000000 7999992
; OUTPUT 10000000: 10000000 79999992
