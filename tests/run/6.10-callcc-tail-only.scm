;; continuations called only in tail position (of the call/cc's lambda, or of procedures it
;; passes them to in tail calls): calling one returns its values from the call/cc
(define (f x k) (if (> x 10) (k 'big) (g x k)))
(define (g x k) (if (even? x) (k (* x 2)) (k x 'odd)))
(display (call/cc (lambda (k) (f 20 k)))) (newline)
(display (call/cc (lambda (k) (f 4 k)))) (newline)
(display (call-with-values (lambda () (call/cc (lambda (k) (f 3 k)))) list)) (newline)
(display (call-with-values (lambda () (call/cc (lambda (k) (k)))) list)) (newline)
(display (+ 1 (call/cc (lambda (k) (k 41))))) (newline)
;; not in tail position: an escape, which skips the (+ 100 ...)
(display (+ 1 (call/cc (lambda (k) (+ 100 (k 41)))))) (newline)
(define (h k) (+ 100 (k 1)))
(display (call/cc (lambda (k) (h k)))) (newline)
;; deep: 100000 tail calls carrying k
(define (count n k) (if (= n 0) (k 'done) (count (- n 1) k)))
(display (call/cc (lambda (k) (count 100000 k)))) (newline)
;; ctak
(define (ctak x y z) (call/cc (lambda (k) (ctak-aux k x y z))))
(define (ctak-aux k x y z)
  (if (not (< y x)) (k z)
      (call/cc (lambda (k)
        (ctak-aux k
          (call/cc (lambda (k) (ctak-aux k (- x 1) y z)))
          (call/cc (lambda (k) (ctak-aux k (- y 1) z x)))
          (call/cc (lambda (k) (ctak-aux k (- z 1) x y))))))))
(display (ctak 18 12 6)) (newline)
