; Macros expanding into derived forms (R7RS 4.3.2): cond with => and else, case with else,
; do, quasiquote, assert, define-record-type and define-values from templates, each keeping
; its meaning under user bindings of else, =>, if and the loop variable.
; Expected output: Chez Scheme with a syntax-rules stand-in for R7RS define-record-type.
(define-syntax my-if
  (syntax-rules () ((_ c a b) (cond (c => (lambda (x) a)) (else b)))))
(write (let ((else #f) (=> 'user)) (my-if 1 'yes 'no))) (newline)
(define-syntax def-rec
  (syntax-rules () ((_ name mk pred get) (define-record-type name (mk v) pred (v get)))))
(def-rec thing make-thing thing? thing-v)
(write (thing-v (make-thing 9))) (newline)
(define-syntax qq (syntax-rules () ((_ a) `(a ,a ,@(list a a)))))
(write (let ((x 3)) (qq x))) (newline)
(define-syntax my-do
  (syntax-rules () ((_ n body) (do ((i 0 (+ i 1))) ((= i n)) body))))
(let ((i 'user-i) (if list)) (my-do 3 (display i))) (newline)
(define-syntax assert-pos (syntax-rules () ((_ x) (assert (> x 0)))))
(assert-pos 5)
(write (let loop ((i 0)) (if (< i 3) (loop (+ i 1)) i))) (newline)
(define-syntax make-adder (syntax-rules () ((_ n) (lambda (x) (+ x n)))))
(write ((make-adder 10) 5)) (newline)
(define-syntax my-case (syntax-rules () ((_ k) (case k ((1) 'one) (else 'other)))))
(write (let ((else 1)) (list (my-case 1) (my-case 2)))) (newline)
(define-values (p q) (values 1 2))
(write (+ p q)) (newline)
