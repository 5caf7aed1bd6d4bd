; EXPECT-STATUS: 70
; EXPECT-STDERR: no-clause-matches
; EXPECT-STDOUT: before
; A condition no guard clause accepts is raised again; uncaught, it ends the program (R7RS 4.2.7).
(display "before") (newline)
(guard (e ((string? e) 'string))
  (raise 'no-clause-matches))
(display "not reached") (newline)
