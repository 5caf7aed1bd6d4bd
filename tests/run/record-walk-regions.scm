;; Calls of procedures that allocate nothing in their region (record accessors, predicates, list
;; walks: compiler/regions.c, Rg.alloc_free) are given no region, and their results are only what
;; they return of their arguments. The structures walked must stay alive as long as they are
;; used: kept in a global through an accessor's result, returned from the walk, mutated while
;; walked, and walked by a procedure that also returns a global's object. Expected output: Chez
;; Scheme with a syntax-rules stand-in for R7RS define-record-type (Chez's own is R6RS's).
(define-record-type node (make-node next val) node? (next node-next set-node-next!) (val node-val set-node-val!))
(define (chain n) (let loop ((i n) (acc #f)) (if (= i 0) acc (loop (- i 1) (make-node acc (list i (* i i)))))))
(define (walk n k) (if (or (not n) (= k 0)) n (walk (node-next n) (- k 1))))
(define (sum n acc) (if n (sum (node-next n) (+ acc (car (node-val n)))) acc))
(define saved #f)
(define (keep-second! n) (set! saved (node-next n)) #t)
(define the-table (list 'table 1 2 3))
(define (pick n) (if (node? n) (node-val n) the-table))
(define (build-and-walk)
  (let ((c (chain 10)))
    (keep-second! c)
    (let ((w (walk c 3)))
      (set-node-val! w (list (* 100 (car (node-val w))) 'changed))
      (list (sum c 0) (node-val w) (pick w) (pick #f)))))
(display (build-and-walk)) (newline)
(display (node-val saved)) (newline)
(define (churn k acc)   ; many walks in a loop, each over a fresh chain
  (if (= k 0) acc (churn (- k 1) (+ acc (car (node-val (walk (chain 20) 7)))))))
(display (churn 2000 0)) (newline)
(display (node-val saved)) (newline)
