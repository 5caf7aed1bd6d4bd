; Keywords are ordinary identifiers (R7RS 4.1.1, 4.3): a local variable named like a syntactic
; keyword shadows it.
(write (let ((if list)) (if 1 2 3))) (newline)
(write (let ((quote (lambda (x) (* x 2)))) (quote 21))) (newline)
(define (f list when) (when list))
(write (f 5 (lambda (x) (+ x 1)))) (newline)
(write (if #t 'if-works-again 'no)) (newline)
