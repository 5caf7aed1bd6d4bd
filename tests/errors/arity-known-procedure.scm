; EXPECT-STATUS: 70
; EXPECT-STDOUT: runs
; EXPECT-STDERR: arity-known-procedure.scm:10:10: wrong number of arguments: expected 1, got 2 (the procedure at tests/errors/arity-known-procedure.scm:7:1)
; A call to a known procedure with the wrong number of arguments is an error when it runs
; (R7RS), reported by the procedure, naming the call and then the procedure's definition
; (rt_call_loc); the compiler only warns.
(define (f x) x)
(display "runs")
(newline)
(display (f 1 2))
