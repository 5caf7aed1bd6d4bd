;; Procedures as values (issue 14): inference follows which lambdas a value may be (closure
;; sites), so calls through variables, data structures and higher-order procedures get the
;; types and regions of those lambdas; a lambda that reaches code inference cannot see (apply,
;; sort, hash tables, call/cc, dynamic-wind, a global assigned twice) takes anything.
;; Checked against Chez up to the hash table (Chez 9.5 has no SRFI 69); the rest by hand.
(define (compose f g) (lambda (x) (f (g x))))
(define (adder k) (lambda (x) (+ x k)))
(define (twice f) (lambda (x) (f (f x))))
(define inc (adder 1))
(display ((compose inc (lambda (x) (* x 3))) 5)) (newline)                 ; 16
(display ((twice (twice inc)) 0)) (newline)                                ; 4
(define ops (list (cons 'add +) (cons 'mul *) (cons 'cat (lambda (a b) (list a b)))))
(define (apply-op name a b) ((cdr (assq name ops)) a b))
(display (list (apply-op 'add 2 3) (apply-op 'mul 2 3) (apply-op 'cat 2 3))) (newline)
(define v (vector car cdr (lambda (p) (cons (cdr p) (car p)))))
(display (map (lambda (i) ((vector-ref v i) '(1 . 2))) '(0 1 2))) (newline)
(define (make-counter)
  (let ((n 0)) (lambda () (set! n (+ n 1)) n)))
(define c1 (make-counter))
(define c2 (make-counter))
(c1) (c1) (c2)
(display (list (c1) (c2))) (newline)                                       ; (3 2)
(display (apply (lambda args (length args)) 1 2 '(3 4))) (newline)          ; 4
(display (list-sort (lambda (a b) (< a b)) '(3 1 2))) (newline)             ; (1 2 3)
(define h (make-hash-table))
(hash-table-set! h 'f (lambda (x) (* x x)))
(display ((hash-table-ref h 'f (lambda () #f)) 7)) (newline)               ; 49
(display (call-with-current-continuation (lambda (k) (+ 1 (k 41))))) (newline)  ; 41
(define saved #f)
(dynamic-wind (lambda () #f) (lambda () (set! saved (lambda (x) (list 'saved x)))) (lambda () #f))
(display (saved 1)) (newline)
(define g (lambda (x) (+ x 1)))
(define (use-g y) (g y))
(display (use-g 1)) (newline)
(set! g (lambda (x) (string-append x "!")))
(display (use-g "hi")) (newline)
(define (pick b) (if b (lambda (x) (* 2 x)) (lambda (x) (list x))))
(display (list ((pick #t) 4) ((pick #f) 4))) (newline)
(define (fold-procs l x) (if (null? l) x (fold-procs (cdr l) ((car l) x))))
(display (fold-procs (list inc (adder 10) (lambda (x) (* x x))) 1)) (newline)  ; 144
(define (deep n) (if (= n 0) (lambda (x) x) (let ((f (deep (- n 1)))) (lambda (x) (f (+ x 1))))))
(display ((deep 1000) 0)) (newline)
(define lst (map (lambda (k) (lambda () k)) '(a b c)))
(display (map (lambda (th) (th)) lst)) (newline)
(define (maybe-call f) (if (procedure? f) (f 1) 'none))
(display (list (maybe-call inc) (maybe-call 5))) (newline)
(display (vector-map (lambda (f) (f 2)) (vector inc (adder 5) -))) (newline)
(display (with-exception-handler (lambda (e) 0) (lambda () (+ 1 (raise-continuable 'oops))))) (newline)
