; EXPECT-STATUS: 70
; EXPECT-STDERR: bool-vector-index-out-of-range.scm:9:19:
; EXPECT-STDERR: vector-set!:
; EXPECT-STDERR: 8
; A vector of booleans kept as bytes (infer.c, Ast.boolvec) reports a bad index like any vector.
(define v (make-vector 8 #f))
(vector-set! v 7 #t)
(display (vector-ref v 7))
(let loop ((i 0)) (vector-set! v i #t) (loop (+ i 1)))
