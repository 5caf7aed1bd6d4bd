; 6.8 vectors of flonums (issue 14): vectors that hold only flonums and never reach code that
; expects a boxed vector are unboxed (a double per element); vector-ref, vector-set!,
; vector-length on them, errors of bad indexes caught by guard, and flonum functions computed
; in doubles (round is to even; sqrt of a negative flonum raises: complex numbers are not
; supported yet). Checked against Chez, which rounds -0.0 to 0.0 where IEEE rint and Regal keep
; -0.0, and gives a complex number for (sqrt -2.5).
(define (make-point x y z) (vector x y z))
(define (norm p) (sqrt (+ (* (vector-ref p 0) (vector-ref p 0)) (* (vector-ref p 1) (vector-ref p 1))
                          (* (vector-ref p 2) (vector-ref p 2)))))
(define (scale! p k)
  (do ((i 0 (+ i 1))) ((= i (vector-length p)))
    (vector-set! p i (* k (vector-ref p i)))))
(define pts (vector (make-point 1.0 2.0 2.0) (make-point 3.0 4.0 12.0)))
(scale! (vector-ref pts 0) 2.0)
(display (norm (vector-ref pts 0))) (newline)
(display (norm (vector-ref pts 1))) (newline)
(define acc (make-vector 4 0.0))
(do ((i 0 (+ i 1))) ((= i 4)) (vector-set! acc i (+ (vector-ref acc i) (* 1.5 i))))
(display (+ (vector-ref acc 0) (vector-ref acc 1) (vector-ref acc 2) (vector-ref acc 3))) (newline)
(display (vector-length acc)) (newline)
(define (safe-ref v i) (guard (e (#t 'out-of-range)) (vector-ref v i)))
(display (safe-ref acc 7)) (newline)
(display (safe-ref acc -1)) (newline)
(display (guard (e (#t 'bad-store)) (vector-set! acc 9 1.0) 'stored)) (newline)
(define (fl x) (list (sqrt x) (exp x) (sin x) (cos x) (atan x) (atan x 2.0) (abs x) (floor x)
                     (ceiling x) (truncate x) (round x) (square x) (exact->inexact x)))
(for-each (lambda (x) (write (fl x)) (newline)) (list 0.5 2.5 1e300 -0.0))
(write (list (round 0.5) (round 1.5) (round -2.5) (round 3.7) (log 8.0 2.0) (log 1.0))) (newline)
(write (list (abs -2.5) (floor -2.5) (ceiling -2.5) (truncate -2.5) (round -2.5) (square -2.5))) (newline)
(define (root x) (guard (e (#t (error-object-message e))) (sqrt x)))
(write (root -2.5)) (newline)
