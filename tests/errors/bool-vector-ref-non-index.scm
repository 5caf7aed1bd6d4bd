; EXPECT-STATUS: 70
; EXPECT-STDERR: bool-vector-ref-non-index.scm:8:10:
; EXPECT-STDERR: vector-ref:
; EXPECT-STDERR: x
; A vector of booleans kept as bytes (infer.c, Ast.boolvec) reports a bad index like any vector.
(define v (vector #t #f))
(define (index) (if (vector-ref v 0) 'x 0))
(display (vector-ref v (index)))
