;; guard (R7RS 4.2.7): an unmatched condition is raised again by raise-continuable within the
;; dynamic environment of the original raise (compiler/derive.c, derive_guard)
(import (scheme base) (scheme write))

(define trace '())
(define (note x) (set! trace (cons x trace)))
(define (show x) (write x) (newline))
(define (show-trace) (show (reverse trace)) (set! trace '()))

;; what the outer handler returns goes back to the raise-continuable
(show (with-exception-handler
       (lambda (e) 42)
       (lambda ()
         (guard (e ((string? e) 'string))
           (+ 100 (raise-continuable 'not-a-string))))))

;; the dynamic environment of the raise: parameters and dynamic-wind are entered again
(define p (make-parameter 'outer))
(show (with-exception-handler
       (lambda (e) (note (list 'handler-sees (p))) 0)
       (lambda ()
         (guard (e ((string? e) 'string))
           (parameterize ((p 'inner))
             (dynamic-wind (lambda () (note 'in))
                           (lambda () (raise-continuable 'x))
                           (lambda () (note 'out))))))))
(show-trace)

;; a non-continuable raise whose handler returns: a secondary exception, caught outside
(show (guard (outer (#t (list 'outer-caught (error-object? outer))))
        (with-exception-handler
         (lambda (e) 42)
         (lambda () (guard (e (#f 'no)) (+ 1 (raise 'x)))))))

;; a matching clause: the body runs after unwinding, once
(show (guard (e ((symbol? e) (note (list 'caught e (p))) 'sym))
        (parameterize ((p 'inner))
          (dynamic-wind (lambda () (note 'in))
                        (lambda () (raise 'boom))
                        (lambda () (note 'out))))))
(show-trace)

;; an impure test runs once, in the guard's dynamic environment
(show (guard (e ((begin (note (list 'test (p))) (string? e)) 'string)
                ((number? e) (* e 2)))
        (parameterize ((p 'inner))
          (dynamic-wind (lambda () (note 'in))
                        (lambda () (raise 21))
                        (lambda () (note 'out))))))
(show-trace)

;; an impure test that matches nothing: the condition goes on to the outer guard
(show (guard (outer ((symbol? outer) (list 'outer outer)))
        (guard (e ((begin (note 'tested) #f) 'never))
          (raise 'sym))))
(show-trace)

;; => clauses, else clauses, nested guards, several values
(show (guard (e ((assq 'a e) => cdr) ((assq 'b e)))
        (raise (list (cons 'a 42)))))
(show (guard (e ((assq 'a e) => cdr) ((assq 'b e)))
        (raise (list (cons 'b 23)))))
(show (guard (e (else (list 'else e))) (raise 'anything)))
(show (guard (e ((string? e) 'inner-string))
        (guard (e2 ((number? e2) 'inner-number))
          (raise "text"))))
(show (call-with-values (lambda () (guard (e (#f 'no)) (values 1 2 3))) list))
(show (guard (e ((error-object? e) (error-object-message e)))
        (guard (e2 ((symbol? e2) 'sym))
          (error "an error" 1 2))))

;; a re-raise through two guards without a match, back to the raise-continuable
(show (with-exception-handler
       (lambda (e) (* e 10))
       (lambda ()
         (guard (a ((string? a) 'a))
           (guard (b ((symbol? b) 'b))
             (+ 1 (raise-continuable 4)))))))

;; many conditions taken by guards without else, in a loop
(define (try i) (guard (e ((symbol? e) 1) ((string? e) 2)) (if (odd? i) (raise 'odd) (raise "even"))))
(show (let loop ((i 0) (acc 0)) (if (= i 10000) acc (loop (+ i 1) (+ acc (try i))))))
