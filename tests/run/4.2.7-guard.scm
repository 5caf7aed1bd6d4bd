; guard (R7RS 4.2.7): clauses with =>, else, several values from the body, re-raising when no
; clause matches, and nesting with with-exception-handler and dynamic-wind.
; Expected output: Chez Scheme for every line but the error-object one (Chez 9.5 has R6RS
; conditions), which follows R7RS 6.11.
(write (guard (e (#t (list 'caught e))) (raise 'boom))) (newline)
(write (guard (e ((symbol? e) (list 'sym e)) ((string? e) (list 'str e))) (raise "s"))) (newline)
(write (guard (e ((assq 'a e) => cdr) ((assq 'b e))) (raise (list (cons 'a 42))))) (newline)
(write (guard (e ((assq 'a e) => cdr) ((assq 'b e))) (raise (list (cons 'b 23))))) (newline)
(write (guard (e (else 'else-clause)) (raise 1))) (newline)
(write (guard (e (#t 'unused)) 'no-raise)) (newline)
(call-with-values (lambda () (guard (e (#t 0)) (values 1 2 3)))
  (lambda args (write args) (newline)))
;; error objects
(write (guard (e ((error-object? e) (list (error-object-message e) (error-object-irritants e))))
         (error "bad thing" 1 2)))
(newline)
;; no clause matches: re-raised to the outer guard
(write (guard (outer (#t (list 'outer outer)))
         (guard (inner ((string? inner) 'inner))
           (raise 'not-a-string))))
(newline)
;; raise-continuable with a handler that returns
(write (with-exception-handler
        (lambda (c) 10)
        (lambda () (+ (raise-continuable 'c) 1))))
(newline)
;; dynamic-wind after thunks run when guard unwinds
(define trail '())
(write (guard (e (#t (set! trail (cons 'handler trail)) e))
         (dynamic-wind
          (lambda () (set! trail (cons 'before trail)))
          (lambda () (raise 'x))
          (lambda () (set! trail (cons 'after trail))))))
(write (reverse trail)) (newline)
;; the guard variable shadows, the body can use internal defines
(define e 'global)
(write (list (guard (e (#t e)) (define y 5) (raise y)) e)) (newline)
;; guard in a loop
(define (safe-div a b) (guard (e (#t 'div-error)) (if (= b 0) (raise 'zero) (quotient a b))))
(write (map (lambda (b) (safe-div 10 b)) '(1 2 0 5))) (newline)
