; Unboxed operands (emit_num.c): nested generic arithmetic whose inner results stay C doubles
; on the flonum path; every other mix of numbers takes the slow paths, which box an unboxed
; operand first. Flonums, fixnums, a fixnum product overflowing to a bignum, ratnums, a mixed
; fixnum and flonum, sqrt of a negative sum (a complex root), division by an exact zero inside
; a sum (an error caught), NaN and infinities. Outputs from Chez Scheme.
(define (tfo x y z a d g tx) (+ (* x a) (* y d) (* z g) tx))
(define (norm x y) (sqrt (+ (* x x) (* y y))))
(define (mix x y) (* (+ x 1) (- y 2)))
(define (quot x y) (+ (/ x y) (/ y x)))
(define (neg x y) (- (* x y)))
(define (hide x) (vector-ref (vector x 0) 0))
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))
(show (tfo 1. 2. 3. 4. 5. 6. 7.) (tfo 1 2 3 4 5 6 7) (tfo 1 2. 3 4 5 6 7) (tfo 1/2 2. 3 4 5 6 7))
(show (tfo (hide 4611686018427387903) 2 3 (hide 4) 5 6 7) (tfo 1.5 2 3 4. 5 6 1/2))
(show (norm 3. 4.) (norm 3 4) (norm 1/2 0) (norm -3. 4) (norm (hide 1e200) 1e200))
(show (sqrt (- (* 1. 1.) (* 2. 2.))) (sqrt (- (* 1 1) (* 2 2))))
(show (mix 2. 5.) (mix 2 5) (mix 2. 5) (mix (hide 4611686018427387903) 3))
(show (quot 1. 2.) (quot 1 2) (quot 1. 2) (quot 0. 1.))
(show (neg 2. 3.) (neg 2 3) (neg (hide 4611686018427387904) -1))
(show (tfo (/ 0. 0.) 1. 1. 1. 1. 1. 1.) (tfo (/ 1. 0.) 1. 1. 1. 1. 1. 1.) (norm (/ -1. 0.) 0.))
(show (call-with-current-continuation
       (lambda (k) (with-exception-handler (lambda (e) (k 'caught))
                     (lambda () (+ (/ 1 (hide 0)) (* 2. 3.)))))))
(define (loop i acc) (if (= i 0) acc (loop (- i 1) (+ acc (* (* i 1.5) (- i .5))))))
(show (loop 1000 0) (loop 1000 0.))
(define (inside? x y r) (< (+ (* x x) (* y y)) (* r r)))
(show (inside? 1. 2. 3.) (inside? 1 2 3) (inside? 3. 4 5) (inside? (hide 4611686018427387903) 1 2)
      (inside? .5 1/2 1) (inside? (/ 0. 0.) 1. 2.) (= (* 2. 3.) (+ 5 1)) (>= (- (* 2. 2.) 1) (hide 3)))
; let variables bound to arithmetic and read by arithmetic, comparisons and other procedures
(define (minroot a b c)
  (if (zero? a)
      (/ (- c) b)
      (let ((disc (- (* b b) (* 4.0 a c))))
        (if (negative? disc)
            #f
            (let ((discrt (sqrt disc)) (minus-b (- b)) (two-a (* 2.0 a)))
              (min (/ (+ minus-b discrt) two-a) (/ (- minus-b discrt) two-a)))))))
(define (dist x1 y1 x2 y2) (let ((dx (- x1 x2)) (dy (- y1 y2))) (sqrt (+ (* dx dx) (* dy dy)))))
(define (shared x) (let ((s (* x 2))) (if (< s 3) (list s (eqv? s s)) (+ s 1))))
(define (in-loop n)
  (let loop ((i 0) (acc 0.))
    (if (= i n) acc
        (let ((w (* i .5))) (loop (+ i 1) (+ acc (* w w)))))))
(show (minroot 1. -3. 2.) (minroot 1 -3 2) (minroot 1. 2. 5.) (dist 0. 0. 3. 4.) (dist 0 0 3 4)
      (dist 1/2 0 0 0) (dist (hide 4611686018427387903) 0 0 0))
(show (shared 1.) (shared 5.) (shared 1) (in-loop 10) (in-loop 0))
