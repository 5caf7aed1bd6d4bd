; (srfi 8) receive and (srfi 39) make-parameter and parameterize, built into the compiler,
; imported by name, next to a (scheme base) without them. (Chez 9.5 applies a parameter's
; converter again when parameterize restores it, so p is not shown after one.) Expected
; output from Chez Scheme 9.5 on the same program: tests/srfi/chez.sh tests/run/srfi-8-39-libraries.scm
(import (only (scheme base) define values quote list * lambda write-char) (scheme write) (srfi 8) (srfi 39))
(define (show x) (write x) (write-char #\newline))
(receive (q r) (values 7 2) (show (list q r)))
(receive all (values 1 2 3) (show all))
(receive (a . rest) (values 1 2 3) (show (list a rest)))
(define p (make-parameter 10 (lambda (x) (* x 2))))
(define q (make-parameter 'q))
(show (list (p) (q)))
(parameterize ((q 'once)) (show (q)))
(show (q))
(parameterize ((p 3) (q 'inner)) (show (list (p) (q))))
