; EXPECT-STATUS: 1
; emergency-exit (R7RS 6.14) translates its object as exit does (a string: status 1; it
; raised), flushes the output, and runs no after thunk of the active dynamic-winds.
(display "start") (newline)
(dynamic-wind (lambda () (display "before") (newline))
              (lambda () (emergency-exit "weird"))
              (lambda () (display "after") (newline)))
(display "not reached") (newline)
