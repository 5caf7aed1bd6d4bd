; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.13-write-u8-to-textual-port.scm:8:1: write-u8: expected a binary output port, got a textual one (a string port)
; EXPECT-STDOUT: before
; Writing a byte to a textual port is an error (R7RS 6.13.3: write-u8 takes a binary port);
; it raises, naming the procedure and what the port is.
(display "before") (newline)
(define p (open-output-string))
(write-u8 65 p)
(display "not reached") (newline)
