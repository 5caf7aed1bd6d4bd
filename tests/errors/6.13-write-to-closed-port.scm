; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.13-write-to-closed-port.scm:7:1: write-string: cannot write to a closed port
; Writing to a closed port is an error (R7RS 6.13.1).
(define p (open-output-string))
(write-string "before" p)
(close-port p)
(write-string "x" p)
