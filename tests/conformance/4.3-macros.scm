;; R7RS 4.3: define-syntax, let-syntax, letrec-syntax, syntax-rules (ellipsis, literals,
;; nested patterns, vectors, hygiene)
(define-syntax swap!
  (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(test '(2 1) (let ((x 1) (y 2)) (swap! x y) (list x y)))
(test '(2 1) (let ((tmp 1) (y 2)) (swap! tmp y) (list tmp y)))
(define-syntax my-or
  (syntax-rules () ((_) #f) ((_ e) e) ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))
(test 7 (let ((t 5)) (my-or #f 7)))
(test 5 (let ((t 5)) (my-or #f t)))
(define-syntax my-let*
  (syntax-rules () ((_ () body ...) (let () body ...))
                   ((_ ((x v) rest ...) body ...) (let ((x v)) (my-let* (rest ...) body ...)))))
(test 3 (my-let* ((a 1) (b (+ a 1))) (+ a b)))
(define-syntax for
  (syntax-rules (in) ((_ x in lst body ...) (for-each (lambda (x) body ...) lst))))
(test 6 (let ((s 0)) (for x in '(1 2 3) (set! s (+ s x))) s))
(define-syntax my-list-of-pairs
  (syntax-rules () ((_ (a b) ...) (list (cons a b) ...))))
(test '((1 . 2) (3 . 4)) (my-list-of-pairs (1 2) (3 4)))
(define-syntax vec-first
  (syntax-rules () ((_ #(a b ...)) 'a)))
(test 'x (vec-first #(x y z)))
(test 'now (let-syntax ((given-that (syntax-rules () ((_ test stmt1 stmt2 ...) (if test (begin stmt1 stmt2 ...))))))
  (let ((if #t)) (given-that if (set! if 'now)) if)))
(test 'outer (let ((x 'outer))
  (let-syntax ((m (syntax-rules () ((m) x))))
    (let ((x 'inner)) (m)))))
(test 7 (letrec-syntax ((my-or (syntax-rules () ((my-or) #f) ((my-or e) e)
  ((my-or e1 e2 ...) (let ((temp e1)) (if temp temp (my-or e2 ...)))))))
  (let ((x #f) (y 7) (temp 8) (let odd?) (if even?)) (my-or x (let temp) (if y) y))))
