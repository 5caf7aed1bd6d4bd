; EXPECT-STATUS: 1
; EXPECT-STDERR: malformed-lambda.scm:4:11: error:
; (lambda) has neither formals nor body (R7RS 4.1.4).
(define f (lambda))
