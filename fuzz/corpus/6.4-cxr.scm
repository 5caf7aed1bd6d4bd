; The c[ad]r family (R7RS 6.4, (scheme cxr)).
(define l '((1 2 3) (4 5 6) (7 8 9) 10))
(write (list (caar l) (cadr l) (cdar l) (cddr l))) (newline)
(write (list (caddr l) (cdddr l) (caadr l) (cdadr l) (cadar l) (cddar l))) (newline)
(write (list (caaar '(((a)))) (cdaar '(((a b)))))) (newline)
(write (list (cadddr l) (cddddr '(1 2 3 4 5)))) (newline)
