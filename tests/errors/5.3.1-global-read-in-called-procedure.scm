; EXPECT-STATUS: 70
; EXPECT-STDERR: 5.3.1-global-read-in-called-procedure.scm:6:15: later: variable used before its definition
;; R7RS 5.3.1: a procedure called by the top level before a global's define (a known procedure
;; that calls nothing, which analyze.c looks into: Var.init_first) reads it before its
;; definition: still an error.
(define (get) later)
(define x (get))
(define later 1)
(define (f) later)
(display (f))
