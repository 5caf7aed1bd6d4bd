; EXPECT-STATUS: 70
; EXPECT-STDERR: string-ref-out-of-range.scm:6:10:
; EXPECT-STDERR: string-ref:
; EXPECT-STDERR: 5
; string-ref with an index past the end (R7RS 6.7).
(display (string-ref "abc" 5))
