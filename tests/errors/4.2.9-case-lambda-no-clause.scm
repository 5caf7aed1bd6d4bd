; EXPECT-STATUS: 70
; EXPECT-STDERR: case-lambda: no clause matches
; A call that no case-lambda clause accepts is an error (R7RS 4.2.9).
(define f (case-lambda ((a) a) ((a b c) c)))
(write (f 1 2))
