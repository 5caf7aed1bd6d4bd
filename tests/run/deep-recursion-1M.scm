; Deep non-tail recursion, 1,000,000 frames, works (issue 4).
(define (f n) (if (= n 0) 0 (- (f (- n 1)) -1)))   ; - : not an accumulating loop
(display (f 1000000))
(newline)
(define (build n) (if (= n 0) '() (cons n (build (- n 1)))))
(display (length (build 1000000)))
(newline)
