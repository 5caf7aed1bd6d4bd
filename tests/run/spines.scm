; Spines (compiler/regions.c, rg_proc_new): summaries that tell a list's pairs from its elements,
; and procedures that put their result's elements in the heap (ELEMS mode) for callers that
; keep the elements and not the list. Each case keeps something in a global and reads it back
; after the frames that made it are gone and other objects reused their memory; run with
; --check-regions and AddressSanitizer too (tests/run.sh's modes). Outputs from Chez.
(import (scheme base) (scheme write))

;; an interpreter's apply: spreads the argument list with apply, or copies its elements into a
;; frame that outlives the call: the elements are kept, the pairs are not
(define frames '())
(define (bind params args)
  (if (null? params) '() (cons (cons (car params) (car args)) (bind (cdr params) (cdr args)))))
(define (ap f args)
  (if (procedure? f)
      (apply f args)
      (let ((frame (bind (car f) args)))
        (set! frames (cons frame frames))
        (length frame))))
(define (ev e)
  (cond ((number? e) e)
        ((string? e) (string-copy e))
        ((pair? e) (ap (if (eq? (car e) 'plus) + (list '(a b c))) (map (lambda (a) (ev a)) (cdr e))))
        (else (list e e))))
(define (churn n) (let loop ((i 0) (l '())) (if (= i n) (length l) (loop (+ i 1) (cons (vector i) l)))))
(display (list (ev '(plus 1 2 (plus 3 4))) (ev '(frame "x" y (plus 5 6)))))
(churn 10000)
(display frames) (newline)

;; the pairs kept (a tail stored): the list must outlive the call
(define saved-tail #f)
(define (keep-tail! l) (set! saved-tail (cdr l)) (car l))
(define (make-and-keep-tail n) (keep-tail! (list (* n 1) (* n 2) (vector n))))
(display (make-and-keep-tail 7))
(churn 10000)
(display saved-tail) (newline)

;; an element kept: the elements outlive the call, the list need not
(define saved-elem #f)
(define (keep-elem! l) (set! saved-elem (car (cdr l))) (length l))
(define (make-and-keep-elem n) (keep-elem! (list (vector n) (string #\a #\b) (list n n))))
(display (make-and-keep-elem 3))
(churn 10000)
(display saved-elem) (newline)

;; a list a procedure makes by name, its elements kept one by one in a global vector
(define kept (make-vector 5 #f))
(define (build n) (if (= n 0) '() (cons (list n (* n n)) (build (- n 1)))))
(define (keep-all! l i) (if (pair? l) (begin (vector-set! kept i (car l)) (keep-all! (cdr l) (+ i 1))) i))
(define (build-and-keep n) (keep-all! (build n) 0))
(display (build-and-keep 5))
(churn 10000)
(display kept) (newline)

;; a closure's captured list returned by the closure and kept
(define saved-captured #f)
(define (call-and-keep f) (let ((r (f))) (set! saved-captured (car r)) (length r)))
(define (captures n) (let ((l (list (vector n) (vector (+ n 1))))) (call-and-keep (lambda () l))))
(display (captures 40))
(churn 10000)
(display saved-captured) (newline)

;; map's elements kept by a procedure that spreads the list with apply
(define (collect . xs) (set! frames xs) (length xs))
(define (spread-map n) (apply collect (map (lambda (i) (make-string i #\z)) (list n (+ n 1) (+ n 2)))))
(display (spread-map 2))
(churn 10000)
(display frames) (newline)

;; a list built by a procedure whose fixnum copy (compiler/version.c) its entry calls in tail
;; position: both put the elements in the heap, or the copy's stay in its caller's region
(define kept2 (make-vector 3 #f))
(define (build2 n) (if (= n 0) '() (cons (list n (* n n)) (build2 (- n 1)))))
(define (keep2! l i) (when (pair? l) (vector-set! kept2 i (car l)) (keep2! (cdr l) (+ i 1))))
(define (kept-squares n) (let ((l (build2 n))) (keep2! l 0) (length l)))
(display (kept-squares (string-length "abc")))
(churn 10000)
(display kept2) (newline)
