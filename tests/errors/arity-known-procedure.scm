; EXPECT-STATUS: 1
; EXPECT-STDERR: arity-known-procedure.scm:6:10: error:
; A call to a known procedure with the wrong number of arguments is a compile error.
(define (f x) x)
(display "never runs")
(display (f 1 2))
