; R7RS 5.5: the primitives define-record-type expands into (%make-record-type, %record,
; %record?, %record-ref, %record-set!), typed allocation of records, printing, and the
; accessor's type error caught by guard-like handling.
(define <point> (%make-record-type '<point> '(x y)))
(define <node> (%make-record-type '<node> '(val next)))
(define (make-point x y) (%record <point> x y))
(define (point? o) (%record? o <point>))
(define (point-x o) (%record-ref o <point> 0 'point-x))
(define (point-y o) (%record-ref o <point> 1 'point-y))
(define (set-point-x! o v) (%record-set! o <point> 0 v 'set-point-x!))
(define p (make-point 3 4))
(display (list (point? p) (point? 5) (point? (%record <node> 1 '())))) (newline)
(display (list (point-x p) (point-y p))) (newline)
(set-point-x! p 10)
(display (point-x p)) (newline)
(write p) (newline)
(write (make-point "a" #\b)) (newline)
(display <point>) (newline)
(display (record? p)) (display (record? '(1))) (newline)
;; a list of 1000 nodes
(define (build n acc) (if (= n 0) acc (build (- n 1) (%record <node> n acc))))
(define (sum l acc) (if (null? l) acc (sum (%record-ref l <node> 1 'node-next) (+ acc (%record-ref l <node> 0 'node-val)))))
(display (sum (build 1000 '()) 0)) (newline)
(display (call/cc (lambda (k)
  (with-exception-handler
    (lambda (c) (k (error-object-message c)))
    (lambda () (point-x 5))))))
(newline)
(display (call/cc (lambda (k)
  (with-exception-handler
    (lambda (c) (k (error-object-message c)))
    (lambda () (point-x (%record <node> 1 2)))))))
(newline)
