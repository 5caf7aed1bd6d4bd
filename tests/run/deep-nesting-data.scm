; Deeply nested data (100,000 levels) built in a loop: equal?, eqv? and walking it do not
; overflow (R7RS 6.1, 6.4).
(define (nest n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (list acc)))))
(define a (nest 100000))
(define b (nest 100000))
(write (equal? a b)) (newline)
(write (equal? a (nest 99999))) (newline)
(write (eqv? a b)) (newline)
(write (let depth ((x a) (d 0)) (if (null? x) d (depth (car x) (+ d 1))))) (newline)
(define v (let loop ((i 0) (acc 0)) (if (= i 100000) acc (loop (+ i 1) (vector acc)))))
(write (equal? v (let loop ((i 0) (acc 0)) (if (= i 100000) acc (loop (+ i 1) (vector acc)))))) (newline)
(write (nest 5)) (newline)
