; Factorials grow past the fixnum range into big integers (R7RS 6.2.6).
(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))
(write (fact 20)) (newline)
(write (fact 21)) (newline)
(write (fact 30)) (newline)
(write (fact 100)) (newline)
(write (quotient (fact 30) (fact 28))) (newline)
(write (remainder (fact 30) 1000007)) (newline)
(write (- (fact 25) (fact 25))) (newline)
