; EXPECT-STATUS: 70
; EXPECT-STDERR: wrong number of values: expected 2, got 3
; define-values with more values than formals is an error (R7RS 5.3.3).
(define-values (a b) (values 1 2 3))
(write a)
