; EXPECT-STATUS: 1
; EXPECT-STDERR: include/4.1.7-bad.scm:2:2: error: unbound variable 'undefined-in-included-file'
; Errors in an included file are reported at their place in that file (R7RS 4.1.7).
(include "include/4.1.7-bad.scm")
