;; prelude.scm: library procedures written in Scheme and compiled into the program where it
;; calls them (issue 14), so that the procedure they are given becomes a known procedure there
;; (direct calls, inlined arithmetic, element types) and the lists they build follow the
;; program's regions.
;;
;; Each definition (define (NAME/N p ...) body ...) is a template for calls of the primitive NAME
;; with N arguments (expand.c, "the prelude"): every call (NAME a ...) the program makes, where
;; it does not define NAME itself, becomes (let ((p a) ...) body ...), expanded at the place of
;; the call; an argument naming a procedure (a primitive, or a program definition never
;; assigned) or a constant is put in place of its parameter. A procedure computed at run time
;; is known too when inference can tell which lambdas it may be (infer.c, closure sites). Every
;; node of the expansion carries the call's source location, so its errors name the program's
;; call. Other uses of NAME (as a value, other arities) stay the runtime's primitive.
;; Free names here are always primitives, never the program's definitions; a name starting with
;; % is internal; a template defines nothing global (helpers are internal definitions).
;;
;; Behaviour is the primitive's (runtime/list.c, vector.c): the same order of calls, the same
;; results, the same errors ((%type-error who what x) raises what rt_type_error does). Lists
;; are built by recursion, as the regions of the caller want them, down to 100000 elements,
;; then at their end with set-cdr!, so the C stack stays bounded whatever a list's length.
;; Nothing here calls the primitive a template stands for with the template's procedure (its
;; region summary would be that of an unknown call).

;; ---- map, for-each (R7RS 6.10) ----------------------------------------------------------
(define (map/2 f l)
  (define (%map l k)
    (cond ((pair? l)
           (if (< k 100000)
               (let ((x (f (car l)))) (cons x (%map (cdr l) (+ k 1))))
               (let* ((x (f (car l))) (head (list x)))
                 (let loop ((l (cdr l)) (last head))
                   (cond ((pair? l)
                          (let* ((x (f (car l))) (p (list x))) (set-cdr! last p) (loop (cdr l) p)))
                         ((null? l) head)
                         (else (%type-error 'map "a proper list" l)))))))
          ((null? l) '())
          (else (%type-error 'map "a proper list" l))))
  (if (procedure? f) (%map l 0) (%type-error 'map "a procedure" f)))

(define (map/3 f a b)
  (define (bad l) (%type-error 'map "a proper list" l))
  (define (%map a b k)
    (cond ((not (pair? a)) (if (null? a) '() (bad a)))
          ((not (pair? b)) (if (null? b) '() (bad b)))
          ((< k 100000)
           (let ((x (f (car a) (car b)))) (cons x (%map (cdr a) (cdr b) (+ k 1)))))
          (else
           (let* ((x (f (car a) (car b))) (head (list x)))
             (let loop ((a (cdr a)) (b (cdr b)) (last head))
               (cond ((not (pair? a)) (if (null? a) head (bad a)))
                     ((not (pair? b)) (if (null? b) head (bad b)))
                     (else (let* ((x (f (car a) (car b))) (p (list x)))
                             (set-cdr! last p)
                             (loop (cdr a) (cdr b) p)))))))))
  (if (procedure? f) (%map a b 0) (%type-error 'map "a procedure" f)))

(define (for-each/2 f l)
  (if (procedure? f)
      (let loop ((l l))
        (cond ((pair? l) (f (car l)) (loop (cdr l)))
              ((null? l) (if #f #f))
              (else (%type-error 'for-each "a proper list" l))))
      (%type-error 'for-each "a procedure" f)))

(define (for-each/3 f a b)
  (if (procedure? f)
      (let loop ((a a) (b b))
        (cond ((not (pair? a))
               (if (null? a) (if #f #f) (%type-error 'for-each "a proper list" a)))
              ((not (pair? b))
               (if (null? b) (if #f #f) (%type-error 'for-each "a proper list" b)))
              (else (f (car a) (car b)) (loop (cdr a) (cdr b)))))
      (%type-error 'for-each "a procedure" f)))

;; ---- vectors (R7RS 6.8) -----------------------------------------------------------------
(define (vector-map/2 f v)
  (cond ((not (procedure? f)) (%type-error 'vector-map "a procedure" f))
        ((not (vector? v)) (%type-error 'vector-map "a vector" v))
        (else   ; the results first, then a new vector: a re-entered f never changes a
                ; vector already returned (R7RS 6.10)
         (let ((n (vector-length v)))
           (let loop ((i 0) (acc '()))
             (if (= i n)
                 (let ((r (make-vector n)))
                   (do ((j (- n 1) (- j 1)) (l acc (cdr l))) ((< j 0) r)
                     (vector-set! r j (car l))))
                 (loop (+ i 1) (cons (f (vector-ref v i)) acc))))))))

(define (vector-for-each/2 f v)
  (cond ((not (procedure? f)) (%type-error 'vector-for-each "a procedure" f))
        ((not (vector? v)) (%type-error 'vector-for-each "a vector" v))
        (else
         (let ((n (vector-length v)))
           (do ((i 0 (+ i 1))) ((= i n) (if #f #f))
             (f (vector-ref v i)))))))

;; ---- folds and searches (SRFI 1, R6RS fold-left / fold-right) ----------------------------
(define (fold/3 kons knil l)
  (if (procedure? kons)
      (let loop ((acc knil) (l l))
        (cond ((pair? l) (loop (kons (car l) acc) (cdr l)))
              ((null? l) acc)
              (else (%type-error 'fold "a proper list" l))))
      (%type-error 'fold "a procedure" kons)))

(define (fold-left/3 f init l)
  (if (procedure? f)
      (let loop ((acc init) (l l))
        (cond ((pair? l) (loop (f acc (car l)) (cdr l)))
              ((null? l) acc)
              (else (%type-error 'fold-left "a proper list" l))))
      (%type-error 'fold-left "a procedure" f)))

;; The list is checked whole first, as the primitive does, before f is called.
(define (fold-right/3 f init l)
  (define (%fold-right l k)
    (cond ((null? l) init)
          ((< k 100000) (let ((r (%fold-right (cdr l) (+ k 1)))) (f (car l) r)))
          (else (let loop ((r (reverse l)) (acc init))
                  (if (null? r) acc (loop (cdr r) (f (car r) acc)))))))
  (cond ((not (procedure? f)) (%type-error 'fold-right "a procedure" f))
        ((not (list? l)) (%type-error 'fold-right "a proper list" l))
        (else (%fold-right l 0))))

;; The elements for which pred is true (filter) or false (remove); the list is checked first.
(define (filter/2 pred l)
  (define (%tail l)   ; past the recursion bound: built at its end
    (let ((head (list #f)))
      (let loop ((l l) (last head))
        (cond ((null? l) (cdr head))
              ((pred (car l)) (let ((p (list (car l)))) (set-cdr! last p) (loop (cdr l) p)))
              (else (loop (cdr l) last))))))
  (define (%filter l k)
    (cond ((null? l) '())
          ((>= k 100000) (%tail l))
          ((pred (car l)) (let ((x (car l))) (cons x (%filter (cdr l) (+ k 1)))))
          (else (%filter (cdr l) (+ k 1)))))
  (cond ((not (procedure? pred)) (%type-error 'filter "a procedure" pred))
        ((not (list? l)) (%type-error 'filter "a proper list" l))
        (else (%filter l 0))))

(define (remove/2 pred l)
  (define (%tail l)   ; past the recursion bound: built at its end
    (let ((head (list #f)))
      (let loop ((l l) (last head))
        (cond ((null? l) (cdr head))
              ((not (pred (car l))) (let ((p (list (car l)))) (set-cdr! last p) (loop (cdr l) p)))
              (else (loop (cdr l) last))))))
  (define (%remove l k)
    (cond ((null? l) '())
          ((>= k 100000) (%tail l))
          ((pred (car l)) (%remove (cdr l) (+ k 1)))
          (else (let ((x (car l))) (cons x (%remove (cdr l) (+ k 1)))))))
  (cond ((not (procedure? pred)) (%type-error 'remove "a procedure" pred))
        ((not (list? l)) (%type-error 'remove "a proper list" l))
        (else (%remove l 0))))

(define (any/2 pred l)
  (if (procedure? pred)
      (let loop ((l l))
        (cond ((pair? l) (or (pred (car l)) (loop (cdr l))))
              ((null? l) #f)
              (else (%type-error 'any "a proper list" l))))
      (%type-error 'any "a procedure" pred)))

(define (every/2 pred l)
  (if (procedure? pred)
      (let loop ((l l) (r #t))
        (cond ((pair? l) (let ((x (pred (car l)))) (if x (loop (cdr l) x) #f)))
              ((null? l) r)
              (else (%type-error 'every "a proper list" l))))
      (%type-error 'every "a procedure" pred)))

(define (find/2 pred l)
  (if (procedure? pred)
      (let loop ((l l))
        (cond ((pair? l) (if (pred (car l)) (car l) (loop (cdr l))))
              ((null? l) #f)
              (else (%type-error 'find "a proper list" l))))
      (%type-error 'find "a procedure" pred)))

(define (find-tail/2 pred l)
  (if (procedure? pred)
      (let loop ((l l))
        (cond ((pair? l) (if (pred (car l)) l (loop (cdr l))))
              ((null? l) #f)
              (else (%type-error 'find-tail "a proper list" l))))
      (%type-error 'find-tail "a procedure" pred)))

(define (list-index/2 pred l)
  (if (procedure? pred)
      (let loop ((l l) (k 0))
        (cond ((pair? l) (if (pred (car l)) k (loop (cdr l) (+ k 1))))
              ((null? l) #f)
              (else (%type-error 'list-index "a proper list" l))))
      (%type-error 'list-index "a procedure" pred)))

(define (count/2 pred l)
  (if (procedure? pred)
      (let loop ((l l) (k 0))
        (cond ((pair? l) (loop (cdr l) (if (pred (car l)) (+ k 1) k)))
              ((null? l) k)
              (else (%type-error 'count "a proper list" l))))
      (%type-error 'count "a procedure" pred)))

;; ---- association lists and members with a predicate (R7RS 6.4) ---------------------------
;; As the primitives: an improper tail ends the search (#f); assoc's entries must be pairs; a
;; predicate of #f means equal? (the primitive then).
(define (assoc/3 x l eq)
  (cond ((not eq) (assoc x l))
        ((not (procedure? eq)) (assoc x l eq))
        (else
         (let loop ((e l))
           (cond ((not (pair? e)) #f)
                 ((not (pair? (car e))) (%type-error 'assoc "a list of pairs" l))
                 ((eq x (car (car e))) (car e))
                 (else (loop (cdr e))))))))

(define (member/3 x l eq)
  (cond ((not eq) (member x l))
        ((not (procedure? eq)) (member x l eq))
        (else
         (let loop ((l l))
           (cond ((not (pair? l)) #f)
                 ((eq x (car l)) l)
                 (else (loop (cdr l))))))))
