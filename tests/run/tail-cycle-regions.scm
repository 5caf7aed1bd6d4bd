;; Tail cycles (compiler/regions.c): procedures calling each other in tail position share their
;; caller's region; their entries give it the tail cycles' budget (rt_region_mark_tail), past
;; which it allocates in the collected heap. The values must be those of any Scheme: a state
;; machine passing fresh lists, a procedure with a rest list calling itself, continuation-passing
;; code whose continuations are called through unknown calls, and results returned from the
;; cycle into a caller's region (a list built across the rounds, kept after the loop).
(define (ping n acc) (if (= n 0) acc (pong n (list n (* 2 n) acc))))
(define (pong n l) (ping (- n 1) (+ (car l) (cadr l) (caddr l))))
(display (ping 100000 0)) (newline)

(define (spin n . xs) (if (= n 0) xs (spin (- n 1) n (length xs) (if (null? xs) 0 (car xs)))))
(display (spin 300000)) (newline)

;; even/odd state machine keeping every third state in an accumulated list
(define (state-a n acc) (if (= n 0) (reverse acc) (state-b (- n 1) (if (= 0 (modulo n 3)) (cons (vector 'a n) acc) acc))))
(define (state-b n acc) (if (= n 0) (reverse acc) (state-a (- n 1) (if (= 0 (modulo n 3)) (cons (vector 'b n) acc) acc))))
(define kept (state-a 30 '()))
(display kept) (newline)
(display (length (state-a 600000 '()))) (newline)

;; continuation-passing tak: each step makes a closure called later by an unknown call
(define (cps-tak x y z k)
  (if (not (< y x)) (k z)
      (cps-tak (- x 1) y z
               (lambda (v1) (cps-tak (- y 1) z x
                                     (lambda (v2) (cps-tak (- z 1) x y
                                                           (lambda (v3) (cps-tak v1 v2 v3 k)))))))))
(display (cps-tak 18 12 6 (lambda (a) a))) (newline)

;; a cycle whose strings are kept in a vector made outside it
(define table (make-vector 4 #f))
(define (put i s) (vector-set! table (modulo i 4) s) (next i s))
(define (next i s) (if (= i 0) table (put (- i 1) (string-append "k" (number->string i)))))
(display (next 100000 "")) (newline)
