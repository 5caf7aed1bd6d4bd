; EXPECT-STATUS: 70
; EXPECT-STDERR: tests/errors/substring-start-past-end.scm:6:16: substring: start index 4 is past end index 2 (string of length 6)
; A start past the end names both indexes and the sequence's length (it named the end as the
; length: "index 4 out of range for string of length 2", for a string of 6). vector-copy and the
; other [start, end) procedures share the check (runtime/rtlib.h, rt_range_args).
(display (list (substring "abcdef" 4 2)))
