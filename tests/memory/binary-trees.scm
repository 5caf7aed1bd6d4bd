;; binary-trees: builds and drops many small complete binary trees, plus a stretch tree and one
;; long-lived tree: benchmarks/binary-trees.scm with the depth read from the command line.
;; Each tree dies when its check returns. Issue 7: peak memory within 2x of the C program with
;; an arena per tree (benchmarks/c/binary-trees-arena.c, depth 16), whose output at depth 16
;; is the same as this program's (tests/memory.sh compares them).
;; Usage: binary-trees DEPTH (default 10).
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define max-depth (arg 1 10))

(define (make d) (if (= d 0) (cons '() '()) (cons (make (- d 1)) (make (- d 1)))))
(define (check t) (if (null? (car t)) 1 (+ 1 (check (car t)) (check (cdr t)))))

(define (loop-depths d)
  (when (<= d max-depth)
    (let ((iters (expt 2 (+ (- max-depth d) 4))))
      (let lp ((i 0) (sum 0))
        (if (< i iters)
            (lp (+ i 1) (+ sum (check (make d))))
            (begin (display iters) (display " trees of depth ") (display d)
                   (display " check: ") (display sum) (newline)))))
    (loop-depths (+ d 2))))

(let ((stretch (+ max-depth 1)))
  (display "stretch tree of depth ") (display stretch) (display " check: ")
  (display (check (make stretch))) (newline))
(define long-lived (make max-depth))
(loop-depths 4)
(display "long lived tree of depth ") (display max-depth) (display " check: ")
(display (check long-lived)) (newline)
