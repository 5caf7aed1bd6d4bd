; let* (R7RS 4.2.2): sequential binding.
(write (let ((x 2) (y 3))
         (let* ((x 7) (z (+ x y)))
           (* z x))))
(newline)
(write (let* ((a 1) (b (+ a 1)) (c (* b 10))) (list a b c))) (newline)
(write (let* () 'empty)) (newline)
(write (let* ((x 1) (x (+ x 1)) (x (* x 10))) x)) (newline)
