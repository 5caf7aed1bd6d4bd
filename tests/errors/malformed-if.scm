; EXPECT-STATUS: 1
; EXPECT-STDERR: malformed-if.scm:4:10: error:
; (if) has no test (R7RS 4.1.5).
(display (if))
