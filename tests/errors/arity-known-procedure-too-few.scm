; EXPECT-STATUS: 1
; EXPECT-STDERR: arity-known-procedure-too-few.scm:5:1: error:
; Too few arguments to a known procedure with a rest parameter is a compile error.
(define (g a b . rest) (list a b rest))
(g 1)
