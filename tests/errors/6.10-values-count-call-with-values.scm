; EXPECT-STATUS: 70
; EXPECT-STDERR: wrong number of values: expected 2, got 0
; call-with-values of literal lambdas whose producer returns no value to a consumer of two
; (R7RS 6.10): an error, not two unspecified variables.
(call-with-values (lambda () (values)) (lambda (a b) (write (list a b))))
