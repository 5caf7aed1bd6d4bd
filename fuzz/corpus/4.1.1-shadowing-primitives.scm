; Variable references (R7RS 4.1.1): local bindings shadow the standard procedures.
(write (let ((list (lambda args 'mine))) (list 1 2))) (newline)
(define (f car) (car 10))
(write (f (lambda (x) (* x 2)))) (newline)
(write (let ((+ -)) (+ 10 3))) (newline)
(write (let loop ((length 3) (acc '())) (if (= length 0) acc (loop (- length 1) (cons length acc)))))
(newline)
(write (list 1 2)) (newline)
