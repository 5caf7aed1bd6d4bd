; EXPECT-STATUS: 1
; EXPECT-STDERR: lex-unterminated-block-comment.scm:5:3: error:
; An unterminated block comment is reported where it starts (R7RS 2.2).
(display 1)
  #| this comment
   #| nested |#
   never ends
(display 2)
