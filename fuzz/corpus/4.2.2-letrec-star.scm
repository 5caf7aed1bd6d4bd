; letrec* (R7RS 4.2.2): left-to-right, later inits may use earlier values.
(write (letrec* ((p (lambda (x) (+ 1 (q (- x 1)))))
                 (q (lambda (y) (if (zero? y) 0 (+ 1 (p (- y 1))))))
                 (x (p 5))
                 (y x))
         y))
(newline)
(write (letrec* ((a 1) (b (+ a 1)) (c (lambda () (* b 10)))) (c))) (newline)
(write (letrec* ((lst (list 1 2 3)) (n (length lst))) (list n lst))) (newline)
