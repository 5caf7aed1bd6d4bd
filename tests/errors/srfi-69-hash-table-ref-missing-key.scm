; EXPECT-STATUS: 70
; EXPECT-STDERR: srfi-69-hash-table-ref-missing-key.scm:8:1: hash-table-ref: key not found: b
; EXPECT-STDOUT: 1
; hash-table-ref of a missing key without a failure thunk is an error (SRFI 69).
(define h (make-hash-table))
(hash-table-set! h 'a 1)
(display (hash-table-ref h 'a)) (newline)
(hash-table-ref h 'b)
