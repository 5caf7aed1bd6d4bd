; EXPECT-STATUS: 70
; EXPECT-STDOUT: start
; EXPECT-STDERR: error-no-irritants.scm:7:5: error: something went wrong
; (error "msg") without irritants (R7RS 6.11), raised from a nested procedure.
(define (outer) (+ 1 (inner)))
(define (inner)
    (error "something went wrong"))
(display "start")
(newline)
(outer)
