;; tests/srfi/srfi-132-chez-shim.scm: what the SRFI 132 sample implementation (files of
;; github.com/scheme-requests-for-implementation/srfi-132 sorting/, as its 132.sld includes
;; them) imports, for Chez Scheme 9.5: load it before them with tests/srfi/chez.sh.
(define r7rs-vector-copy vector-copy)
(define r7rs-vector-copy! vector-copy!)
(define (r7rs-vector-fill! v x . r)
  (let ((start (if (pair? r) (car r) 0)) (end (if (and (pair? r) (pair? (cdr r))) (cadr r) (vector-length v))))
    (do ((i start (+ i 1))) ((>= i end)) (vector-set! v i x))))
(define (random-integer n) (random n))
