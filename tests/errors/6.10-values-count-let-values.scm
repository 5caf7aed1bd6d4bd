; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.10-values-count-let-values.scm:6:3: wrong number of values: expected 1, got 2
; A continuation that takes one value given two (R7RS 6.10): let-values, inlined by
; simplify.c, checks the count where its producer returns (%values-ref).
(define (two) (values 1 2))
  (let-values (((a) (two))) (write a))
