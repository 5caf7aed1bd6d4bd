; call/cc inside map and other higher-order procedures (R7RS 6.10, 6.4): re-entering the
; continuation of one element's call must not change the lists earlier passes returned (R7RS
; 6.10: map must not mutate a list it has already returned); for-each, vector-map and map
; of three lists re-entered the same way; an escape from inside map still works.
(define (reenter-map)
  (let ((k #f) (results '()))
    (let ((r (map (lambda (x) (call/cc (lambda (c) (if (= x 2) (set! k c)) x))) '(1 2 3))))
      (set! results (cons r results))
      (if (< (length results) 3) (k (* 10 (length results))))
      (reverse results))))
(write (reenter-map)) (newline)

(define (reenter-for-each)
  (let ((k #f) (log '()))
    (for-each (lambda (x)
                (set! log (cons (call/cc (lambda (c) (if (eq? x 'b) (set! k c)) x)) log)))
              '(a b c))
    (if (< (length log) 7) (k 'again))
    (reverse log)))
(write (reenter-for-each)) (newline)

(define (reenter-vector-map)
  (let ((k #f) (results '()))
    (let ((r (vector-map (lambda (x) (call/cc (lambda (c) (if (= x 3) (set! k c)) (* x x))))
                         '#(1 2 3 4))))
      (set! results (cons r results))
      (if (< (length results) 2) (k 0))
      (reverse results))))
(write (reenter-vector-map)) (newline)

;; map of three lists: the runtime's procedure, re-entered the same way
(define (reenter-map3)
  (let ((k #f) (results '()))
    (let ((r (map (lambda (x y z) (call/cc (lambda (c) (if (= x 2) (set! k c)) (+ x y z))))
                  '(1 2 3) '(10 20 30) '(100 200 300))))
      (set! results (cons r results))
      (if (< (length results) 3) (k (- (length results))))
      (reverse results))))
(write (reenter-map3)) (newline)

(define (escape-from-map l)
  (call/cc (lambda (return)
    (map (lambda (x) (if (negative? x) (return (list 'negative x)) (* 2 x))) l))))
(write (escape-from-map '(1 2 3))) (newline)
(write (escape-from-map '(1 -2 3))) (newline)
