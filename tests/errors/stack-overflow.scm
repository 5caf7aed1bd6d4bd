; EXPECT-STATUS: 70
; EXPECT-STDERR: error: stack overflow
; Non-tail recursion 1,000,000,000 deep stops with a message and status 70, not a signal (the
; 512 MiB stack holds more than 100,000,000 levels of f at -O2, whose recursion is unrolled).
(define (f n) (if (= n 0) 0 (- 1 (f (- n 1)))))   ; - : not an accumulating loop
(display (f 1000000000))
