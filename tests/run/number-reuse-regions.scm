;; Numbers that may be fixnums placed in a region their procedure or iteration enters anyway
;; (regions.c's number rule, with reuse; tests/dump/explain-regions-number-reuse.scm): the
;; values boxed there (complex numbers, flonums, bignums, ratnums) must stay right while the
;; region lives and not be used after it is recycled or left. mbrotZ's count over a small grid,
;; and a procedure whose own region is entered on one path only, called with every kind of
;; number. Output from Chez Scheme.
(define (count z0 limit z)
  (let loop ((z z) (c 0))
    (if (= c 64)
        c
        (let* ((zr (real-part z)) (zi (imag-part z)))
          (if (> (+ (* zr zr) (* zi zi)) (inexact limit))
              c
              (loop (+ (* z z) z0) (+ c 1)))))))
(define (grid n)
  (let loop ((y 0) (acc '()))
    (if (= y n)
        (reverse acc)
        (loop (+ y 1)
              (cons (let row ((x 0) (r '()))
                      (if (= x n)
                          (reverse r)
                          (row (+ x 1)
                               (cons (count (make-rectangular (- (/ x n) 1.5) (- (/ y n) 0.5))
                                            4 (make-rectangular 0 0))
                                     r))))
                    acc)))))
(for-each (lambda (row) (display row) (newline)) (grid 8))
;; exact complex numbers too: the parts are ratnums
(display (count (make-rectangular 3/2 1/2) 4 0)) (newline)
(define (g x)
  (if (< (magnitude (- x 1)) 0)
      'neg
      (let ((l (list x x)))
        (let ((y (* x 3)))
          (write (list y (+ y (length l)) (* y y)))
          (length l)))))
(for-each (lambda (x) (display (g x)) (newline))
          (list 5 (expt 2 70) 1/3 2.5 (make-rectangular 1 2) (make-rectangular 0.5 -1.5)
                (- (expt 3 50))))
