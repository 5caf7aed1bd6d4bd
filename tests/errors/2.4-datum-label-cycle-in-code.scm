; EXPECT-STATUS: 1
; EXPECT-STDERR: 2.4-datum-label-cycle-in-code.scm:5:25: error: this datum label makes a circular program: R7RS 2.4 allows cycles only in quoted literals
; R7RS 2.4: a program may hold circular data only in quoted literals; this one would be code
; the expander walks forever. The error names the reference that closes the cycle.
#1=(begin (display "x") #1#)
