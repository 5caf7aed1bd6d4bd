;; Library procedures compiled from the prelude (compiler/prelude.scm) where the program gives
;; them a known procedure: the results, the order of the calls and the errors are those of the
;; runtime's primitives (the same program with -fno-prelude prints the same).
(define (sq x) (* x x))
(define (show . xs) (for-each display xs) (newline))
(define calls '())
(define (note x) (set! calls (cons x calls)) x)

;; map and for-each, one and two lists, left to right, stopping at the shortest
(show (map sq '(1 2 3)) (map (lambda (x) (+ x 1)) '()) (map + '(1 2 3) '(10 20)))
(show (map car '((a . 1) (b . 2))) (map cons '(1 2) '(x y z)))
(set! calls '())
(map (lambda (x) (note x)) '(1 2 3 4))
(show (reverse calls))
(for-each (lambda (x y) (display (list x y))) '(1 2 3) '(a b)) (newline)
(show (vector-map sq #(1 2 3)) (vector-map (lambda (x) x) #()))
(vector-for-each (lambda (x) (display x)) #(a b c)) (newline)

;; folds, searches and filters
(show (fold cons '() '(1 2 3)) (fold-left list '() '(1 2 3)) (fold-right list 'end '(1 2 3)))
(show (filter odd? '(1 2 3 4 5)) (remove odd? '(1 2 3 4 5)) (filter (lambda (x) #f) '(1 2)))
(show (any (lambda (x) (and (> x 2) (* x 10))) '(1 2 3 4)) (any odd? '()) (every odd? '()))
(show (every (lambda (x) (and (odd? x) x)) '(1 3 5)) (every odd? '(1 2 3)))
(show (find (lambda (x) (> x 2)) '(1 2 3 4)) (find-tail even? '(1 3 4 5)) (find even? '(1 3)))
(show (list-index even? '(1 3 4)) (count odd? '(1 2 3)) (list-index even? '(1 3)))
(show (assoc 2.0 '((1 . a) (2 . b)) =) (member 2.0 '(1 2 3) =) (member 7 '(1 2) =))
(show (assoc "b" '(("a" . 1) ("b" . 2)) string=?) (assoc 2 '((1 . a) (2 . b)) #f))

;; nesting: a template's argument holds another call of one
(show (map (lambda (row) (map sq row)) '((1 2) (3 4))))
(show (fold + 0 (map (lambda (l) (fold + 0 l)) '((1 2) (3 4 5)))))

;; closures over the caller's variables, and a procedure that captures the list it builds
(define (scale k l) (map (lambda (x) (* k x)) l))
(show (scale 3 '(1 2 3)))
(define (adders l) (map (lambda (k) (lambda (x) (+ x k))) l))
(show (map (lambda (f) (f 10)) (adders '(1 2 3))))

;; long lists: past the recursion bound the primitive takes the rest
(define big (iota 250000))
(show (length (map sq big)) " " (fold + 0 (map (lambda (x) 1) big)))
(show (length (filter even? big)) " " (length (remove even? big)))
(show (length (fold-right cons '() big)) " " (car (fold-right cons '() big)))
(show (list-ref (map (lambda (x y) (- y x)) big (cdr big)) 200000))

;; a procedure assigned while map runs is still the one map was given
(define (g x) (set! g (lambda (x) 'changed)) (* 2 x))
(show (map g '(1 2 3)) (g 0))

;; errors are the primitives', at the program's call
(define (msg thunk)
  (guard (e ((error-object? e) (error-object-message e))) (thunk)))
(show (msg (lambda () (map sq 5))))
(show (msg (lambda () (map (lambda (x) x) '(1 2 . 3)))))
(show (msg (lambda () (for-each sq '(1 . 2)))))
(show (msg (lambda () (filter odd? '(1 . 2)))))
(show (msg (lambda () (fold-right cons '() 7))))
(show (msg (lambda () (vector-map sq '(1 2)))))
(show (msg (lambda () (map car '(1 2)))))
(show (msg (lambda () (map 5 '(1 2)))))
(show (msg (lambda () (assoc 1 '(2) =))))
