;; tests/srfi/srfi-1-chez-shim.scm: what the SRFI 1 reference implementation
;; (srfi-1-reference.scm) imports, for Chez Scheme 9.5 (tests/srfi/chez.sh loads it first):
;; check-arg, :optional and let-optionals (receive is tests/srfi/chez-extra.scm's).
(define (check-arg pred val caller) (if (pred val) val (error 'check-arg "bad argument" val caller)))
(define-syntax :optional
  (syntax-rules ()
    ((_ args default) (let ((a args)) (if (null? a) default (car a))))))
(define-syntax let-optionals
  (syntax-rules ()
    ((_ args () body ...) (let () body ...))
    ((_ args ((var default) more ...) body ...)
     (let* ((a args) (var (if (null? a) default (car a))))
       (let-optionals (if (null? a) a (cdr a)) (more ...) body ...)))))
;; SRFI 1's map and for-each stop at the shortest list (R6RS's require equal lengths); defined
;; before the reference implementation, whose procedures Chez compiles against them.
(define chez:map map)
(define (map f l . ls)
  (let loop ((ls (cons l ls)) (acc '()))
    (if (memq #t (chez:map (lambda (x) (not (pair? x))) ls))
        (reverse acc)
        (loop (chez:map cdr ls) (cons (apply f (chez:map car ls)) acc)))))
(define (for-each f l . ls)
  (let loop ((ls (cons l ls)))
    (if (not (memq #t (chez:map (lambda (x) (not (pair? x))) ls)))
        (begin (apply f (chez:map car ls)) (loop (chez:map cdr ls))))))
