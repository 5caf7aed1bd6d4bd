; Closures made in loops capture a fresh binding each iteration (R7RS 4.2.4: do and named let
; rebind their variables at each step).
(define procs '())
(do ((i 0 (+ i 1))) ((= i 4))
  (set! procs (cons (lambda () i) procs)))
(write (map (lambda (p) (p)) procs)) (newline)
(define ps
  (let loop ((i 0) (acc '()))
    (if (= i 3) (reverse acc)
        (loop (+ i 1) (cons (lambda (x) (* x i)) acc)))))
(write (map (lambda (p) (p 10)) ps)) (newline)
(define thunks (map (lambda (s) (lambda () (list s s))) '(a b c)))
(write (map (lambda (t) (t)) thunks)) (newline)
