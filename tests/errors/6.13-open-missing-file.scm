; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.13-open-missing-file.scm:6:11: open-input-file: cannot open "/nonexistent/missing.txt": No such file or directory
; EXPECT-STDOUT: start
; Opening a file that does not exist raises a file error (R7RS 6.13.1).
(display "start") (newline)
(define p (open-input-file "/nonexistent/missing.txt"))
(display (read-line p))
