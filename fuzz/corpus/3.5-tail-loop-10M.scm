; Proper tail calls (R7RS 3.5): a loop of 10,000,000 iterations whose tail call goes through
; an unknown procedure (a closure passed as an argument), plus a self tail call loop.
(define (step n k) (if (= n 0) (k 'done) (step2 (- n 1) k)))
(define (step2 n k) (step n k))
(display (step 10000000 (lambda (x) x)))
(newline)
(define (run f n acc) (if (= n 0) acc (f f (- n 1) (+ acc 1))))
(display (run run 10000000 0))
(newline)
(display (let loop ((i 0) (s 0)) (if (= i 10000000) s (loop (+ i 1) (+ s 2)))))
(newline)
