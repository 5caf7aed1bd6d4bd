; EXPECT-STATUS: 70
; EXPECT-STDERR: error-with-irritants.scm:5:3: error: boom 1 2
; An uncaught (error "msg" irritant ...) (R7RS 6.11) prints the message and the irritants.
(define (check x)
  (error "boom" 1 2))
(check 0)
