; EXPECT-STATUS: 1
; EXPECT-STDERR: lex-unterminated-string.scm:4:10: error:
; An unterminated string is reported at its opening quote (R7RS 6.7).
(display "abc)
(newline)
