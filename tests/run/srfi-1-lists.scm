; SRFI 1 list library from lib/srfi/1.sld: every exported procedure beyond R7RS's, mostly
; with the SRFI's own examples, several lists, and errors caught by guard. Expected output
; from Chez Scheme 9.5 running this program after the SRFI's reference implementation
; (srfi-1-reference.scm of github.com/scheme-requests-for-implementation/srfi-1):
; tests/srfi/chez.sh tests/run/srfi-1-lists.scm tests/srfi/srfi-1-chez-shim.scm REF/srfi-1-reference.scm
(import (scheme base) (scheme write) (scheme cxr) (srfi 1))
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))
(define-syntax fails
  (syntax-rules () ((_ e) (guard (c (#t 'error)) e 'no-error))))
(define (vals thunk) (call-with-values thunk list))
;; constructors
(show (xcons '(b c) 'a) (cons* 1 2 3 4) (cons* 1) (make-list 4 'c) (list-tabulate 4 values)
      (list-copy '(1 2 3)) (iota 5) (iota 5 0 -1) (iota 3 1 1/2))
(define cl (circular-list 'z 'q))
(show (car cl) (cadr cl) (caddr cl) (length+ cl) (length+ '(1 2 3)))
;; predicates
(show (proper-list? '(1 2)) (proper-list? '(1 . 2)) (proper-list? cl) (circular-list? cl) (circular-list? '(1))
      (dotted-list? '(1 . 2)) (dotted-list? 5) (dotted-list? '(1)) (not-pair? 5) (not-pair? '(1))
      (null-list? '()) (null-list? '(1)) (fails (null-list? 5)))
(show (list= eq?) (list= eq? '(a)) (list= eq? '(a b) '(a b) '(a b)) (list= = '(1 2) '(1 2 3)) (list= = '(1 2) '(1 3)))
;; selectors
(define ten '(1 2 3 4 5 6 7 8 9 10))
(show (first ten) (second ten) (third ten) (fourth ten) (fifth ten) (sixth ten) (seventh ten) (eighth ten)
      (ninth ten) (tenth ten) (vals (lambda () (car+cdr '(a . b)))))
(show (take '(a b c d e) 2) (drop '(a b c d e) 2) (take '(1 2 3 . d) 2) (drop '(1 2 3 . d) 2) (take '(1 2 3 . d) 3)
      (take-right '(a b c d e) 2) (drop-right '(a b c d e) 2) (take-right '(1 2 3 . d) 2) (drop-right '(1 2 3 . d) 2)
      (take-right '(1 2 3 . d) 0) (drop-right '(1 2 3 . d) 0))
(show (take! (list 1 2 3 4) 2) (drop-right! (list 1 2 3 4) 1) (vals (lambda () (split-at '(a b c d e f g h) 3)))
      (vals (lambda () (split-at! (list 'a 'b 'c) 1))) (last '(1 2 3)) (last-pair '(a b c)) (last-pair '(c . d)))
;; miscellaneous
(show (length '(1 2)) (concatenate '((1) (2 3) () (4))) (append! (list 1 2) (list 3) '() (list 4 5)) (append!)
      (concatenate! (list (list 1) (list 2))) (reverse! (list 1 2 3)) (append-reverse '(3 2 1) '(4 5))
      (append-reverse! (list 3 2 1) '(4 5)))
(show (zip '(one two three) '(1 2 3) '(odd even odd even odd even odd even)) (zip '(1 2 3))
      (unzip1 '((1 a) (2 b))) (vals (lambda () (unzip2 '((1 one) (2 two) (3 three)))))
      (vals (lambda () (unzip3 '((1 a x) (2 b y))))) (vals (lambda () (unzip4 '((1 2 3 4)))))
      (vals (lambda () (unzip5 '((1 2 3 4 5) (6 7 8 9 10))))))
(show (count even? '(3 1 4 1 5 9 2 5 6)) (count < '(1 2 4 8) '(2 4 6 8 10 12 14 16)))
;; fold, unfold, map
(show (fold + 0 '(1 2 3)) (fold cons '() '(a b c)) (fold cons* '() '(a b c) '(1 2 3 4 5))
      (fold-right cons '() '(a b c)) (fold-right cons* '() '(a b c) '(1 2 3 4 5))
      (pair-fold cons '() '(a b c)) (pair-fold-right cons '() '(a b c))
      (reduce + 0 '(1 2 3)) (reduce max 'none '()) (reduce-right append '() '((1 2) (3) (4 5))) (reduce-right + 0 '()))
(show (unfold (lambda (x) (> x 10)) (lambda (x) (* x x)) (lambda (x) (+ x 1)) 1)
      (unfold null-list? car cdr '(1 2 3) (lambda (x) '(end)))
      (unfold-right zero? (lambda (x) (* x x)) (lambda (x) (- x 1)) 10)
      (unfold-right null-list? car cdr '(1 2 3) '(tail)))
(show (append-map (lambda (x) (list x (- x))) '(1 3 8)) (append-map! (lambda (x y) (list x y)) '(1 2) '(a b c))
      (filter-map (lambda (x) (and (number? x) (* x x))) '(a 1 b 3 c 7))
      (map-in-order (lambda (x) (* x 10)) '(1 2 3)) (map + '(3 1 4 1) '(1 0 5 9 2 6)) (map! (lambda (x) (+ x 1)) (list 1 2 3))
      (map! + (list 1 2 3) '(10 20 30)))
(pair-for-each (lambda (p) (display p)) '(a b c))
(for-each (lambda (x y) (display (list x y))) '(1 2 3) '(a b))
(newline)
;; filtering and partitioning
(show (filter even? '(0 7 8 8 43 -4)) (remove even? '(0 7 8 8 43 -4)) (vals (lambda () (partition symbol? '(one 2 3 four five 6 7))))
      (filter! odd? (list 1 2 3 4 5)) (remove! odd? (list 1 2 3 4 5)) (vals (lambda () (partition! odd? (list 1 2 3 4)))))
;; searching
(show (find even? '(3 1 4 1 5 9)) (find even? '(1 3)) (find-tail even? '(3 1 37 -8 -5 0 0)) (find-tail even? '(3 1 37 -5))
      (any integer? '(a 3 b 2.7)) (any integer? '(a 3.1 b 2.7)) (any < '(3 1 4 1 5) '(2 7 1 8 2)) (any even? '())
      (every integer? '(1 2 3)) (every (lambda (x) (and (> x 0) x)) '(1 2 3)) (every integer? '()) (every < '(1 2) '(2 1)))
(show (list-index even? '(3 1 4 1 5 9)) (list-index < '(3 1 4 1 5 9 2 5 6) '(2 7 1 8 2)) (list-index = '(3 1 4 1 5 9 2 5 6) '(2 7 1 8 2))
      (member 2.0 '(1 2 3) =) (member 5 '(1 2 3) <) (memq 'c '(a b c d)) (memv 101 '(100 101 102)))
(show (take-while even? '(2 18 3 10 22 9)) (drop-while even? '(2 18 3 10 22 9)) (take-while! even? (list 2 18 3 10))
      (vals (lambda () (span even? '(2 18 3 10 22 9)))) (vals (lambda () (break even? '(3 1 4 1 5 9 2 5 6))))
      (vals (lambda () (span! even? (list 2 3)))) (vals (lambda () (break! even? (list 1 2 3)))))
;; deleting
(show (delete 3 '(1 3 2 3)) (delete 5 '(1 3 7 9) <) (delete! 'a (list 'a 'b 'a)) (delete-duplicates '(a b a c a b c z))
      (delete-duplicates '((a . 3) (b . 7) (a . 9) (c . 1)) (lambda (x y) (eq? (car x) (car y))))
      (delete-duplicates! (list 1 2 1 3 2)))
;; association lists
(define e '((a . 1) (b . 2) (c . 3) (a . 4)))
(show (assoc 2.0 '((1 1) (2 4) (3 9)) =) (assq 'b e) (assv 2 '((1 . a) (2 . b))) (alist-cons 'z 26 '((a . 1)))
      (alist-copy '((a . 1) (b . 2))) (alist-delete 'a e) (alist-delete 1 '((1 . a) (2 . b) (3 . c)) <) (alist-delete! 'c (alist-copy e)))
;; lists as sets
(show (lset<= eq? '(a) '(a b a) '(a b c c)) (lset<= eq?) (lset<= eq? '(a)) (lset<= eq? '(a b) '(a))
      (lset= eq? '(b e a) '(a e b) '(e e b a)) (lset= eq?) (lset= eq? '(a) '(a b)))
(show (lset-adjoin eq? '(a b c d c e) 'a 'e 'i 'o 'u) (lset-union eq? '(a b a) '(c d c e)) (lset-union eq? '(a b c d e) '(a e i o u))
      (lset-union eq? '(a a c) '(x a x)) (lset-union eq?) (lset-union eq? '(a b c)) (lset-union! eq? (list 'a 'b) (list 'b 'c)))
(show (lset-intersection eq? '(a b c d e) '(a e i o u)) (lset-intersection eq? '(a x y a) '(x a x z)) (lset-intersection eq? '(a b c))
      (lset-intersection! eq? (list 'a 'b) '(b)) (lset-difference eq? '(a b c d e) '(a e i o u)) (lset-difference eq? '(a b c))
      (lset-difference! eq? (list 'a 'b 'c) '(b)))
(show (lset-xor eq? '(a b c d e) '(a e i o u)) (lset-xor eq?) (lset-xor eq? '(a b c d e)) (lset-xor! eq? (list 'a 'b) (list 'b 'c))
      (vals (lambda () (lset-diff+intersection eq? '(a b c d) '(b x) '(d y))))
      (vals (lambda () (lset-diff+intersection! eq? (list 'a 'b 'c) '(c)))))
;; side effects
(define p (list 1 2))
(set-car! p 'x)
(set-cdr! p '(y))
(show p)
;; errors
(show (fails (take '(1 2) 'x)) (fails (fold 5 0 '(1))) (fails (filter even? 5)) (fails (list-tabulate -1 values))
      (fails (unfold 5 car cdr '(1))) (fails (first '())) (fails (reduce-right 'x 0 '(1 2))) (fails (last-pair '())))
