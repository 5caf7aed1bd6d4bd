;; Loop variables holding numbers a loop makes in every iteration and reads in the next
;; (compiler/regions.c, copy variables): each back edge copies the number into a box in the
;; loop's frame (runtime/regal.h, rt_carry_box) instead of the number going to the collected
;; heap. Outputs from Chez Scheme.
(import (scheme base) (scheme write) (scheme complex) (scheme inexact) (scheme read))

;; inputs of unknown type, as a benchmark's (read) gives them
(define (hide x) (if (< (string-length (number->string 1)) 0) 'never x))
;; complex constants: inference types them compnum (the sums below are then likely boxed)
(define half (hide 0.5))

;; ecraven mbrotZ's loop: z carried, z0 bound by let to a sum with a complex number
(define (count z0 step z)
  (let ((z0 (+ z0 (* z step))))
    (let loop ((z z0) (c 0))
      (if (= c 64)
          c
          (let ((zr (real-part z)) (zi (imag-part z)))
            (if (> (+ (* zr zr) (* zi zi)) 4.0)
                c
                (loop (+ (* z z) z0) (+ c 1))))))))
(display (list (count -0.5+0.25i (hide 0.01) (hide 3)) (count -0.5+0.25i (hide 0.02) (hide 7))
               (count +0.3+0.6i (hide 0.0) (hide 0))))
(newline)

;; a flonum accumulator and a flonum carried unchanged by some back edges (the old value copied)
(define (wander n)
  (let loop ((i 0) (x (+ half 0.0)) (y (* half 2.0)))
    (cond ((= i n) (list x y))
          ((even? i) (loop (+ i 1) (+ x 0.25) y))
          (else (loop (+ i 1) x (* y 1.5))))))
(display (wander (hide 10))) (newline)

;; two copy variables swapped at each back edge
(define (swap n)
  (let loop ((i 0) (a (+ half 1.0)) (b (- half 1.0)))
    (if (= i n) (list a b) (loop (+ i 1) (+ b 0.0) (+ a 0.0)))))
(display (swap (hide 5))) (display (swap (hide 6))) (newline)

;; the loop's value is the variable itself: not a copy variable (it must outlive the loop)
(define (grow n)
  (let loop ((i 0) (x (* half 1.0)))
    (if (= i n) x (loop (+ i 1) (* x 2.0)))))
(display (grow (hide 10))) (newline)

;; stored into a vector and kept: not a copy variable
(define (keep n)
  (let ((v (make-vector n 0)))
    (let loop ((i 0) (x (+ half 0.0)))
      (if (= i n)
          v
          (begin (vector-set! v i x) (loop (+ i 1) (+ x 1.0)))))))
(display (keep (hide 4))) (newline)

;; captured by a closure used within the iteration
(define (closures n)
  (let loop ((i 0) (x (+ half 0.0)) (acc '()))
    (if (= i n)
        (reverse acc)
        (let ((f (lambda (d) (+ x d))))
          (loop (+ i 1) (+ x 0.5) (cons (f 100) acc))))))
(display (closures (hide 4))) (newline)

;; values that are not flonums, carried but not returned: a flonum that becomes exact, exact
;; ratios, a fixnum that becomes a bignum, exact complex numbers (copied into the heap)
(define (mixed n)
  (let loop ((i 0) (x (make-rectangular (inexact (hide 1)) 2.0)) (e (make-rectangular (hide 1) 2)))
    (if (= i n)
        (list (number->string x) (number->string e))
        (loop (+ i 1)
              (if (= i 2) (* x +i) (* x 1.5+0.0i))
              (* e 1/3+4611686018427387000i)))))
(display (mixed (hide 4))) (newline)

;; NaN and infinities carried
(define (specials n)
  (let loop ((i 0) (x (/ 1.0 (hide 0.0))) (y (- (/ 0.0 (hide 0.0)) 0.0)))
    (if (= i n) (list x (nan? y)) (loop (+ i 1) (* x 2.0) (+ y 1.0)))))
(display (specials (hide 3))) (newline)

;; an inner loop carrying a complex number, inside an outer loop carrying a flonum
(define (nested n)
  (let outer ((j 0) (s (+ half 0.0)))
    (if (= j n)
        s
        (let inner ((k 0) (z (make-rectangular s 1.0)))
          (if (= k 3)
              (outer (+ j 1) (+ s (magnitude z)))
              (inner (+ k 1) (* z 0.5+0.1i)))))))
(display (nested (hide 4))) (newline)

;; many iterations: the boxes alternate, the results stay right
(define (sum-to n)
  (let loop ((i 0) (s (+ half 0.0)))
    (if (= i n) s (loop (+ i 1) (+ s 1.0)))))
(display (sum-to (hide 1000000))) (newline)
