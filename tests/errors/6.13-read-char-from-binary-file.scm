; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.13-read-char-from-binary-file.scm:7:10: read-char: expected a textual input port, got a binary one ("tests/errors/6.13-read-char-from-binary-file.scm")
; Reading a character from a binary port is an error (R7RS 6.13.2: read-char takes a textual
; port); a file opened by open-binary-input-file is binary, and the error names the file.
(define p (open-binary-input-file "tests/errors/6.13-read-char-from-binary-file.scm"))
(display (read-u8 p)) (newline)
(display (read-char p)) (newline)
