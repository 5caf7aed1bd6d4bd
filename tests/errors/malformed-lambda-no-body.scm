; EXPECT-STATUS: 1
; EXPECT-STDERR: malformed-lambda-no-body.scm:4:11: error:
; A lambda needs at least one body expression (R7RS 4.1.4).
(define f (lambda (x)))
