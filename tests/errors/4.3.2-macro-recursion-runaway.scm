; EXPECT-STATUS: 1
; EXPECT-STDERR: error: macro expansion nested more than 10000 deep
; A macro that expands into itself forever is reported, not a crash.
(define-syntax forever
  (syntax-rules () ((_ x) (forever (x)))))
(forever 1)
