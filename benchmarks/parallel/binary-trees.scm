;; parallel binary-trees (issue 18): benchmarks/binary-trees.scm at max depth 18, each depth's
;; trees split into 16 jobs run by parallel-map on the task pool (REGAL_WORKERS workers). Each
;; job builds and checks its trees in its own region and returns a number. Same output as the
;; sequential program at that depth.
(import (scheme base) (scheme write) (regal extras))
(define (make d) (if (= d 0) (cons '() '()) (cons (make (- d 1)) (make (- d 1)))))
(define (check t) (if (null? (car t)) 1 (+ 1 (check (car t)) (check (cdr t)))))
(define max-depth 18)
(define jobs-per-depth 16)
(define (trees d n)            ; n trees of depth d, checked: the sum
  (let lp ((i 0) (sum 0))
    (if (< i n) (lp (+ i 1) (+ sum (check (make d)))) sum)))
(define (depths d)
  (if (> d max-depth) '() (cons d (depths (+ d 2)))))
(define (iters d) (expt 2 (+ (- max-depth d) 4)))
(define jobs                   ; (depth . trees) pairs, jobs-per-depth for each depth
  (apply append
         (map (lambda (d)
                (let loop ((k 0) (acc '()))
                  (if (= k jobs-per-depth) acc
                      (loop (+ k 1) (cons (cons d (quotient (iters d) jobs-per-depth)) acc)))))
              (depths 4))))
(let ((stretch (+ max-depth 1)))
  (display "stretch tree of depth ") (display stretch) (display " check: ")
  (display (check (make stretch))) (newline))
(define long-lived (make max-depth))
(define sums (parallel-map (lambda (job) (trees (car job) (cdr job))) jobs))
(for-each (lambda (d)
            (let loop ((js jobs) (ss sums) (sum 0))
              (if (null? js)
                  (begin (display (iters d)) (display " trees of depth ") (display d)
                         (display " check: ") (display sum) (newline))
                  (loop (cdr js) (cdr ss) (if (= (caar js) d) (+ sum (car ss)) sum)))))
          (depths 4))
(display "long lived tree of depth ") (display max-depth) (display " check: ")
(display (check long-lived)) (newline)
