; EXPECT-STATUS: 0
; exit with the unspecified value, here what a one-armed if returns (R7RS 6.14): success, as
; Chez Scheme's (exit (void)); it raised before.
(display "done") (newline)
(exit (if #f #f))
(display "not reached") (newline)
