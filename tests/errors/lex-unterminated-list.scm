; EXPECT-STATUS: 1
; EXPECT-STDERR: lex-unterminated-list.scm:5:1: error:
; An unterminated list is reported at its opening parenthesis (R7RS 7.1.2).
(display "fine")
(define (f x)
  (+ x 1)
