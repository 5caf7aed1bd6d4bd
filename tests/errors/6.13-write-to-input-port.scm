; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.13-write-to-input-port.scm:10:1: write-char: expected an output port, got #<input port string>
; EXPECT-STDOUT: (#<input port string> #<binary output port bytevector> #<output port standard output>)
; Writing to an input port is an error (R7RS 6.13.3); the message names the procedure and
; shows the port as the printer does: its direction, and string, bytevector, a file's name or
; a standard port (it said #<port>, the same for every port).
(define p (open-input-string "abc"))
(write (list p (open-output-bytevector) (current-output-port)))
(newline)
(write-char #\a p)
(display "not reached") (newline)
