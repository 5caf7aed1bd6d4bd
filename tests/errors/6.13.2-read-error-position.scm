; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.13.2-read-error-position.scm:9:10: read: unexpected closing parenthesis at line 2, column 6 of a string port
; EXPECT-STDOUT: (a b)
; EXPECT-STDOUT: (c)
; An uncaught read error (R7RS 6.13.2) names the call of read and the place in the port.
(define p (open-input-string "(a b)\n  (c)) d"))
(write (read p)) (newline)
(display (read p)) (newline)
(display (read p))
