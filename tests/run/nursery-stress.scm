; The nursery (runtime/nursery.c) under stress: a minor collection every few objects
; (REGAL_NURSERY_STRESS=3) and every forwarded value checked (REGAL_NURSERY_CHECK), so that a
; missed root or write barrier shows as a wrong answer, an internal error or a crash here.
; Old objects receiving young ones (set-car!, vector-set!, set! of captured variables, record
; setters, hash tables), young objects hashed by address (eq? tables), the runtime's
; higher-order primitives calling procedures that allocate (sort, vector-map, fold), values
; held only in C frames, long-lived structures promoted piece by piece. Outputs from Chez.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: REGAL_NURSERY_STRESS=3 REGAL_NURSERY_CHECK=1
(import (scheme base) (scheme write) (scheme char) (scheme cxr) (scheme inexact) (srfi 69) (regal extras) (only (srfi 1) iota))

(define (build n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons (* i 1.5) acc)))))
(define (sum l) (if (null? l) 0 (+ (car l) (sum (cdr l)))))

;; a global vector of lists, each slot replaced and extended many times (old -> young stores)
(define table (make-vector 16 '()))
(let loop ((i 0))
  (when (< i 4000)
    (let ((k (modulo (* i 7) 16)))
      (vector-set! table k (cons (list i (number->string i)) (vector-ref table k))))
    (loop (+ i 1))))
(display (map length (vector->list table))) (newline)
(display (apply + (map (lambda (l) (apply + (map car l))) (vector->list table)))) (newline)

;; a vector reached only through a pair: promoted into the collected heap by the first minor
;; collections, then given fresh lists, which only the write barrier records
(define holder #f)
(define (make-holder) (list 'holder (make-vector 8 '()) (list '())))
(set! holder (make-holder))
(build 200)
(let loop ((i 0))
  (when (< i 3000)
    (let ((v (cadr holder)))
      (vector-set! v (modulo i 8) (cons (list i) (vector-ref v (modulo i 8))))
      (set-car! (caddr holder) (cons i (car (caddr holder)))))
    (loop (+ i 1))))
(display (map length (vector->list (cadr holder)))) (newline)
(display (apply + (map (lambda (l) (apply + (map car l))) (vector->list (cadr holder))))) (newline)
(display (length (car (caddr holder)))) (newline)

;; set-car! and set-cdr! of old pairs with fresh pairs
(define spine (build 50))
(let loop ((p spine) (i 0))
  (when (pair? p)
    (set-car! p (cons i (make-string 3 #\a)))
    (loop (cdr p) (+ i 1))))
(set-cdr! (list-tail spine 49) (list (vector 'end 1.25)))
(display (car spine)) (display (list-tail spine 49)) (newline)

;; a captured variable assigned fresh lists inside a procedure the runtime calls
(define collected '())
(vector-for-each (lambda (x) (set! collected (cons (list x (* x x) (exact->inexact x)) collected)))
                 (list->vector (iota 200)))
(display (length collected)) (display (car collected)) (newline)

;; records mutated with fresh values
(define-record-type node (make-node val next) node? (val node-val set-node-val!) (next node-next set-node-next!))
(define head (make-node 0 #f))
(let loop ((i 1) (last head))
  (when (< i 300)
    (let ((n (make-node (list i) #f)))
      (set-node-next! last n)
      (set-node-val! last (cons (node-val last) (number->string i)))
      (loop (+ i 1) n))))
(let loop ((n head) (count 0) (acc 0))
  (if n
      (loop (node-next n) (+ count 1) (+ acc (let ((v (node-val n))) (if (and (pair? v) (string? (cdr v))) (string-length (cdr v)) 0))))
      (begin (display (list count acc)) (newline))))

;; eq? and equal? hash tables keyed by fresh objects
(define keys (map (lambda (i) (list i 'k)) (iota 300)))
(define h (make-hash-table eq?))
(for-each (lambda (k) (hash-table-set! h k (cons (car k) (number->string (car k))))) keys)
(build 2000)
(display (apply + (map (lambda (k) (car (hash-table-ref/default h k '(-1000000)))) keys))) (newline)
(define he (make-hash-table equal?))
(for-each (lambda (i) (hash-table-update!/default he (list (modulo i 17)) (lambda (l) (cons i l)) '())) (iota 500))
(display (length (hash-table-ref/default he (list 3) '()))) (newline)

;; the runtime's higher-order primitives with procedures that allocate
(define (key-of x) (string-append (number->string (modulo (* x 7919) 1009)) ":" (number->string x)))
(display (sort (iota 40) (lambda (a b) (string<? (key-of a) (key-of b))))) (newline)
(display (vector-map (lambda (x) (cons x (make-string 2 #\v))) (vector 1 2 3))) (newline)
(display (fold-left (lambda (acc x) (cons (+ x (if (null? acc) 0 (car acc))) acc)) '() (iota 30))) (newline)
(display (assoc "7" (map (lambda (i) (cons (number->string i) i)) (iota 20)) string=?)) (newline)

;; deep non-tail recursion: young objects held only in the C frames
(define (deep n) (if (= n 0) '() (let ((x (list n (* n 0.5)))) (cons x (deep (- n 1))))))
(display (sum (map cadr (deep 3000)))) (newline)

;; closures made in a loop and called later
(define thunks (let loop ((i 0) (acc '())) (if (= i 100) acc (loop (+ i 1) (cons (let ((v (list i))) (lambda () (car v))) acc)))))
(display (apply + (map (lambda (t) (t)) thunks))) (newline)

;; strings built through a string port while allocating
(define out (open-output-string))
(for-each (lambda (i) (write (list i (iota 3) (make-string 2 #\b)) out)) (iota 5))
(display (string-length (get-output-string out))) (newline)
(display (sum (build 1000))) (newline)
