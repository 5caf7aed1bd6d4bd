; EXPECT-STATUS: 70
; EXPECT-STDERR: 5.3.1-global-read-before-define-no-call.scm:6:23: c: variable used before its definition
;; R7RS 5.3.1: top-level code that reads a global before its define, with no call before it
;; (so its other references need no check, analyze.c Var.init_first), still raises an error.
(define a (vector 1 2))
(define b (vector-ref c 0))
(define c (vector 3 4))
(define (f) c)
(display (f))
