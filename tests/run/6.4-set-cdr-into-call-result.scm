;; R7RS 6.4 set-cdr!, set-car!, vector-set! into an object a procedure returns from a global's
;; structure (ecraven's browse benchmark: its property lists). Region inference took the call's
;; result for an object of the caller's local region and put the stored pairs there, so the
;; global's lists pointed into released regions: a crash or garbage, caught by --check-regions.
(define (lookup key table)
  (let loop ((x table))
    (cond ((null? x) #f)
          ((eq? (car (car x)) key) (car x))
          (else (loop (cdr x))))))
(define *props* (list (list 'a) (list 'b)))
(define *vecs* (list (make-vector 3 '())))
(define (first-vec) (car *vecs*))
(define (put key val)
  (let ((x (lookup key *props*)))
    (if x (set-cdr! x (cons (list val (* val val)) (cdr x)))))
  (let ((v (first-vec)))
    (vector-set! v (modulo val 3) (cons (list val) (vector-ref v (modulo val 3))))))
(define (fill n)
  (when (> n 0)
    (put 'a n)
    (put 'b (* n 2))
    (fill (- n 1))))
(fill 6)
(define (churn n acc)        ; reuse the released regions' memory
  (if (> n 0) (churn (- n 1) (length (vector->list (make-vector 50 (list n acc))))) acc))
(churn 2000 0)
(write *props*) (newline)
(write *vecs*) (newline)
