;; control.scm: (flow control) called from a loop of 3M tail calls through it (constant C
;; stack), closures, parameterize, call/cc and dynamic-wind across the boundary. Output:
;; control.out, whole and separate.
(import (scheme base) (scheme write) (flow control))
(define (loop-main n) (if (= n 0) 'done (bounce loop-main (- n 1))))
(display (loop-main 3000000)) (newline)
(display (list (gen) (gen) (gen))) (newline)
(define c1 (make-counter)) (define c2 (make-counter))
(display (list (c1) (c1) (c2))) (newline)
(display (list (current-depth) (with-depth 5 current-depth) (parameterize ((depth 7)) (current-depth)))) (newline)
(display (call/cc (lambda (k) (escape-with k 'escaped) 'not))) (newline)
(display (reset-counter!)) (newline)
(define out '())
(dynamic-wind (lambda () (set! out (cons 'in out)))
              (lambda () (call/cc (lambda (k) (bounce (lambda (x) (k x)) 1))))
              (lambda () (set! out (cons 'out out))))
(display out) (newline)
(define big (let loop ((i 0) (acc '())) (if (= i 100000) acc (loop (+ i 1) (cons (bounce (lambda (x) (list x x)) i) acc)))))
(display (length big)) (newline)
