;; ctak: tak with call/cc at every call (Gabriel's ctak): each continuation is only used to
;; return from within its own extent, so it is an escape.
(define (ctak x y z)
  (call-with-current-continuation
   (lambda (k) (ctak-aux k x y z))))
(define (ctak-aux k x y z)
  (if (not (< y x))
      (k z)
      (call-with-current-continuation
       (lambda (k)
         (ctak-aux
          k
          (call-with-current-continuation (lambda (k) (ctak-aux k (- x 1) y z)))
          (call-with-current-continuation (lambda (k) (ctak-aux k (- y 1) z x)))
          (call-with-current-continuation (lambda (k) (ctak-aux k (- z 1) x y))))))))
(define (run n acc) (if (= n 0) acc (run (- n 1) (+ acc (ctak 18 12 6)))))
(display (run 300 0)) (newline)
