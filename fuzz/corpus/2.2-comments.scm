; Comments (R7RS 2.2): line comments, nested block comments, datum comments.
(display 1) ; a line comment after a form
(newline)
#| a block comment
   #| nested |#
   (display "not shown")
|#
(display #| inline |# 2)
(newline)
(display '(a #;(hidden datum) b #; c d))
(newline)
#;(display "skipped")
(display (+ 1 #;100 2))
(newline)
;; a final comment without a newline at the end of the file
;; no newline at end