; EXPECT-STATUS: 1
; (exit #f) exits abnormally (R7RS 6.14): status 1.
(display "failing")
(newline)
(exit #f)
