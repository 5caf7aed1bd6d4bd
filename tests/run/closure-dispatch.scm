;; calls of closures that can be one of a few lambdas: a dispatch on the code pointer
(define (pick i)
  (case (modulo i 3)
    ((0) (lambda (x) (* x 10)))
    ((1) (lambda (x) (+ x 1)))
    (else (let ((k i)) (lambda (x) (list x k))))))
(define (use f x) (f x))                 ; tail
(define (use2 f x) (let ((r (f x))) (list r r)))   ; not tail
(let loop ((i 0))
  (when (< i 6)
    (display (use (pick i) i)) (display " ") (display (use2 (pick i) i)) (newline)
    (loop (+ i 1))))
;; the same call given a wrong argument count or a non-procedure: the generic path's errors
(define (call-with-2 f) (f 1 2))
(display (guard (e (#t 'arity-error))
  (call-with-2 (pick 1))))
(newline)
(define (h g) (g 5))
(display (guard (e (#t 'not-a-procedure)) (h (if (> (length (command-line)) 5) car 7))))
(newline)
