; EXPECT-STATUS: 1
; EXPECT-STDERR: 2.4-datum-label-misuse.scm:8:11: error: datum label #1# is not defined before it
; EXPECT-STDERR: 2.4-datum-label-misuse.scm:9:11: error: datum label #0= refers to itself
; EXPECT-STDERR: 2.4-datum-label-misuse.scm:10:17: error: datum label #0= is defined twice
; EXPECT-STDERR: 2.4-datum-label-misuse.scm:11:14: error: datum label #3= must be followed by a datum, not ')'
; R7RS 2.4: a reference before its label, a label on its own reference, a label defined
; twice in one datum, and a label with no datum are errors, each named where it is.
(display '#1#)
(display '#0=#0#)
(display '(#0=a #0=b))
(display '(a #3=))
