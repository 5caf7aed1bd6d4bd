; EXPECT-STATUS: 1
; EXPECT-STDERR: 4.3.3-syntax-error.scm:9:1: error: pair needs two parts (1)
; syntax-error (R7RS 4.3.3) reports its message and arguments when a macro expands to it.
(define-syntax pair
  (syntax-rules ()
    ((_ a b) (cons a b))
    ((_ . rest) (syntax-error "pair needs two parts" rest))))
(display (pair 1 2))
(pair 1)
