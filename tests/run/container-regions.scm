;; The container rule of region inference (compiler/regions.c): what a loop makes to store into
;; objects of an older region goes to their region (up to a soft budget), and a procedure that
;; stores one parameter into another's objects is summarised INTO, so its callers store the
;; argument where the other argument lives. Every answer must be the same as without the rule
;; (Chez's), also under ASan and --check-regions (make test runs tests/run so).
(define (append-to-tail! x y)
  (if (null? x) y (let loop ((a x) (b (cdr x)))
                    (if (null? b) (begin (set-cdr! a y) x) (loop b (cdr b))))))
;; destruct's shape: fresh lists stored into a list the procedure returns, many replaced
(define (grow n)
  (let ((l (list (list 0) (list 0))))
    (do ((i 0 (+ i 1))) ((= i n) l)
      (set-car! l (list i (* i i)))                ; replaces the previous one: garbage
      (append-to-tail! (cadr l) (list i)))))      ; kept
(define g1 (grow 1000))
(display (car g1)) (newline)
(display (length (cadr g1))) (newline)
(display (apply + (cadr g1))) (newline)
;; INTO through two procedures: attach! passes its parameters on to append-to-tail!
(define (attach! to what) (append-to-tail! to what))
(define (chain n)
  (let ((head (list 'start)))
    (do ((i 0 (+ i 1))) ((= i n) head)
      (attach! head (list i (make-string 2 #\x))))))
(display (chain 5)) (newline)
;; a parameter stored into another's objects by for-each's procedure
(define (pair-up! xs ys) (for-each (lambda (x y) (set-car! y x)) xs ys) ys)
(define (pairs n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc
        (loop (+ i 1) (pair-up! (list (list i) (vector i)) (list (list 'a) (list 'b)))))))
(display (pairs 3)) (newline)
;; the container is a global's object: the stored values go to the heap, and stay right
(define table (vector #f #f #f))
(define (fill n) (do ((i 0 (+ i 1))) ((= i n)) (vector-set! table (modulo i 3) (list i (number->string i)))))
(fill 100)
(display table) (newline)
;; a container made by a callee (a call's result: unknown region) and one of a vector's own
(define (make-box) (vector #f))
(define (boxes n)
  (let ((b (make-box)) (v (make-vector 2 '())))
    (do ((i 0 (+ i 1))) ((= i n) (list b v))
      (vector-set! b 0 (string-append "s" (number->string i)))
      (vector-set! v (modulo i 2) (cons i (vector-ref v (modulo i 2)))))))
(let ((r (boxes 6))) (display (car r)) (display (length (vector-ref (cadr r) 0))) (newline))
;; many replacements: the region's soft budget sends the rest to the collected heap
(define (churn n)
  (let ((cell (list #f)))
    (do ((i 0 (+ i 1))) ((= i n) (car cell))
      (set-car! cell (make-vector 8 i)))))
(display (churn 1000000)) (newline)
;; results of the program, built from many of these
(let loop ((k 0) (sum 0))
  (if (< k 20)
      (loop (+ k 1) (+ sum (length (cadr (grow 200)))))
      (begin (display sum) (newline))))
