; R7RS 2.1: #!fold-case folds the identifiers and character names after it, as
; string-foldcase does (Unicode full folding: ß and SS both become ss); #!no-fold-case stops
; it; |...| identifiers are never folded. (Chez Scheme 9.5 reads this file the same way.)
(define (show x) (write x) (newline))
(show 'ABC)
#!fold-case
(DEFINE (SHOW2 X) (WRITE X) (NEWLINE))
(SHOW2 'ABC)
(SHOW2 (EQ? 'STRASSE 'Straße))
(SHOW2 '|MiXed|)
(SHOW2 (LIST #\SPACE #\NewLine #\A))
(SHOW2 '(ΧΑΟΣ))
#!no-fold-case
(show 'ABC)
(show (eq? 'abc 'ABC))
