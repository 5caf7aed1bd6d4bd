; Objects of 257 to 2048 bytes in the nursery (RT_NURSERY_MAX, runtime/regal.h): vectors of
; 40 to 250 elements and strings of 100 to 500 characters, most dying young, some kept by a
; global list (promoted with the young pairs and flonums they hold), some stored into an old
; vector (the write barrier), one collection every few objects (REGAL_NURSERY_STRESS) and
; every forwarded value checked (REGAL_NURSERY_CHECK). Before, such objects went to libgc and
; each was scanned at the next minor collection. Outputs from Chez Scheme.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: REGAL_NURSERY_STRESS=5 REGAL_NURSERY_CHECK=1
(import (scheme base) (scheme write))

(define (medium-vector i)
  (let ((v (make-vector (+ 40 (modulo (* i 37) 211)) i)))
    (vector-set! v 0 (list i (* i 1.5)))   ; young pair and flonum inside
    (vector-set! v (- (vector-length v) 1) (number->string i))
    v))
(define (medium-string i)
  (make-string (+ 100 (modulo (* i 53) 401)) (integer->char (+ 97 (modulo i 26)))))

(define kept '())
(define old (make-vector 8 #f))
(define (check-vector v i)
  (and (= (car (vector-ref v 0)) i)
       (= (cadr (vector-ref v 0)) (* i 1.5))
       (string=? (vector-ref v (- (vector-length v) 1)) (number->string i))
       (= (vector-ref v 1) i)))

(define (work n)
  (let loop ((i 0) (sum 0))
    (if (= i n) sum
        (let ((v (medium-vector i)) (s (medium-string i)))
          (when (= 0 (modulo i 17)) (set! kept (cons (cons v s) kept)))
          (when (= 0 (modulo i 5)) (vector-set! old (modulo i 8) v))
          (loop (+ i 1) (+ sum (vector-length v) (string-length s)))))))

(display (work 3000)) (newline)
(display (length kept)) (newline)
(display (let all ((l kept) (i (* 17 (- (length kept) 1))))
           (cond ((null? l) #t)
                 ((and (check-vector (caar l) i)
                       (= (string-length (cdar l)) (+ 100 (modulo (* i 53) 401)))
                       (char=? (string-ref (cdar l) 99) (integer->char (+ 97 (modulo i 26)))))
                  (all (cdr l) (- i 17)))
                 (else (list 'bad i)))))
(newline)
(display (let loop ((k 0) (ok #t))
           (if (= k 8) ok
               (let ((v (vector-ref old k)))
                 (loop (+ k 1) (and ok (vector? v) (check-vector v (car (vector-ref v 0)))))))))
(newline)
(display (vector-length (vector-ref old 3))) (newline)
