;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): deep non-tail recursion inside the rounds of a cycle. Each round
;; builds a 10,000-element list by plain recursion, each frame holding a fresh vector (in the
;; frame's own region) whose string is in the cycle's region while it recurses deeper (so that,
;; at the bottom, 10,000 C frames and younger regions hold live objects of the cycle's region),
;; then walks it recursively, and builds and sums a tree recursively;
;; the list of the previous round and every 2nd round's list heads stay live. About 16 MB,
;; half of it in the cycle's region.
(define (build n k)
  (if (= n 0)
      '()
      (let* ((v (vector (+ n k) (number->string (* n k)) (list n)))
             (rest (build (- n 1) k)))
        ;; v is used after the recursive call returns: it must survive it
        (cons (vector-ref v 0) (cons (vector-ref v 1) rest)))))

(define (walk l)   ; non-tail: sums the numbers and string lengths, making a pair per level
  (if (null? l) (cons 0 0)
      (let ((r (walk (cddr l))))
        (cons (+ (car l) (car r)) (+ (string-length (cadr l)) (cdr r))))))

(define (tree d i)
  (if (= d 0) (list i (make-string 2 #\t))
      (let* ((l (tree (- d 1) (* 2 i)))
             (tag (number->string i))
             (r (tree (- d 1) (+ 1 (* 2 i)))))
        (vector tag l r))))
(define (tree-sum t)
  (if (pair? t) (+ (car t) (string-length (cadr t)))
      (+ (string->number (vector-ref t 0)) (tree-sum (vector-ref t 1)) (tree-sum (vector-ref t 2)))))

(define (deep-a i prev heads acc)
  (if (= i 0)
      (list prev heads acc)
      (let* ((l (build 10000 i))
             (w (walk l)))
        (deep-b i l (if (= 0 (modulo i 2)) (cons (list i (car l) (cadr l) (list-tail l 19990)) heads) heads)
                (+ acc (car w) (cdr w) (if (null? prev) 0 (length prev)))))))

(define (deep-b i l heads acc)
  (let ((t (tree 13 i)))
    (deep-a (- i 1) l heads (+ acc (tree-sum t)))))

;; Run from a procedure, so that the cycle's rounds share a region of its frame, which the
;; runtime collects (a cycle started at top level shares the program's region, which it does not).
(define (main)
  (define r (deep-a 10 '() '() 0))
  (display (caddr r)) (newline)
  (display (length (car r))) (newline)
  (display (list-tail (car r) 19994)) (newline)
  (display (walk (car r))) (newline)
  (display (length (cadr r))) (newline)
  (for-each (lambda (h) (write h) (newline)) (cadr r)))
(main)
