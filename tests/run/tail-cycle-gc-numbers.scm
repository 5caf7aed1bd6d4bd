;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): boxed numbers made by the rounds of a two-procedure cycle. Each
;; round makes bignums, ratnums, flonums, exact and inexact complex numbers and characters;
;; the running values are carried from round to round in the tail calls' arguments (so each
;; round's value is live only until the next replaces it) and every 1000th round's are kept in
;; a list until the end. The printed sums, the kept values and the final values would differ if
;; a live number were freed or overwritten.
(define m (expt 2 200))
(define (num-a i big rat flo z w chars kept)
  (if (= i 0)
      (list big rat flo z w (list->string chars) kept)
      (let ((big (modulo (+ (* big 3) (* i i i i i) (expt 7 30)) m))
            (rat (+ rat (/ 1 (+ 1 (modulo i 97)))))
            (flo (+ (* flo 0.999) (* i 0.001))))
        (num-b (- i 1) big rat flo z w chars
               (if (= 0 (modulo i 1000)) (cons (list big rat flo z w) kept) kept)))))
(define (num-b i big rat flo z w chars kept)
  (let ((z (if (= 0 (modulo i 64))
               (make-rectangular (modulo i 7) 1)
               (+ (* z (make-rectangular 1 2)) (make-rectangular (/ i 3) (- i)))))
        (w (* w (make-rectangular 0.6 0.8)))
        (c (integer->char (+ 945 (modulo (quotient i 7) 25)))))   ; Greek letters
    (num-a i big rat flo z w
           (if (= 0 (modulo i 500))
               (cons (char-upcase c) (if (> (length chars) 30) (list-tail chars 20) chars))
               chars)
           kept)))

;; Run from a procedure, so that the cycle's rounds share a region of its frame, which the
;; runtime collects (a cycle started at top level shares the program's region, which it does not).
(define (main)
  (define r (num-a 60000 (expt 3 100) 0 1.5 (make-rectangular 1 1) (make-rectangular 1.0 0.0) '() '()))
  (define kept (list-ref r 6))
  (display (length kept)) (newline)
  (display (car r)) (newline)
  (display (cadr r)) (newline)
  (display (exact (round (* 1000 (caddr r))))) (newline)
  (write (caddr r)) (newline)
  (display (list-ref r 3)) (newline)
  (display (list (exact (round (* 1e6 (real-part (list-ref r 4)))))
                 (exact (round (* 1e6 (imag-part (list-ref r 4)))))))
  (newline)
  (write (list-ref r 5)) (newline)
  (display (modulo (apply + (map car kept)) 1000000007)) (newline)
  (display (apply + (map cadr kept))) (newline)
  (display (exact (round (apply + (map caddr kept))))) (newline)
  (display (apply + (map cadddr kept))) (newline)
  (display (car (list-ref kept 20))) (newline)
  (display (cadr (list-ref kept 20))) (newline)
  (display (list-ref (list-ref kept 20) 3)) (newline)
  (display (exact (round (* 1000 (magnitude (apply + (map (lambda (k) (list-ref k 4)) kept))))))) (newline))
(main)
