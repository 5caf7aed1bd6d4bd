; EXPECT-STATUS: 70
; EXPECT-STDERR: wrong number of arguments: expected at least 2, got 1
; Too few arguments to a known procedure with a rest parameter: an error when the call runs.
(define (g a b . rest) (list a b rest))
(g 1)
