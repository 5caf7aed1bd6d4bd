; receive (SRFI 8): (receive formals expr body ...) binds the values of expr.
; Expected output: Chez Scheme with receive defined by syntax-rules (Chez has no SRFI 8).
(receive (a b) (values 1 2) (write (+ a b)) (newline))
(receive (a . rest) (values 1 2 3) (write (list a rest)) (newline))
(receive all (values) (write all) (newline))
(define (div-mod n d) (values (quotient n d) (remainder n d)))
(receive (q r) (div-mod 17 5) (write (list q r)) (newline))
;; a program may define its own receive
