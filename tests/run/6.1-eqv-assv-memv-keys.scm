; eqv?, memv and assv (R7RS 6.1, 6.4) with keys of every kind: numbers compare by value
; (bignums, ratnums, flonums with their signed zeros and NaNs, exact and inexact complex
; numbers made afresh each time), the empty string, vector and bytevector may be shared, and
; every other value (symbols, characters, fixnums, booleans, pairs, strings, vectors,
; procedures) is eqv? only to itself, so the runtime searches for one by identity.
(define (p x) (write x) (newline))
(define (make-point x y) (vector x y))
(define (big) (* 99999999999 99999999999))
(define (rat) (/ 1 (+ 2 1)))
(define (flo x) (* x 1.0))
(define pt (make-point 1 2))
(define pr (list 1 2))
(define str (string #\a))
(define (f x) x)
(define keys (list 'a #\a 7 #t '() pr str pt f (big) (rat) (flo 2) (flo -0.0)
                   (make-rectangular 1 2) (make-rectangular 1.5 2.5)))
; fresh copies: equal numbers, distinct objects otherwise
(define copies (list 'a #\a 7 #t '() (list 1 2) (string #\a) (make-point 1 2) (lambda (x) x)
                     (big) (rat) (flo 2) (flo -0.0)
                     (make-rectangular 1 2) (make-rectangular 1.5 2.5)))
(define alist
  (let loop ((ks keys) (i 0))
    (if (null? ks) '() (cons (cons (car ks) i) (loop (cdr ks) (+ i 1))))))
(define (idx k) (let ((e (assv k alist))) (and e (cdr e))))
(for-each (lambda (k)
            (p (list (idx k) (and (memv k keys) #t) (eqv? k (car (memv k keys))))))
          keys)
(for-each (lambda (k) (p (list (idx k) (and (memv k keys) #t)))) copies)
(p (list (eqv? (flo 0.0) (flo -0.0)) (memv (flo 0.0) keys) (assv (flo 0.0) alist)))
(p (list (eqv? (flo +nan.0) (flo +nan.0)) (memv 2 keys) (assv 2.0 alist) (assv 1/3 alist)))
; (eqv? "" "") is unspecified (R7RS 6.1): Chez says #t; only searches are checked here
(p (list (memv (string) (list "x" (string))) (assv (vector) (list (cons (vector) 1)))))
(p (list (eqv? pt pt) (eqv? pt (make-point 1 2)) (eqv? f f) (eqv? 'a 'a) (eqv? #\a #\b)
         (eqv? (big) (big)) (eqv? (big) (+ (big) 1)) (eqv? (rat) (rat)) (eqv? (rat) 1/2)
         (eqv? 2 2.0) (eqv? (make-rectangular 1.5 2.5) (make-rectangular 1.5 2.5))
         (eqv? (make-rectangular 1 2) (make-rectangular 1.0 2.0))))
(p (list (assv 'b '((a . 0) (b . 1))) (memv 'z '(x y)) (assv 'z '()) (memv 'y '(x y))))
