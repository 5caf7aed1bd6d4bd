; EXPECT-STATUS: 70
; EXPECT-STDERR: cdr-empty-list.scm:6:5:
; EXPECT-STDERR: cdr: expected a pair, got ()
; cdr of the empty list (R7RS 6.4), inside a procedure.
(define (second l)
    (cdr l))
(second '())
