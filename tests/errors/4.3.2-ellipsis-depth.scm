; EXPECT-STATUS: 1
; EXPECT-STDERR: 4.3.2-ellipsis-depth.scm:6:22: error: pattern variable used without its ellipsis in template: x
; A pattern variable under an ellipsis must be followed by an ellipsis in the template (R7RS 4.3.2).
(define-syntax bad
  (syntax-rules ()
    ((_ x ...) (list x))))
(bad 1 2)
