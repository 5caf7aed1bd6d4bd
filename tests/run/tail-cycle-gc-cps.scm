;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): continuation-passing code, whose continuations are closures
;; capturing closures, each called by an unknown tail call. The live set is the chain of
;; continuations waiting at each moment (deep for a CPS map over a long list and a CPS tree
;; build, shallow for cpstak) plus the partial results they capture; everything else a round
;; makes is garbage at once. The results (cpstak, a CPS fib that builds the list of its leaves,
;; a CPS map, append and tree sum) would differ if a waiting continuation were freed.
(define (cps-tak x y z k)
  (if (not (< y x)) (k z)
      (cps-tak (- x 1) y z
               (lambda (v1)
                 (cps-tak (- y 1) z x
                          (lambda (v2)
                            (cps-tak (- z 1) x y
                                     (lambda (v3) (cps-tak v1 v2 v3 k)))))))))

;; fib whose continuations carry the list of leaves seen so far
(define (cps-fib n leaves k)
  (if (< n 2)
      (k n (cons n leaves))
      (cps-fib (- n 1) leaves
               (lambda (a leaves1)
                 (cps-fib (- n 2) leaves1
                          (lambda (b leaves2) (k (+ a b) leaves2)))))))

;; map and append in CPS over a long list: the continuation chain is as long as the list
(define (cps-map f l k)
  (if (null? l) (k '())
      (f (car l) (lambda (v) (cps-map f (cdr l) (lambda (rest) (k (cons v rest))))))))
(define (cps-append a b k)
  (if (null? a) (k b) (cps-append (cdr a) b (lambda (r) (k (cons (car a) r))))))
(define (iota* n) (let loop ((i n) (acc '())) (if (= i 0) acc (loop (- i 1) (cons i acc)))))

;; a binary tree built and summed in CPS; its nodes are vectors holding strings
(define (cps-build d i k)
  (if (= d 0) (k (vector i (number->string i) '()))
      (cps-build (- d 1) (* 2 i)
                 (lambda (left)
                   (cps-build (- d 1) (+ (* 2 i) 1)
                              (lambda (right) (k (vector i left right))))))))
(define (cps-sum t k)
  (if (string? (vector-ref t 1))
      (k (+ (vector-ref t 0) (string-length (vector-ref t 1))))
      (cps-sum (vector-ref t 1)
               (lambda (a) (cps-sum (vector-ref t 2) (lambda (b) (k (+ a b (vector-ref t 0)))))))))

(display (cps-tak 18 12 6 (lambda (a) a))) (newline)
(display (cps-tak 22 16 8 (lambda (a) (list 'tak a)))) (newline)
(cps-fib 20 '()
         (lambda (v leaves)
           (display (list v (length leaves) (apply + leaves))) (newline)))
(define squares
  (cps-map (lambda (x k) (k (list x (* x x) (number->string x)))) (iota* 20000) (lambda (r) r)))
(display (length squares)) (newline)
(display (list-ref squares 12345)) (newline)
(display (apply + (map cadr squares))) (newline)
(define both (cps-append squares (cps-map (lambda (x k) (k (- x))) (iota* 30000) (lambda (r) r))
                         (lambda (r) r)))
(display (length both)) (newline)
(display (list (car both) (list-ref both 19999) (list-ref both 20000) (list-ref both 49999))) (newline)
(define tree (cps-build 15 1 (lambda (t) t)))
(display (cps-sum tree (lambda (s) s))) (newline)
;; many short CPS computations in a row, each dropping its continuations
(define (repeat n acc)
  (if (= n 0) acc
      (repeat (- n 1) (+ acc (cps-tak 12 8 4 (lambda (a) a))
                         (cps-sum (cps-build 6 n (lambda (t) t)) (lambda (s) s))))))
(display (repeat 400 0)) (newline)
