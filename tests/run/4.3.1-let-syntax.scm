; let-syntax and letrec-syntax (R7RS 4.3.1), and define-syntax inside a body (R7RS 5.4).
(write (let-syntax ((foo (syntax-rules () ((_ a) (* a 2)))))
         (foo 21)))
(newline)

;; let-syntax: the transformer's free identifiers refer to the outer scope
(write (let ((x 'outer))
         (let-syntax ((get-x (syntax-rules () ((_) x))))
           (let ((x 'inner))
             (get-x)))))
(newline)

;; letrec-syntax: recursive local macros
(write (letrec-syntax
           ((my-and (syntax-rules ()
                      ((_) #t)
                      ((_ e) e)
                      ((_ e r ...) (if e (my-and r ...) #f)))))
         (list (my-and) (my-and 1 2 3) (my-and 1 #f 3))))
(newline)

;; R7RS 4.3.1 example: let-syntax sees the outer my-or... here a simpler classic
(write (let ((=> #f))
         (cond (#t => 'ok))))
(newline)

;; internal define-syntax, used by a later internal definition and the body
(define (f n)
  (define-syntax sq (syntax-rules () ((_ x) (* x x))))
  (define m (sq n))
  (+ m (sq 2)))
(write (f 5)) (newline)

;; a macro that expands into definitions, at top level and in a body
(define-syntax define-two
  (syntax-rules ()
    ((_ a b v) (begin (define a v) (define b (+ v 1))))))
(define-two p q 10)
(write (list p q)) (newline)
(define (g)
  (define-two r s 20)
  (* r s))
(write (g)) (newline)

;; a macro that defines a procedure
(define-syntax define-getter
  (syntax-rules ()
    ((_ name val) (define (name) val))))
(define-getter get-seven 7)
(write (get-seven)) (newline)

;; let-syntax in a body position of lambda
(define (h x)
  (let-syntax ((inc (syntax-rules () ((_ v) (+ v 1)))))
    (inc (inc x))))
(write (h 40)) (newline)
