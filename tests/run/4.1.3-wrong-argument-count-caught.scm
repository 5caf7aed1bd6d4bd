;; R7RS 4.1.3: a call with the wrong number of arguments is an error when it runs, which a
;; guard catches; the compiler only warns, so the program compiles (issue 16, item 8): known
;; procedures (their message names their definition), rest parameters and primitives.
(define (f x) x)
(define (g a b . rest) (list a b rest))
(display (guard (e ((error-object? e) (error-object-message e))) (f 1 2))) (newline)
(display (guard (e ((error-object? e) (error-object-message e))) (g 1))) (newline)
(display (guard (e ((error-object? e) (error-object-message e))) (cons 1))) (newline)
(display (guard (e ((error-object? e) (error-object-message e))) (car 1 2))) (newline)
