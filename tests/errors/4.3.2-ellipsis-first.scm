; EXPECT-STATUS: 1
; EXPECT-STDERR: 4.3.2-ellipsis-first.scm:6:17: error: misplaced ellipsis in syntax-rules pattern
; Two ellipses at one level of a pattern are an error (R7RS 4.3.2).
(define-syntax bad
  (syntax-rules ()
    ((_ a ... b ...) 'no)))
