; R7RS 2.1 and 7.1.1: |...| identifiers take the string escapes (\t \n \x3bb; \| \\). Chez
; Scheme 9.5 departs: it keeps a backslash inside bars as it is.
(define (show x) (write x) (newline))
(show (map symbol->string '(|x\ty| |\x3bb;| |a\|b| |back\\slash| |line\nbreak|)))
(show (map string-length (map symbol->string '(|x\ty| |\x3bb;| |a\|b| |back\\slash|))))
(show '(|x\ty| |\x3bb;| |a\|b| |back\\slash|))
