; EXPECT-STATUS: 70
; EXPECT-STDERR: 2.1-hostile-percent-name.scm:7:15: %s%n%&%%: variable used before its definition
; EXPECT-STDOUT: before
; A global whose name is a printf format, read before its definition: its name reaches the
; generated C as a string, never as a format (issue 21).
(display "before") (newline)
(define (use) |%s%n%&%%|)
(display (use))
(define |%s%n%&%%| 1)
