; R7RS 6.13.3, 7.1.1: write prints a symbol in |...| when it would not read back as the same
; symbol (empty, holding a delimiter or #, starting like a number, +i -i +inf.0 ...), with
; R7RS escapes inside; strings and characters with every R7RS escape. read of the output gives
; back equal? data. Chez Scheme 9.5 writes such symbols with \x escapes outside bars (\x31;,
; \x2B;i), which R7RS's reader does not accept, so this output is Regal's own.
(define (show x) (write x) (newline))
(define names '("" "a b" "+i" "-i" "+I" "1" "1+" "+1" "." ".." "..." "+" "-" "->x" "+a" "+.a" "-.5"
                ".a" ".5" "@a" "a@" "#x" "a#b" "a|b" "a\\b" "x\ty" "x\ny" "(" "a;b" "'a" "a,b"
                "+inf.0" "-nan.0" "+inf.0i" "abc" "ABC" "λ" "λ😀" "a\x2028;b" "a\xa0;b"))
(for-each (lambda (n) (write (string->symbol n)) (display " ")) names)
(newline)
(define syms (map string->symbol names))
(define text (let ((p (open-output-string))) (write syms p) (get-output-string p)))
(show (equal? (read (open-input-string text)) syms))
(show "tab\t nl\n cr\r quote\" bs\\ bell\a bs\b nul\x0; esc\x1b; del\x7f; c1\x85; nbsp\xa0; ls\x2028; λ😀")
(show (list #\x0 #\x7 #\x8 #\tab #\newline #\return #\x1b #\space #\x7f #\x85 #\xa0 #\xad
            #\x3bb #\x300 #\x2028 #\xe000 #\x1F600 #\a #\( #\; #\|))
(define chars (list #\x0 #\x7f #\xa0 #\x300 #\x2028 #\x1F600 #\x10FFFF))
(show (equal? (read (open-input-string (let ((p (open-output-string))) (write chars p) (get-output-string p)))) chars))
; display writes symbols, strings and characters as they are
(display (list (string->symbol "a b") "x\ty" #\z)) (newline)
