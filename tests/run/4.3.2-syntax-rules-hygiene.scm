; Hygiene (R7RS 4.3.2): a macro's temporaries do not capture the user's variables, and the
; user's bindings of if, let, list... around a use do not change what the template means.
(define-syntax my-or
  (syntax-rules ()
    ((_) #f)
    ((_ e) e)
    ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))
(define t 5)
(write (my-or #f t)) (newline)
(write (let ((t 7)) (my-or #f t))) (newline)

;; user bindings of if, let and list around the use
(define-syntax make-pair-list
  (syntax-rules ()
    ((_ a b) (let ((x a)) (if x (list x b) (list 'none b))))))
(write (let ((if (lambda args 'user-if))
             (list vector)
             (let 'not-a-keyword))
         (make-pair-list 1 2)))
(newline)

;; a free identifier in the template refers to the global at the definition
(define (helper x) (* x 100))
(define-syntax call-helper
  (syntax-rules () ((_ v) (helper v))))
(write (let ((helper (lambda (x) 'shadowed))) (call-helper 3))) (newline)

;; quoting a template symbol gives the plain symbol
(define-syntax quoted-sym
  (syntax-rules () ((_) '(tmp if x))))
(write (quoted-sym)) (newline)
(write (eq? (car (quoted-sym)) 'tmp)) (newline)

;; swap! with variables named like its temporary
(define-syntax swap!
  (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(define tmp 'one)
(define other 'two)
(swap! tmp other)
(write (list tmp other)) (newline)

;; the template's binding is not visible to the user's expression
(define-syntax with-x
  (syntax-rules () ((_ e) (let ((x 'macro-x)) e))))
(define x 'user-x)
(write (with-x x)) (newline)

;; a binding introduced by the template is visible to the template's own references
(define-syntax let-twice
  (syntax-rules () ((_ v) (let ((y v)) (+ y y)))))
(write (let ((y 1000)) (let-twice 21))) (newline)

;; else as a literal: a user binding of else makes it an ordinary expression
(define-syntax is-else
  (syntax-rules (else) ((_ else) 'literal-else) ((_ x) 'something-else)))
(write (list (is-else else) (is-else 5) (let ((else 1)) (is-else else)))) (newline)

;; a local macro referring to a local variable of its definition scope
(define (counter-demo)
  (let ((count 0))
    (define-syntax bump! (syntax-rules () ((_) (set! count (+ count 1)))))
    (let ((count 'shadow))
      (bump!) (bump!)
      count)
    count))
(write (counter-demo)) (newline)
