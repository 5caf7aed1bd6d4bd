; EXPECT-STATUS: 0
; (exit #t) exits normally (R7RS 6.14).
(display "bye")
(newline)
(exit #t)
(display "not reached")
