; EXPECT-STATUS: 1
; EXPECT-STDERR: malformed-let-binding.scm:5:
; EXPECT-STDERR: error:
; A let binding without an init (R7RS 4.2.2).
(let ((x)) x)
