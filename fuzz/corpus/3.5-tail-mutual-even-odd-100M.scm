; Proper tail calls (R7RS 3.5): mutual recursion 100,000,000 deep runs in constant stack.
(define (my-even? n) (if (= n 0) #t (my-odd? (- n 1))))
(define (my-odd? n) (if (= n 0) #f (my-even? (- n 1))))
(display (my-even? 100000000))
(newline)
(display (my-odd? 100000001))
(newline)
