; R5RS's exponent markers s f d l (R7RS 7.1.1 keeps only e), which Chez Scheme and most
; Schemes still read: in the program and through read. Chez Scheme 9.5 prints the same.
(define (show x) (write x) (newline))
(show (list 1s2 1f2 1d2 1l2 1e2 1.5S1 25L-2 -2D-1 .5f1 #e1.5d1 #i1s1 #x1d2 #d1l1))
(show (map (lambda (s) (read (open-input-string s))) '("1s2" "1F2" "1.5d1" "#e2l3" "-1S-1")))
(show (map (lambda (s) (symbol? (read (open-input-string s)))) '("1s" "s1" "1s2x" "1.s")))
