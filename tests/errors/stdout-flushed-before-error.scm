; EXPECT-STATUS: 70
; EXPECT-STDOUT: line one
; EXPECT-STDOUT: partial line
; EXPECT-STDERR: stdout-flushed-before-error.scm:10:10:
; EXPECT-STDERR: car: expected a pair, got ()
; Output written before a runtime error reaches stdout (flushed before the message).
(display "line one")
(newline)
(display "partial line")
(display (car '()))
