;; tak: Takeuchi's function, call-heavy fixnum code.
(define (tak x y z)
  (if (not (< y x)) z
      (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))
(define (run n acc) (if (= n 0) acc (run (- n 1) (+ acc (tak 22 16 8)))))
(display (run 400 0)) (newline)
