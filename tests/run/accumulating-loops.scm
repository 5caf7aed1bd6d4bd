;; Sums and products with a self call in tail position (fib, factorial) are compiled as loops
;; with an accumulator when the results are exact integers (issue 14): same results, bignums
;; included, same order of side effects; flonum results are left alone (not associative).
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))
(define (sum-to n) (if (= n 0) 0 (+ n (sum-to (- n 1)))))
(define (count-down n) (if (= n 0) 0 (+ (begin (display n) (display " ") 1) (count-down (- n 1)))))
(define (ffib n) (if (< n 2) (* 1.1 n) (+ (ffib (- n 1)) (ffib (- n 2)))))
(define (mixed n) (cond ((= n 0) 1) ((odd? n) (* 2 (mixed (- n 1)))) (else (mixed (- n 1)))))
(define (tree-sum t) (if (pair? t) (+ (tree-sum (car t)) (tree-sum (cdr t))) (if (null? t) 0 t)))
(display (fib 25)) (newline)
(display (fact 30)) (newline)
(display (sum-to 1000000)) (newline)
(display (count-down 5)) (newline)
(display (ffib 20)) (newline)
(display (mixed 200)) (newline)
(display (tree-sum '((1 2) (3 (4 5)) 6))) (newline)
(display (+ (fact 25) (fib 30))) (newline)
