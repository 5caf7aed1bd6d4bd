; apply (R7RS 6.10) spreading lists of every length around the four register arguments, and
; the comparisons and arithmetic as procedure values on two fixnums (their fast path) and on
; other numbers (issue 14).
(define (show . xs) (write xs) (newline))
(define (f . xs) xs)
(show (apply f '()) (apply f '(1)) (apply f '(1 2 3 4)) (apply f '(1 2 3 4 5 6)))
(show (apply f 1 2 3 4 5 '()) (apply f 1 2 3 '(4 5)) (apply f 1 2 3 4 5 '(6 7)))
(show (apply + '(1 2)) (apply - '(10 3)) (apply * '(6 7)) (apply + 1 2 '(3 4 5 6 7)))
(define lt <) (define gt >) (define le <=) (define ge >=) (define eq =)
(show (lt 1 2) (lt 2 1) (lt 2 2) (gt 3 1) (gt 1 3) (le 2 2) (le 3 2) (ge 2 2) (ge 1 2))
(show (eq 5 5) (eq 5 6) (eq -7 -7) (lt -3 2) (gt -3 2))
(show (lt 1 2.5) (lt 1/2 1) (eq 2 2.0) (lt 1 2 3) (lt 1 3 2) (le 1 1 2))
(show (apply lt '(1 2)) (apply ge '(2 1)) (apply eq '(4 4)) (apply lt 1 '(2 3 4 5 6)))
(show (map (lambda (p) (apply p '(3 4))) (list < > <= >= = + - *)))
(show (apply max 1 2 3 4 5 '(9 8)) (apply list (make-list 10 'x)))
