; apply (R7RS 6.10).
(write (apply + (list 3 4))) (newline)
(write (apply + 1 2 '(3 4))) (newline)
(write (apply list '())) (newline)
(write (apply max '(3 9 2))) (newline)
(define compose
  (lambda (f g)
    (lambda args (f (apply g args)))))
(write ((compose - *) 3 4 5)) (newline)
(write (apply (lambda (a b . c) (list a b c)) 1 '(2 3 4))) (newline)
(write (apply cons '(a b))) (newline)
(write (apply apply (list + (list 1 2 3)))) (newline)
(write (apply vector 'x '(y z))) (newline)
