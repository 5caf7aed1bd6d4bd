;; tests/srfi/chez-extra.scm: what the SRFI tests need of R7RS beyond
;; tests/conformance/chez-prelude.scm, for Chez Scheme 9.5 (loaded by tests/srfi/chez.sh).
(define-syntax receive
  (syntax-rules ()
    ((_ formals expr body ...) (call-with-values (lambda () expr) (lambda formals body ...)))))
(define-syntax define-values
  (syntax-rules ()
    ((_ (a ...) expr)
     (begin (define a #f) ...
            (call-with-values (lambda () expr)
              (lambda vals (set!-values (a ...) vals)))))))
(define-syntax set!-values
  (syntax-rules ()
    ((_ () vals) #t)
    ((_ (a b ...) vals) (begin (set! a (car vals)) (set!-values (b ...) (cdr vals))))))
(define chez-vector->list vector->list)

(define (%vector-range->list v r)
  (let ((start (if (pair? r) (car r) 0)) (end (if (and (pair? r) (pair? (cdr r))) (cadr r) (vector-length v))))
    (let loop ((i (- end 1)) (l '())) (if (< i start) l (loop (- i 1) (cons (vector-ref v i) l))))))
(define (vector-copy v . r) (list->vector (%vector-range->list v r)))
(define (vector->list v . r) (%vector-range->list v r))
(define (vector-append . vs) (list->vector (apply append (map vector->list vs))))
(define (vector-copy! to at from . r)
  (let* ((start (if (pair? r) (car r) 0)) (end (if (and (pair? r) (pair? (cdr r))) (cadr r) (vector-length from)))
         (tmp (list->vector (%vector-range->list from (list start end)))))
    (do ((i 0 (+ i 1))) ((= i (vector-length tmp))) (vector-set! to (+ at i) (vector-ref tmp i)))))
(define chez-string-copy string-copy)
(define (string-copy s . r)
  (let ((start (if (pair? r) (car r) 0)) (end (if (and (pair? r) (pair? (cdr r))) (cadr r) (string-length s))))
    (substring s start end)))
(define (exact-integer? x) (and (integer? x) (exact? x)))
