;; Values stored into containers (issue 15): region inference puts a value stored into an object
;; of the same procedure in that object's region; the program must behave the same whatever
;; region holds what (the test suite also runs this with --check-regions).
(define (grid n)                       ; rows stored into a local vector, then read back
  (let ((v (make-vector n '())))
    (do ((i 0 (+ i 1))) ((= i n)) (vector-set! v i (list i (* i i))))
    (let loop ((i 0) (acc 0)) (if (= i n) acc (loop (+ i 1) (+ acc (cadr (vector-ref v i))))))))
(define (table n)                      ; the container is returned: what it holds must outlive it
  (let ((v (make-vector n #f)))
    (vector-set! v 0 (list 'first (make-string 3 #\a)))
    (do ((i 1 (+ i 1))) ((= i n) v) (vector-set! v i (cons i (vector-ref v (- i 1)))))))
(define (swap! v i j) (let ((t (vector-ref v i))) (vector-set! v i (vector-ref v j)) (vector-set! v j t)))
(define (rotate n)
  (let ((v (make-vector n '())))
    (do ((i 0 (+ i 1))) ((= i n)) (vector-set! v i (list i)))
    (do ((i 0 (+ i 1))) ((= i (- n 1))) (swap! v i (+ i 1)))
    (map car (vector->list v))))
(define (split l a b) (if (null? l) (cons a b) (split (cdr l) b (cons (car l) a))))
(define (tail-cons n)                  ; a list built at its end with set-cdr!
  (let ((head (list 0)))
    (let loop ((i 1) (last head))
      (if (= i n) head
          (let ((p (list i))) (set-cdr! last p) (loop (+ i 1) p))))))
(define (nest k)                       ; a pair whose car is replaced by a fresh list each round
  (let ((p (cons '() '())))
    (do ((i 0 (+ i 1))) ((= i k) (car p)) (set-car! p (list i (car p))))))
(define kept (make-vector 1 '()))
(define (remember! x) (vector-set! kept 0 (cons x (vector-ref kept 0))))
(display (grid 100)) (newline)
(let ((t (table 5))) (write (vector-ref t 4)) (newline))
(display (rotate 6)) (newline)
(display (split '(1 2 3 4 5) '() '())) (newline)
(display (length (tail-cons 10000))) (newline)
(display (nest 3)) (newline)
(for-each remember! (list "a" (list 1 2) 3.5))
(write (vector-ref kept 0)) (newline)
