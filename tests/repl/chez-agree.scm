; A REPL session whose standard output regal repl and Chez Scheme's `scheme -q` agree on
; (tests/repl.sh compares them when Chez is installed, and with chez-agree.out always).
(+ 1 2)
(define (fact n)
  (if (= n 0)
      1
      (* n (fact (- n 1)))))
(fact 20)
(fact 30)
"a string"
#\a
'(1 . 2)
'sym
3.5
(/ 1 3)
(exact->inexact 1/3)
(list 1 "two" #\3 'four 5.0)
(vector 1 2 3)
`(1 ,(+ 1 1) ,@(list 3 4))
(values 1 2)
(values)
(if #f #f)
(display "no newline after display")
(newline)
(define x 10)
(set! x (+ x 1))
x
(car '())
x
(undefined-variable)
(let loop ((i 0)) (if (< i 1000000) (loop (+ i 1)) i))
(define (ev? n) (if (= n 0) #t (od? (- n 1))))
(define (od? n) (if (= n 0) #f (ev? (- n 1))))
(ev? 100001)
(define-syntax my-or
  (syntax-rules () ((_) #f) ((_ e) e) ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))
(my-or #f #f 7)
(map (lambda (x) (* x x)) '(1 2 3))
(for-each display '(1 2 3))
(newline)
(call-with-current-continuation (lambda (k) (+ 1 (k 41))))
(with-exception-handler (lambda (e) 10) (lambda () (+ 1 (raise-continuable 'c))))
(guard (e (#t (list 'caught e))) (raise 'boom))
(apply + 1 2 '(3 4))
(string-append "a" "b") (string->list "xy")
(+ 1
   2
   3)
