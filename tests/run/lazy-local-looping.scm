;; A procedure that loops by self tail calls and allocates in its local region on one path only
;; (an evaluator: `if` jumps back to the top, application allocates its closure and returns):
;; its local region is entered lazily on that path (compiler/emit.c). Deep and repeated use,
;; checked against Chez; make test also runs it under ASan and --check-regions.
(define (lookup x env) (cdr (assq x env)))
(define (ev e env)
  (cond ((symbol? e) (lookup e env))
        ((not (pair? e)) e)
        ((eq? (car e) 'if) (if (ev (cadr e) env) (ev (caddr e) env) (ev (cadddr e) env)))
        ((eq? (car e) 'let1) (ev (cadddr e) (cons (cons (cadr e) (ev (caddr e) env)) env)))
        (else (apply (ev (car e) env) (map (lambda (a) (ev a env)) (cdr e))))))
(define env0 (list (cons '< <) (cons '+ +) (cons '- -) (cons 'list list) (cons 'x 10)))
(display (ev '(if (< x 2) (+ x 1) (let1 y (- x 1) (if (< y 5) y (list x y (+ x y))))) env0))
(newline)
(define (count n acc)
  (if (= n 0) acc
      (count (- n 1) (+ acc (ev '(if (< x 11) (+ x 1) x) env0)))))
(display (count 100000 0))
(newline)
