; EXPECT-STATUS: 70
; EXPECT-STDOUT: runs
; EXPECT-STDERR: arity-known-procedure.scm:6:1: wrong number of arguments: expected 1, got 2
; A call to a known procedure with the wrong number of arguments is an error when it runs
; (R7RS), reported by the procedure (at its definition); the compiler only warns.
(define (f x) x)
(display "runs")
(newline)
(display (f 1 2))
