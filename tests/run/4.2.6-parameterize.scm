; make-parameter and parameterize (R7RS 4.2.6): converters, nesting, restoring the value
; after a normal exit and after an escape by a continuation or an exception.
; Expected output: Chez Scheme, except line 6: Chez 9.5 applies the converter again when it
; restores a parameter; R7RS 4.2.6 restores the previous value (20).
(define radix (make-parameter 10))
(define (f n) (number->string n (radix)))
(write (f 12)) (newline)
(write (parameterize ((radix 2)) (f 12))) (newline)
(write (f 12)) (newline)
(define p (make-parameter 10 (lambda (x) (* x 2))))
(write (p)) (newline)
(write (parameterize ((p 3)) (p))) (newline)
(write (p)) (newline)
;; nesting and several parameters at once
(define a (make-parameter 'a0))
(define b (make-parameter 'b0))
(write (parameterize ((a 'a1) (b 'b1))
         (list (a) (b) (parameterize ((a 'a2)) (list (a) (b))) (a))))
(newline)
;; escape with call/cc restores the value
(write (call/cc (lambda (k) (parameterize ((a 'escaping)) (k (a))))))
(write (a)) (newline)
;; escape with an exception restores the value
(write (call/cc
        (lambda (k)
          (with-exception-handler
           (lambda (e) (k (list 'caught e (a))))
           (lambda () (parameterize ((a 'raising)) (raise 'oops)))))))
(write (a)) (newline)
;; body with internal definitions
(write (parameterize ((b 'inner)) (define x (b)) (list x x))) (newline)
(write (parameterize () 'no-bindings)) (newline)
