;; Closures whose captured values are returned (continuation-passing style): region
;; inference keeps each closure as long as the results of its calls.
(define (cpstak x y z)
  (define (tak x y z k)
    (if (not (< y x))
        (k z)
        (tak (- x 1) y z
             (lambda (v1)
               (tak (- y 1) z x
                    (lambda (v2)
                      (tak (- z 1) x y
                           (lambda (v3) (tak v1 v2 v3 k)))))))))
  (tak x y z (lambda (a) a)))
(display (cpstak 18 12 6)) (newline)

;; a CPS list builder: the continuation's result is a list made of captured values
(define (build n k)
  (if (= n 0)
      (k '())
      (build (- n 1) (lambda (rest) (k (cons (list n (* n n)) rest))))))
(define (twice-build n) (let ((a (build n (lambda (x) x)))) (append a (build 2 (lambda (x) x)))))
(display (twice-build 5)) (newline)

;; a getter returns what it captured, called after its maker returned
(define (make-get x) (lambda () x))
(define (use g) (let ((v (g))) (list v v)))
(define (pick n) (use (make-get (list n (+ n 1)))))
(display (map pick '(1 2 3))) (newline)

;; a closure made in each iteration, its captured list returned and kept
(define (collect n)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc)
        (let ((g (let ((cell (list i 'x))) (lambda () cell))))
          (loop (+ i 1) (cons (g) acc))))))
(display (collect 5)) (newline)

;; the CPS chain through a non-tail call, its result stored in a vector
(define (cps-sum l k) (if (null? l) (k 0) (cps-sum (cdr l) (lambda (s) (k (+ s (car l)))))))
(define (cps-list l k) (if (null? l) (k '()) (cps-list (cdr l) (lambda (r) (k (cons (vector (car l)) r))))))
(define v (make-vector 3 #f))
(let loop ((i 0))
  (when (< i 3)
    (vector-set! v i (cps-list (list i (* 2 i)) (lambda (r) r)))
    (loop (+ i 1))))
(display v) (newline)
(display (cps-sum '(1 2 3 4 5) (lambda (s) (* s 10)))) (newline)

;; deep: a continuation chain of 200000 closures
(define (count-down n k) (if (= n 0) (k 0) (count-down (- n 1) (lambda (r) (k (+ r 1))))))
(display (count-down 200000 (lambda (r) r))) (newline)
(define (deep-list n k) (if (= n 0) (k '()) (deep-list (- n 1) (lambda (r) (k (cons n r))))))
(display (length (deep-list 100000 (lambda (r) r)))) (newline)
