; R7RS 6.2.6 integer division, inline (issue 14): quotient remainder modulo and the floor-/truncate-
; forms on fixnums, their boundaries (the most negative fixnum by -1 and by 1), bignum and
; flonum operands, a zero divisor; and dividends that are trees of + - * computed in __int128
; (a linear congruential generator, products of the largest fixnums). Checked against Chez.
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))
(define (ops a b) (list (quotient a b) (remainder a b) (modulo a b) (floor-quotient a b) (floor-remainder a b) (truncate-quotient a b) (truncate-remainder a b)))
(for-each (lambda (p) (show (ops (car p) (cdr p))))
  (list (cons 17 5) (cons -17 5) (cons 17 -5) (cons -17 -5) (cons 0 3) (cons -1152921504606846976 -1) (cons -1152921504606846976 1)
        (cons 123456789012345678901234567890 7) (cons 17 5.0) (cons -17.0 5)))
(define seed 42)
(define (rand) (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648)) seed)
(let* ((a (rand)) (b (rand)) (c (rand))) (show a b c))
(define (w a b c m) (list (modulo (+ (* a b) c) m) (remainder (- (* a b) c) m) (quotient (* a b) m) (floor-quotient (* a b) m)))
(show (w 1152921504606846975 1152921504606846975 3 1000000007))
(show (w -1152921504606846976 1152921504606846975 -3 -1000000007))
(show (w 1 2 3 4.0))
(show (w 123456789012345678901234567890 3 1 97))
(show (guard (e (#t (error-object-message e))) (modulo 5 0)))
(show (guard (e (#t (error-object-message e))) (w 1 2 3 0)))
