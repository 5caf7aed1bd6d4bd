; begin (R7RS 4.2.3): sequencing in expressions, and definitions spliced at top level.
(define x 0)
(write (begin (set! x 5) (+ x 1))) (newline)
(begin (display "4 plus 1 equals ") (display (+ 4 1)) (newline))
(begin
  (define y 10)
  (define (get-y) y))
(write (get-y)) (newline)
(write (begin 1 2 3)) (newline)
(write (let ((v 1)) (begin (set! v (+ v 1))) (begin (set! v (* v 3)) v))) (newline)
