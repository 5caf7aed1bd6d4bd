; case-lambda (R7RS 4.2.9): the first clause whose formals accept the arguments is applied.
(define range
  (case-lambda
    ((e) (range 0 e))
    ((b e) (do ((r '() (cons e r)) (e (- e 1) (- e 1))) ((< e b) r)))))
(write (range 3)) (newline)
(write (range 3 5)) (newline)
(define plus
  (case-lambda
    (() 0)
    ((x) x)
    ((x y) (+ x y))
    ((x y z) (+ (+ x y) z))
    (args (apply + args))))
(write (list (plus) (plus 1) (plus 1 2) (plus 1 2 3) (plus 1 2 3 4 5))) (newline)
(define f
  (case-lambda
    ((a) (list 'one a))
    ((a b . rest) (list 'two-or-more a b rest))))
(write (list (f 1) (f 1 2) (f 1 2 3 4))) (newline)
;; closures over local variables; tail calls through case-lambda
(define (make-acc n)
  (case-lambda
    (() n)
    ((k) (set! n (+ n k)) n)))
(define acc (make-acc 10))
(acc 5)
(write (acc)) (newline)
(define count-down
  (case-lambda
    ((n) (count-down n 0))
    ((n acc) (if (= n 0) acc (count-down (- n 1) (+ acc 1))))))
(write (count-down 1000000)) (newline)
