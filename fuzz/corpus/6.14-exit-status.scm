; EXPECT-STATUS: 3
; exit (R7RS 6.14) with a status ends the program at once; output so far is flushed.
(display "before exit")
(newline)
(display "unterminated line")
(exit 3)
(display "after exit")
