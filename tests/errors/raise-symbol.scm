; EXPECT-STATUS: 70
; EXPECT-STDERR: raise-symbol.scm:5:1:
; EXPECT-STDERR: my-condition
; An uncaught raise of a non-condition (R7RS 6.11).
(raise 'my-condition)
