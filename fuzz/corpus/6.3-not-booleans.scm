; not and boolean? (R7RS 6.3).
(write (list (not #t) (not 3) (not (list 3)) (not #f) (not '()) (not (list)) (not 'nil)))
(newline)
(write (list (boolean? #f) (boolean? 0) (boolean? '()))) (newline)
(write (boolean=? #t #t)) (newline)
