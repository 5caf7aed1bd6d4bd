; R7RS 6.1: equal? terminates on circular data and stays near-linear on shared structure
; (Adams and Dybvig's algorithm, as Chez Scheme 9.5, which prints the same). Two 100-level
; lists whose every level holds the level below twice have 2^100 leaves: compared naively
; this would never finish.
(define (show x) (write x) (newline))
(define (shared-levels n)
  (let ((shared (list 1 2 3)))
    (let loop ((i 0) (acc shared))
      (if (= i n) acc (loop (+ i 1) (list acc shared acc))))))
(show (equal? (shared-levels 100) (shared-levels 100)))
(show (equal? (shared-levels 100) (list (shared-levels 99) (list 1 2 3) (shared-levels 99))))
(show (equal? (shared-levels 100) (list (shared-levels 99) (list 1 2 4) (shared-levels 99))))
(define (circular . items) (let ((l (list-copy items))) (set-cdr! (list-tail l (- (length l) 1)) l) l))
(show (equal? (circular 1 2) (circular 1 2 1 2 1 2)))
(show (equal? (circular 1 2) (circular 1 2 1 3)))
(define v (vector 'a #f)) (vector-set! v 1 v)
(define w (vector 'a (vector 'a #f))) (vector-set! (vector-ref w 1) 1 w)
(show (equal? v w))
(define big1 (let loop ((i 0) (acc '())) (if (= i 200000) acc (loop (+ i 1) (cons (list i "s" (vector i)) acc)))))
(define big2 (let loop ((i 0) (acc '())) (if (= i 200000) acc (loop (+ i 1) (cons (list i "s" (vector i)) acc)))))
(show (equal? big1 big2))
(set-car! (car (list-tail big2 150000)) -1)
(show (equal? big1 big2))
