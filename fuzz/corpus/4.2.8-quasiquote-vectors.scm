; quasiquote in vectors (R7RS 4.2.8).
(write `#(10 5 ,(sqrt 4.0) ,@(map sqrt '(16.0 9.0)) 8)) (newline)
(define x 'sym)
(write `#(a ,x ,@(list 1 2) (nested ,x))) (newline)
(write `(1 #(2 ,(+ 1 2)) 4)) (newline)
(write `#()) (newline)
(write (vector? `#(,x))) (newline)
