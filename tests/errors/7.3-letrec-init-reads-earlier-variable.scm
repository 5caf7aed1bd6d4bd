; EXPECT-STATUS: 70
; EXPECT-STDERR: 7.3-letrec-init-reads-earlier-variable.scm:8:46: x: variable used before its definition
; EXPECT-STDOUT: start
; letrec (R7RS 4.2.2, 7.3) assigns its variables only after every init has run: y's init
; reads x before x is assigned, an error (Chez raises it too), where letrec* would give 2.
(display "start") (newline)
(display (letrec ((x (call/cc (lambda (k) 1)))
                  (y (call/cc (lambda (k) (+ x 1)))))
           (list x y)))
(newline)
