; EXPECT-STATUS: 1
; EXPECT-STDERR: malformed-define.scm:4:1: error:
; (define 5 6) does not name a variable (R7RS 5.3).
(define 5 6)
