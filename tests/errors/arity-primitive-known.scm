; EXPECT-STATUS: 70
; EXPECT-STDOUT: start
; EXPECT-STDERR: tests/errors/arity-primitive-known.scm:8:8: car: wrong number of arguments: expected 1, got 2
; A primitive called by name with the wrong number of arguments (the compiler warns) is an
; error when the call runs, after its arguments, and the message names the call's place: the
; call goes straight to the error, not through the primitive's closure, which has no location.
(display "start") (newline)
(write (car (begin (display "") (list 1)) (list 2)))
