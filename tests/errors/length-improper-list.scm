; EXPECT-STATUS: 70
; EXPECT-STDERR: length-improper-list.scm:5:10:
; EXPECT-STDERR: length:
; length of an improper list (R7RS 6.4: its argument must be a proper list).
(display (length (cons 1 2)))
