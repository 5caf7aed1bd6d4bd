; EXPECT-STATUS: 70
; EXPECT-STDERR: error: stack overflow
; Non-tail recursion 100,000,000 deep stops with a message and status 70, not a signal.
(define (f n) (if (= n 0) 0 (- 1 (f (- n 1)))))   ; - : not an accumulating loop
(display (f 100000000))
