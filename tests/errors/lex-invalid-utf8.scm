; EXPECT-STATUS: 1
; EXPECT-STDERR: lex-invalid-utf8.scm:4:12: error:
; A byte that is not UTF-8 (here 0xFF in a string) is a compile error at its location.
(display "aÿb")
