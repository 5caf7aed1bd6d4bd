;; symbol->string returns a fresh string: mutating it must not rename the symbol
;; (R7RS 6.5 makes the mutation an error; the symbol's name is never handed out).
(define s (symbol->string 'abc))
(string-set! s 0 #\z)
(display s) (newline)
(display 'abc) (newline)
(display (eq? 'abc (string->symbol "abc"))) (newline)
(display (symbol->string 'abc)) (newline)
(define u (symbol->string (string->symbol "λx")))
(string-set! u 0 #\y)
(display u) (newline)
(display (string->symbol "λx")) (newline)
(display (string-length (symbol->string '||))) (newline)
