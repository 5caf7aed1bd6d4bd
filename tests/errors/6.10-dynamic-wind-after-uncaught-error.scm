; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.10-dynamic-wind-after-uncaught-error.scm:14:46: car: expected a pair, got 5
; EXPECT-STDERR: inner after
; EXPECT-STDOUT: before
; EXPECT-STDOUT: outer after
; An uncaught error ends the program as an escape to the top level would: the outstanding
; dynamic-wind after thunks run, innermost first, before it exits (as Chez Scheme does). The
; inner one runs inside the parameterize, so what it displays goes to the string port; it
; writes to the error port too. The parameterize is undone before the outer one runs.
(dynamic-wind
 (lambda () (display "before\n"))
 (lambda ()
   (parameterize ((current-output-port (open-output-string)))
     (dynamic-wind (lambda () #f) (lambda () (car 5))
                   (lambda () (display "lost\n") (display "inner after\n" (current-error-port))))))
 (lambda () (display "outer after\n")))
