; delay, delay-force, force, make-promise, promise? (R7RS 4.2.5).
; Expected output written from R7RS 4.2.5 (Chez 9.5 has no delay-force, make-promise, promise?).
(define count 0)
(define p (delay (begin (set! count (+ count 1)) (* 6 7))))
(write (promise? p)) (newline)
(write (list (force p) (force p) count)) (newline)
(write (force (make-promise 5))) (newline)
(write (force 7)) (newline)
;; R7RS 4.2.5: a stream with delay-force runs in constant space
(define (stream-tail s n)
  (delay-force (if (= n 0) s (stream-tail (cdr (force s)) (- n 1)))))
(define (ints n) (delay (cons n (ints (+ n 1)))))
(write (car (force (stream-tail (ints 0) 100000)))) (newline)
;; R7RS example: a promise forced within its own delay
(define x 5)
(define q (delay (begin (set! x (+ x 1)) (if (> x 7) x (force q)))))
(write (force q)) (newline)
(define r (delay-force (delay 'nested)))
(write (force r)) (newline)
(write (promise? (make-promise (delay 1)))) (newline)
