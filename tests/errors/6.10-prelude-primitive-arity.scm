; EXPECT-STATUS: 70
; EXPECT-STDERR: cons: wrong number of arguments: expected 2, got 1
; EXPECT-STDOUT: before
; A primitive given to map with a count it does not accept is an error when it is called (the
; template keeps such a call unknown), not when the program is compiled; the output before it
; is written first.
(display "before")
(newline)
(display (map cons '(1 2)))
