; EXPECT-STATUS: 1
; EXPECT-STDERR: 4:1: error: define-library is not supported
; Libraries are not supported yet (R7RS 5.6.1); the error says so.
(define-library (my lib) (export f) (import (scheme base)) (begin (define (f) 1)))
