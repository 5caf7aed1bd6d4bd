; define-record-type (R7RS 5.5): constructor, predicate, accessors, modifiers; constructor
; fields as a subset in another order (the others start as #f); record types in a body.
; Expected output: Chez Scheme with a syntax-rules stand-in for R7RS define-record-type
; (Chez's own define-record-type is the R6RS form).
(define-record-type point
  (make-point x y)
  point?
  (x point-x set-point-x!)
  (y point-y set-point-y!))
(define p (make-point 3 4))
(write (list (point? p) (point-x p) (point-y p))) (newline)
(set-point-x! p 10)
(write (list (point-x p) (point-y p))) (newline)
(write (list (point? 5) (point? '(1 2)) (point? (vector 1 2)))) (newline)

(define-record-type <node>
  (make-node value)
  node?
  (left node-left set-node-left!)
  (value node-value)
  (right node-right set-node-right!))
(define n (make-node 'root))
(write (list (node-value n) (node-left n) (node-right n))) (newline)
(set-node-left! n (make-node 'l))
(write (node-value (node-left n))) (newline)
(write (list (node? n) (point? n) (node? p))) (newline)

;; constructor fields in another order than the field specs
(define-record-type pare (kons x y) pare? (x kar set-kar!) (y kdr))
(define-record-type swapped (make-swapped b a) swapped? (a swapped-a) (b swapped-b))
(define s (make-swapped 1 2))
(write (list (swapped-a s) (swapped-b s))) (newline)
(write (kar (kons 1 2))) (newline)

;; a record type inside a procedure body, with a recursive use
(define (tree-sum lst)
  (define-record-type leaf (make-leaf v) leaf? (v leaf-v))
  (define leaves (map make-leaf lst))
  (let loop ((ls leaves) (acc 0))
    (if (null? ls) acc (loop (cdr ls) (+ acc (leaf-v (car ls)))))))
(write (tree-sum '(1 2 3 4))) (newline)

;; accessors and constructors are procedures
(write (map point-x (list (make-point 1 2) (make-point 5 6)))) (newline)
(write (procedure? make-point)) (newline)
