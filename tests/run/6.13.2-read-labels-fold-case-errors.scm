; R7RS 6.13.2 read, with the syntax of 2.1 (#!fold-case), 2.4 (datum labels) and R5RS's
; exponent markers; a read error names the line and column in the port. (Chez Scheme 9.5
; reads the same data; its messages differ.)
(define (show x) (write x) (newline))
(define (rd s) (read (open-input-string s)))
(show (rd "#0=(1 2 . #0#)"))
(show (rd "(#0=(a b) #0# #0#)"))
(show (let ((x (rd "(#0=(a b) #0#)"))) (eq? (car x) (cadr x))))
(show (rd "#0=#(1 #0# #1=(x . #1#))"))
(show (rd "(#0=a #1=#0# #1#)"))
(show (rd "#0='#0#"))
(show (rd "#123=(#123# . #123#)"))
(show (map rd '("1s2" "1f2" "1d2" "1l2" "1.5S1" "-2e-1" "#x1d2" "#i1L2" "#e1.5d1" "1s" "s1")))
; #!fold-case lasts for the rest of the port, across reads, until #!no-fold-case
(define p (open-input-string "ABC #!fold-case ABC |AbC| Ab|C|d #\\SPACE #\\A Straße #T #!no-fold-case ABC"))
(let loop ((d (read p))) (unless (eof-object? d) (write d) (display " ") (loop (read p))))
(newline)
; Unicode whitespace separates data
(show (rd "(a\x3000;b\xa0;c\x2028;d)"))
(define (read-error-message s)
  (guard (c ((read-error? c) (error-object-message c)))
    (let ((p (open-input-string s)))
      (let loop ((d (read p))) (if (eof-object? d) 'no-error (loop (read p)))))))
(for-each (lambda (s) (display (read-error-message s)) (newline))
  '("(1 2" "(a\n b))" "#1#" "#0=#0#" "#0=(#0=1)" "\"abc" "#\\nosuch" "#q" "(1 . )" "#(1 . 2)"
    "#u8(1 300)" "  #| never" "\"a\\qb\"" "x\n  y\n   (1 2 3" "(a . b c)" "#!fold-case #\\NOSUCH"))
; positions in a file port count lines and columns (characters, not bytes)
(call-with-output-file "/tmp/regal-read-position.txt"
  (lambda (o) (display "(ok)\n; λλλ\n  (λ . )\n" o)))
(define f (open-input-file "/tmp/regal-read-position.txt"))
(show (read f))
(display (guard (c ((read-error? c) (error-object-message c))) (read f))) (newline)
(close-port f)
(delete-file "/tmp/regal-read-position.txt")
