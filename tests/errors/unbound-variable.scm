; EXPECT-STATUS: 1
; EXPECT-STDERR: unbound-variable.scm:5:15: error:
; EXPECT-STDERR: undefined-thing
; An unbound variable is reported at the identifier (R7RS 4.1.1).
(display (+ 1 undefined-thing))
