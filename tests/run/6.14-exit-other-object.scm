; EXPECT-STATUS: 1
; exit with an object that is neither a boolean nor an exact integer (R7RS 6.14: "translated
; into an appropriate exit value") exits, with status 1 (as Chez Scheme), after running the
; after thunks of the active dynamic-winds; it raised "expected a boolean or an exact integer".
(display "start") (newline)
(dynamic-wind (lambda () (display "before") (newline))
              (lambda () (exit 'weird))
              (lambda () (display "after") (newline)))
(display "not reached") (newline)
