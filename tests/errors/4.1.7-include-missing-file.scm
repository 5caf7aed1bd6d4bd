; EXPECT-STATUS: 1
; EXPECT-STDERR: 4.1.7-include-missing-file.scm:5:10: error: cannot include
; EXPECT-STDERR: no-such-file.scm
; Including a file that cannot be read is a compile error at its name (R7RS 4.1.7).
(include "no-such-file.scm")
