;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): a small eval/apply interpreter in continuation-passing style,
;; whose ev, ev-seq, ev-args and ap call each other in tail position. Environments are
;; association lists of frames made by ap, closures are tagged lists, and continuations are
;; Scheme closures: the interpreted programs' data (lists built by an interpreted map, a
;; vector filled by an interpreted loop, strings) live only in interpreter structures that
;; the rounds pass on. About 15 MB; the printed results check every value.
(define (lookup x env)
  (let ((b (assq x env)))
    (if b (cdr b) (error "unbound" x))))

(define (ev e env k)
  (cond ((symbol? e) (k (lookup e env)))
        ((not (pair? e)) (k e))
        ((eq? (car e) 'quote) (k (cadr e)))
        ((eq? (car e) 'if)
         (ev (cadr e) env (lambda (t) (if t (ev (caddr e) env k) (ev (cadddr e) env k)))))
        ((eq? (car e) 'lambda) (k (list 'closure (cadr e) (cddr e) env)))
        ((eq? (car e) 'let)   ; (let ((x e)) body ...) as ((lambda (x) body ...) e)
         (ev (cons (cons 'lambda (cons (map car (cadr e)) (cddr e))) (map cadr (cadr e))) env k))
        ((eq? (car e) 'begin) (ev-seq (cdr e) env k))
        (else (ev (car e) env (lambda (f) (ev-args (cdr e) env (lambda (args) (ap f args k))))))))

(define (ev-seq es env k)
  (if (null? (cdr es))
      (ev (car es) env k)
      (ev (car es) env (lambda (ignored) (ev-seq (cdr es) env k)))))

(define (ev-args es env k)
  (if (null? es) (k '())
      (ev (car es) env (lambda (v) (ev-args (cdr es) env (lambda (vs) (k (cons v vs))))))))

(define (bind params args env)
  (cond ((null? params) env)
        ((symbol? params) (cons (cons params args) env))
        (else (bind (cdr params) (cdr args) (cons (cons (car params) (car args)) env)))))

(define (ap f args k)
  (cond ((procedure? f) (k (apply f args)))
        ((eq? (car f) 'closure) (ev-seq (caddr f) (bind (cadr f) args (cadddr f)) k))
        (else (error "not a procedure" f))))

(define global
  (list (cons 'cons cons) (cons 'car car) (cons 'cdr cdr) (cons 'null? null?) (cons 'pair? pair?)
        (cons '+ +) (cons '- -) (cons '* *) (cons '< <) (cons '= =) (cons 'list list)
        (cons 'vector-set! vector-set!) (cons 'vector-ref vector-ref) (cons 'make-vector make-vector)
        (cons 'number->string number->string) (cons 'string-append string-append)
        (cons 'string-length string-length) (cons 'modulo modulo)))

;; the Y combinator gives the interpreted programs recursion without set!
(define prelude
  '(lambda (body)
     (let ((y (lambda (f) ((lambda (x) (f (lambda args (apply-x x args))))
                           (lambda (x) (f (lambda args (apply-x x args))))))))
       (body y))))

(define (run program) (ev program (cons (cons 'apply-x (lambda (x args) (apply-proc x (list x) args))) global)
                          (lambda (v) v)))
;; (apply-x x args) applies (x x) to args, through the interpreter
(define (apply-proc x self args) (ap-sync x self (lambda (g) (ap-sync g args (lambda (v) v)))))
(define (ap-sync f args k) (ap f args k))

(define fib-prog
  '(let ((fib (lambda (fib n) (if (< n 2) n (+ (fib fib (- n 1)) (fib fib (- n 2)))))))
     (fib fib 16)))
(display (run fib-prog)) (newline)

;; an interpreted map over an interpreted list of 2000 strings, then its total length
(define map-prog
  '(let ((map (lambda (map f l) (if (null? l) '() (cons (f (car l)) (map map f (cdr l))))))
         (iota (lambda (iota n acc) (if (= n 0) acc (iota iota (- n 1) (cons n acc)))))
         (sum (lambda (sum l acc) (if (null? l) acc (sum sum (cdr l) (+ acc (string-length (car l))))))))
     (let ((strs (map map (lambda (n) (string-append "s" (number->string (* n n)))) (iota iota 600 '()))))
       (list (sum sum strs 0) (car strs) (car (cdr (cdr strs)))))))
(display (run map-prog)) (newline)

;; an interpreted loop filling a vector, kept across 6000 interpreted calls
(define vec-prog
  '(let ((v (make-vector 50 0)))
     (let ((loop (lambda (loop i)
                   (if (= i 0) v
                       (begin (vector-set! v (modulo i 50) (list i (number->string i)))
                              (loop loop (- i 1)))))))
       (let ((r (loop loop 6000)))
         (list (vector-ref r 0) (vector-ref r 1) (vector-ref r 49))))))
(display (run vec-prog)) (newline)

;; variadic interpreted procedures through the Y combinator
(define y-prog
  (list prelude
        '(lambda (y)
           ((y (lambda (count) (lambda (n acc) (if (= n 0) acc (count (- n 1) (cons n acc))))))
            600 '()))))
(define counted (run y-prog))
(display (list (length counted) (car counted) (list-tail counted 595))) (newline)
