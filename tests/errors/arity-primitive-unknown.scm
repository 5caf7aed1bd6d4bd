; EXPECT-STATUS: 70
; EXPECT-STDERR: wrong number of arguments
; A primitive called through a variable with the wrong number of arguments.
(define ops (list car))
(display ((car ops) '(1) '(2)))
