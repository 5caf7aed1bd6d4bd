; Inexact complex arithmetic (R7RS 6.2.6) through the generic operations, with the operands
; hidden from the compiler: + - * / of two inexact compnums, of a compnum and a flonum on
; either side (the runtime's inexact fast path), of a compnum and an exact number (the general
; path), and real-part/imag-part of every kind of number; signed zeros, infinities, results
; whose imaginary part is 0.0, and a non-number operand.
(define (p x) (write x) (newline))
(define (try thunk) (guard (e (#t 'error)) (thunk)))
(define ops (list + - * /))
(define (table xs ys)
  (for-each (lambda (x)
              (for-each (lambda (y)
                          (p (map (lambda (op) (op x y)) ops)))
                        ys))
            xs))
(define cx (list (make-rectangular 1.5 -2.0) (make-rectangular -0.0 3.0)
                 (make-rectangular 1.0 1.0) (make-rectangular 1.0 -1.0)
                 (make-rectangular 2.0 0.5)))
(define reals (list 2.0 -0.5 0.0 -0.0 3 1/2))
(table cx cx)
(table cx reals)
(table (list 2.0 -0.5 -0.0 3 1/2) cx)
(table (list (make-rectangular 1 2)) cx)
(table cx (list (make-rectangular 1 2) (make-rectangular 1/2 -3)))
; infinities in a part
(p (+ (make-rectangular +inf.0 1.0) (make-rectangular 1.0 2.0)))
(p (* (make-rectangular +inf.0 0.0) 2.0))
(p (- (make-rectangular 1.0 -inf.0) 0.5))
; a product or sum whose imaginary part is 0.0 stays complex
(p (* (make-rectangular 1.0 1.0) (make-rectangular 1.0 -1.0)))
(p (+ (make-rectangular 1.0 1.0) (make-rectangular 1.0 -1.0)))
; n-ary forms, and a loop carrying a complex number (mbrotZ's shape)
(p (+ (make-rectangular 1.0 1.0) 1.0 (make-rectangular 0.5 0.5) 2))
(p (* (make-rectangular 1.0 1.0) 2.0 (make-rectangular 0.5 0.5)))
(p (let loop ((z (make-rectangular 0.0 0.0)) (i 0))
     (if (= i 10) z (loop (+ (* z z) (make-rectangular -0.5 0.25)) (+ i 1)))))
; the parts
(for-each (lambda (z) (p (list (real-part z) (imag-part z))))
          (list (make-rectangular 1.5 -2.0) (make-rectangular -0.0 -0.0)
                (make-rectangular 1 2) (make-rectangular 1/2 -3/4) 2.5 -0.0 7 1/3))
; a non-number operand is an error on either side
(p (try (lambda () (+ (make-rectangular 1.0 1.0) (string->symbol "a")))))
(p (try (lambda () (* (string->symbol "a") (make-rectangular 1.0 1.0)))))
(p (try (lambda () (/ (make-rectangular 1.0 1.0) (list 1)))))
(p (try (lambda () (real-part (string->symbol "a")))))
(p (try (lambda () (imag-part "1+i"))))
; exact operands: an exact 0 times a complex number is exact 0; others combine part by part
(define z1 (make-rectangular 1.5 2.0))
(define z0 (make-rectangular 1.5 -0.0))
(p (list (* z1 0) (* 0 (make-rectangular +inf.0 2.0)) (+ z0 0) (- z0 0) (/ z0 1)
         (* 0 (make-rectangular 1 2)) (+ -0.0 z0) (- -0.0 (make-rectangular 1.5 0.0))
         (* 1.0 (make-rectangular +nan.0 1.0)) (/ (make-rectangular 1 2) 0.0)
         (* 2 (make-rectangular 1 2)) (/ 0.0 (make-rectangular 1 2))))
