; EXPECT-STATUS: 70
; EXPECT-STDOUT: wrong number of arguments: expected 1, got 2 (the procedure at tests/errors/arity-through-variable-location.scm:10:1)
; EXPECT-STDERR: arity-through-variable-location.scm:15:10: wrong number of arguments: expected 2, got 1 (the procedure at tests/errors/arity-through-variable-location.scm:11:11)
; A procedure called through a variable with the wrong number of arguments: the error names
; the call (rt_call_loc, which every call that sets the argument count sets), then the
; procedure's definition (before 2026-11-28 it named only the definition, far from the
; mistake). The first error is caught (its message names the procedure); the second ends the
; program, named at its call.
(import (scheme base) (scheme write))
(define (f x) x)
(define g (lambda (a b) (+ a b)))
(define (apply-it h) (h 1 2))
(guard (e (#t (display (error-object-message e)) (newline))) (apply-it f))
(define procs (list g f))
(display ((car procs) 1))
