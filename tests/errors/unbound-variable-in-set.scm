; EXPECT-STATUS: 1
; EXPECT-STDERR: unbound-variable-in-set.scm:5:7: error:
; EXPECT-STDERR: never-defined
; set! of an unbound variable is an error (R7RS 4.1.6).
(set! never-defined 5)
