; SRFI 2 and-let* from lib/srfi/2.sld: each kind of clause ((var expr), (expr), a bound
; variable), the value with and without a body, scoping of later clauses, short-circuiting,
; a body with definitions. Examples from the SRFI's text; expected output from Chez Scheme 9.5
; running the same program after the library's definition:
; tests/srfi/chez.sh tests/run/srfi-2-and-let.scm lib/srfi/2.sld
(import (scheme base) (scheme write) (srfi 2))
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))
(show (and-let* ()) (and-let* () 1) (and-let* () 1 2))
(show (and-let* ((x 5))) (and-let* ((x #f))) (and-let* (((+ 1 2)))))
(define x 7)
(show (and-let* (x)) (and-let* (x) 'body) (and-let* ((x #f) (y (car 5))) 'never))
(show (and-let* ((x 5) ((> x 3)) (y (* x 2))) (+ x y)) (and-let* ((x 5) ((> x 30)) (y (* x 2))) (+ x y)))
(define (look key alist) (and-let* ((p (assq key alist)) (v (cdr p)) ((number? v))) (* v 10)))
(show (look 'a '((a . 1))) (look 'b '((a . 1))) (look 'a '((a . z))) (look 'a '((a . #f))))
(define count 0)
(show (and-let* (((begin (set! count (+ count 1)) #f)) ((begin (set! count (+ count 10)) #t))) 'no) count)
(show (and-let* ((s "abc") (n (string-length s)) ((= n 3))) (define twice (* 2 n)) (list s twice)))
(show (and-let* ((x 1) (x (+ x 1)) (x (* x 10))) x))
