; syntax-rules (R7RS 4.3.2): literals, recursion, dotted and vector patterns, _ and constants.
(define-syntax swap!
  (syntax-rules ()
    ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(define x 1)
(define y 2)
(swap! x y)
(write (list x y)) (newline)

(define-syntax my-cond
  (syntax-rules (else)
    ((_ (else e ...)) (begin e ...))
    ((_ (c e ...) clause ...) (if c (begin e ...) (my-cond clause ...)))))
(write (my-cond (#f 1) ((= 1 2) 2) (else 3))) (newline)
(write (my-cond (#t 'first) (else 'second))) (newline)

(define-syntax my-list-tail
  (syntax-rules ()
    ((_ a . rest) (quote rest))))
(write (my-list-tail 1 2 3)) (newline)
(write (my-list-tail 1)) (newline)

(define-syntax vec-first
  (syntax-rules ()
    ((_ #(a b ...)) (list 'first a 'rest b ...))))
(write (vec-first #(1 2 3))) (newline)

(define-syntax ignore-first
  (syntax-rules ()
    ((_ _ b) b)))
(write (ignore-first (car '()) 42)) (newline)

(define-syntax const-match
  (syntax-rules ()
    ((_ 0) 'zero)
    ((_ "s") 'string)
    ((_ #\c) 'char)
    ((_ #t) 'true)
    ((_ x) 'other)))
(write (list (const-match 0) (const-match "s") (const-match #\c) (const-match #t) (const-match 5)))
(newline)

(define-syntax while
  (syntax-rules ()
    ((_ cond body ...)
     (let loop () (when cond body ... (loop))))))
(define i 0)
(while (< i 5) (display i) (set! i (+ i 1)))
(newline)

(define-syntax my-let*
  (syntax-rules ()
    ((_ () body ...) (let () body ...))
    ((_ ((x v) rest ...) body ...) (let ((x v)) (my-let* (rest ...) body ...)))))
(write (my-let* ((a 1) (b (+ a 1)) (c (* b 10))) (list a b c))) (newline)

;; a macro used inside a procedure
(define-syntax twice (syntax-rules () ((_ e) (* 2 e))))
(define (use-it) (twice 21))
(write (use-it)) (newline)
