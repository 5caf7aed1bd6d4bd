; EXPECT-STATUS: 1
; EXPECT-STDERR: lex-unexpected-close-paren.scm:4:12: error:
; A closing parenthesis without an opening one is reported where it stands.
(display 1))
