;; Stores into what a procedure is given, and into what calls return (compiler/regions.c: the
;; INTO summaries, stores into parameters, fresh results, TK_ELSEWHERE). A procedure that
;; stores objects it makes into its argument's objects gets from its callers a region those
;; objects die with; a store into a constructor's result goes where that result lives. What is
;; reachable from a global (directly, or held by a fresh list, or by what a constructor was
;; given) must never receive an object of a region that is released before it: each case below
;; stores fresh lists into such objects, then churns memory and prints them.
(define-record-type node (make-node l r v) node? (l node-l set-node-l!) (r node-r set-node-r!) (v node-v set-node-v!))
(define (empty-node) (make-node #f #f 0))
(define (populate d n)             ; top down, storing into its argument (gcbench's Populate)
  (if (> d 0)
      (begin (set-node-l! n (empty-node)) (set-node-r! n (make-node #f #f d))
             (populate (- d 1) (node-l n)) (populate (- d 1) (node-r n)))))
(define (count n) (if (node? n) (+ 1 (count (node-l n)) (count (node-r n))) 0))
(define (temp-trees k acc)        ; each tree dies with its iteration
  (if (= k 0) acc (let ((t (empty-node))) (populate 8 t) (temp-trees (- k 1) (+ acc (count t))))))
(display (temp-trees 50 0)) (newline)

(define kept (empty-node))         ; a global tree: populate's nodes must outlive every region
(populate 6 kept)
(define g (list 0))
(define h (vector 0))
(define (wrap x) (list x))
(define (store-car! l x) (set-car! (car l) x))
(define (store-vec! l x) (vector-set! (car l) 0 x))
(define (f1) (let ((l (list g))) (store-car! l (list 1 2)) 'f1))
(define (f2) (let ((l (wrap h))) (store-vec! l (list 3 4)) 'f2))
(define (f3) (let ((l (wrap (list 0)))) (store-car! l (list 5 6)) (car l)))
(define (f4) (let ((t (empty-node))) (set-node-l! t (list 7 8)) (node-l t)))
(define (f5) (let ((t kept)) (populate 2 (node-r t)) 'f5))
(display (list (f1) (f2) (f3) (f4) (f5))) (newline)
(define (churn n) (if (> n 0) (begin (make-vector 16 n) (list n n) (churn (- n 1)))))
(churn 20000)
(display (list g h (count kept) (node-v (node-r (node-r kept))))) (newline)

;; what calling a closure returns may be what it captured: a procedure storing into that (here
;; joined with a list of its own frame) must not get a region that dies before the captured
;; object, whatever region its own caller was given (g2's result is local to via; found by
;; --check-regions: the vector went into via's frame and the cell outlived it)
(define (fill! box n) (set-car! box (make-vector n n)) (set-cdr! box '()) (vector-length (car box)))
(define (g2 k c)
  (let ((local (list 0)))
    (fill! (if c local (k)) 3)
    (fill! local 4)
    (list (length local) c)))
(define (via k) (let ((r (g2 k #f))) (length r)))
(define (captured-cell)
  (let* ((cell (list 'init)) (k (lambda () cell)))
    (via k)
    (churn 2000)
    (via k)
    (churn 2000)
    (car cell)))
(display (captured-cell)) (newline)

;; a constructor called in tail position by a procedure that captured it (gcbench's
;; make-empty-node, an internal define-record-type): what is stored into its results, through a
;; procedure given the region they die with, is kept with them
(define (local-tree depth)
  (define-record-type tnode (make-tnode l r) tnode? (l tnode-l set-tnode-l!) (r tnode-r set-tnode-r!))
  (let ((make-empty (lambda () (make-tnode #f #f))))
    (define (grow! d n)
      (if (> d 0)
          (begin (set-tnode-l! n (make-empty)) (set-tnode-r! n (make-empty))
                 (grow! (- d 1) (tnode-l n)) (grow! (- d 1) (tnode-r n)))))
    (define (size n) (if (tnode? n) (+ 1 (size (tnode-l n)) (size (tnode-r n))) 0))
    (let ((root (make-empty)))
      (grow! depth root)
      (churn 2000)
      (size root))))
(display (list (local-tree 6) (local-tree 8))) (newline)

;; a call of a procedure that allocates nothing in its region may still return an object it
;; was not given (a global's): joined with a list of the frame, a store target from elsewhere
(define G2 (vector #f))
(define (getG2) G2)
(define (m-join c) (let ((loc (vector 0))) (vector-set! (if c loc (getG2)) 0 (list 'fresh 'list)) 0))
(m-join #f)
(churn 2000)
(display G2) (newline)
;; the same through a closure returning the global, for-each and a storing procedure also used
;; on a list of the frame
(define G3 (list #f))
(define (S! o x) (set-car! o x))
(define (m-each k) (let ((loc (list 0))) (for-each (lambda (o) (S! o (list 'fresh 'list))) (list (k))) (S! loc (list 1)) (car loc)))
(define (o-each) (m-each (lambda () G3)) 0)
(o-each)
(churn 2000)
(display G3) (newline)

;; what force returns of a promise whose thunk returns a global's object is from elsewhere too
(define G4 (list #f))
(define (m-force c) (let ((loc (list 0))) (set-car! (if c loc (force (delay G4))) (list 'forced)) (car loc)))
(m-force #f)
(churn 2000)
(display G4) (newline)
