; COMPILE-FLAGS: -fevacuate
; RUN-ENV: REGAL_REGION_BUDGET=1 REGAL_REGION_GC=0
; An evacuated call (evacuate-calls.scm) whose region passes its budget (1 MiB here, and not
; collected): from then on what the call makes goes to the collected heap and may point into
; the region (RT_TAIL_SPILLED). Its result, a vector made after that, holds pairs made before:
; the copy then walks the collected heap's objects too and fixes their fields in place, so no
; kept object points into the region once it is left: a second call reuses its chunks, and
; AddressSanitizer reports a read of a left region's inline buffer (without the walk of the
; heap's objects, the second output line read "yyy"s, or ASan stopped the program). Outputs
; from Chez Scheme.
(import (scheme base) (scheme write))

(define (churn n acc) (produce (- n 1) (cons (list n (list n n)) (cdr acc))))
(define (produce n acc)
  (if (> n 0)
      (churn n (cons 'garbage acc))
      (list->vector (map (lambda (p) (cons (car p) (cadr p))) (list-head acc 10)))))
(define (list-head l k) (if (= k 0) '() (cons (car l) (list-head (cdr l) (- k 1)))))

(define kept (make-vector 1 #f))
(vector-set! kept 0 (produce 40000 '(start)))
(write (vector-ref kept 0)) (newline)

(define (collect c n acc) (produce-all c (- n 1) (cons (make-string 3 c) acc)))
(define (produce-all c n acc)
  (if (> n 0) (collect c n (cons n acc)) (list->vector acc)))
(vector-set! kept 0 (produce-all #\x 60000 '()))
(define v (vector-ref kept 0))
;; a second call reuses the region's chunks: a field left pointing into them would now read
;; this call's objects
(vector-set! kept 0 (produce-all #\y 60000 '()))
(write (list (vector-length v) (vector-ref v 0) (vector-ref v 1) (vector-ref v 119998) (vector-ref v 119999)))
(newline)
(write (let loop ((i 0) (n 0)) (if (= i 120000) n (loop (+ i 2) (if (equal? (vector-ref v i) "xxx") (+ n 1) n)))))
(newline)
