; EXPECT-STATUS: 1
; EXPECT-STDERR: lex-invalid-token.scm:4:10: error:
; `#q` is not a token of R7RS lexical syntax (7.1.1).
(display #q)
