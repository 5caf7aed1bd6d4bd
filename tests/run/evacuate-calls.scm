; COMPILE-FLAGS: -fevacuate
;; Evacuated calls (compiler/regions.c, runtime/evacuate.c): produce and churn are a cycle of
;; tail calls that pass lists they make (garbage once the next round starts), so a call of
;; produce whose result is kept in the heap (stored into the global vector `kept`) runs in a
;; region of its own, and its result is copied out before that region is left. The results
;; cover every kind of object the copy must know: shared and cyclic structure, vectors,
;; strings, closures over objects made in the call, records, hash tables whose keys were made
;; in the call (an eq? table hashes addresses: the copy's entries are hashed again), exact and
;; inexact numbers, promises, parameters, multiple values, a long list (past the walk's
;; first arrays, kept in the C frame). tests/codegen/evacuate.scm checks
;; that these calls are the evacuated ones. Outputs from Chez Scheme (its own hash tables and
;; record syntax standing in for SRFI 69's and R7RS's).
(import (scheme base) (scheme write) (scheme cxr) (scheme lazy) (scheme complex) (srfi 69))

(define-record-type point (make-point x y) point? (x point-x set-point-x!) (y point-y))

(define (churn kind n garbage) (produce kind (- n 1) (list n garbage)))
(define (produce kind n garbage)
  (if (> n 0)
      (churn kind n (cons n garbage))
      (make-thing kind (length garbage))))

(define (make-thing kind m)
  (case kind
    ((shared) (let ((s (list m 'shared))) (list s s (vector s))))
    ((cycle) (let ((l (list 1 2 3))) (set-cdr! (cddr l) l) l))
    ((vector) (vector m (list m) "s" (vector 1.5 2.5) (make-vector 3 #t)))
    ((string) (string-append "made-" (number->string m)))
    ((closure) (let ((cell (list m))) (lambda (d) (set-car! cell (+ (car cell) d)) (car cell))))
    ((record) (make-point (list m m) (make-point 1.25 "y")))
    ((eq-table) (let ((h (make-hash-table eq?)) (k1 (list 'k1)) (k2 (vector 'k2)))
                  (hash-table-set! h k1 (list 'v1 m))
                  (hash-table-set! h k2 'v2)
                  (hash-table-set! h 'sym 'v3)
                  (list h k1 k2)))
    ((equal-table) (let ((h (make-hash-table equal?)))
                     (hash-table-set! h (list 1 2) "one-two")
                     (hash-table-set! h (string-append "k" "ey") m)
                     h))
    ((numbers) (list (expt 3 (+ 70 m)) (/ m 7) (make-rectangular 1/2 m) (* 1.5 m) (inexact 1/3)))
    ((promise) (let ((l (list m))) (delay (cons 'forced l))))
    ((parameter) (make-parameter (list m 'p)))
    ((values) (call-with-values (lambda () (values (list m) (vector m))) list))
    ((long) (let loop ((i 0) (acc '())) (if (= i 300) acc (loop (+ i 1) (cons (vector i (list i)) acc)))))
    (else (error "unknown kind" kind))))

(define kinds '(shared cycle vector string closure record eq-table equal-table numbers promise parameter values long))
(define kept (make-vector (length kinds) #f))
(let loop ((ks kinds) (i 0))
  (when (pair? ks)
    (vector-set! kept i (produce (car ks) 40 '()))
    (loop (cdr ks) (+ i 1))))

(define (kept-of kind)
  (let loop ((ks kinds) (i 0)) (if (eq? (car ks) kind) (vector-ref kept i) (loop (cdr ks) (+ i 1)))))

(let ((r (kept-of 'shared)))
  (write r) (newline)
  (display (list (eq? (car r) (cadr r)) (eq? (car r) (vector-ref (caddr r) 0)))) (newline))
(let ((c (kept-of 'cycle)))
  (display (list (car c) (cadr c) (caddr c) (cadddr c) (eq? c (cdddr c)))) (newline))
(write (kept-of 'vector)) (newline)
(write (kept-of 'string)) (newline)
(let ((f (kept-of 'closure)))
  (display (list (f 1) (f 10))) (newline))
(let ((p (kept-of 'record)))
  (display (list (point-x p) (point-x (point-y p)) (point-y (point-y p)) (point? p)))
  (set-point-x! p 'changed)
  (display (point-x p)) (newline))
(let* ((r (kept-of 'eq-table)) (h (car r)))
  (display (list (hash-table-ref/default h (cadr r) 'missing)
                 (hash-table-ref/default h (caddr r) 'missing)
                 (hash-table-ref/default h 'sym 'missing)
                 (hash-table-ref/default h (list 'k1) 'missing)
                 (hash-table-size h)))
  (newline)
  (hash-table-set! h (cadr r) 'updated)
  (display (hash-table-ref/default h (cadr r) 'missing)) (newline))
(let ((h (kept-of 'equal-table)))
  (display (list (hash-table-ref/default h (list 1 2) 'missing) (hash-table-ref/default h "key" 'missing)))
  (newline))
(write (kept-of 'numbers)) (newline)
(write (force (kept-of 'promise))) (newline)
(write ((kept-of 'parameter))) (newline)
(write (kept-of 'values)) (newline)
(let ((l (kept-of 'long)))
  (write (list (length l) (car l) (list-ref l 150) (apply + (map (lambda (v) (car (vector-ref v 1))) l))))
  (newline))
