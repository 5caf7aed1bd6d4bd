; Nested quasiquote (R7RS 4.2.8): inner levels stay quoted, only the outermost unquotes.
(write `(a `(b ,(+ 1 2) ,(foo ,(+ 1 3) d) e) f)) (newline)
(write (let ((name1 'x) (name2 'y)) `(a `(b ,,name1 ,',name2 d) e))) (newline)
(write `(1 `,(+ 1 ,(+ 2 3)) 4)) (newline)
