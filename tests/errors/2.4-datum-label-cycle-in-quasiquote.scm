; EXPECT-STATUS: 1
; EXPECT-STDERR: 2.4-datum-label-cycle-in-quasiquote.scm:4:19: error: this datum label makes a circular program
; R7RS 2.4 and 4.2.8: quasiquote's template must not be circular (its expansion walks it).
(display `#0=(a . #0#))
