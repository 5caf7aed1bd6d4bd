;; (geo vec): the first library of the separate-compilation test (tests/sepcomp.sh). Its
;; exports cover what crosses a unit boundary: procedures of 0 to 6 arguments (the direct
;; entry; arguments beyond 4 in rt_xargs), rest arguments (no direct entry), a variable the
;; library assigns, a record type, a macro naming a private procedure and a private variable,
;; symbols, closures received and returned, lists built in the caller's region.
(define-library (geo vec)
  (export make-vec vec? vec-x vec-y vec+ vec-scale vec-sum vec-list
          zero-vec sum6 counter bump! log-call with-logging compose-all
          make-adder tag-of adder-cache origin)
  (import (scheme base) (scheme write))
  (begin
    (define-record-type vec (make-vec x y) vec? (x vec-x) (y vec-y))
    (define origin (make-vec 0 0))
    (define counter 0)                          ; assigned here, read by importers
    (define calls '())                          ; private: only the macro reaches it
    (define (bump!) (set! counter (+ counter 1)) counter)
    (define (note! who) (set! calls (cons who calls)) (length calls))   ; private
    (define (log-call who) (note! who))
    (define-syntax with-logging                 ; names private note! and calls
      (syntax-rules ()
        ((_ who body ...) (begin (note! 'who) (let ((r (begin body ...))) (cons r (length calls)))))))
    (define (zero-vec) (make-vec 0 0))
    (define (vec+ a b) (make-vec (+ (vec-x a) (vec-x b)) (+ (vec-y a) (vec-y b))))
    (define (vec-scale k v) (make-vec (* k (vec-x v)) (* k (vec-y v))))
    (define (vec-sum . vs)                      ; rest arguments: called through the closure
      (let loop ((vs vs) (acc (zero-vec)))
        (if (null? vs) acc (loop (cdr vs) (vec+ acc (car vs))))))
    (define (vec-list v) (list (vec-x v) (vec-y v)))
    (define (sum6 a b c d e f) (+ a b c d e f))  ; 6 arguments: 2 in rt_xargs
    (define (compose-all . fs)                  ; returns a closure over a list of closures
      (lambda (x) (let loop ((fs (reverse fs)) (x x)) (if (null? fs) x (loop (cdr fs) ((car fs) x))))))
    (define (make-adder n) (lambda (x) (+ x n)))
    (define adder-cache (list (make-adder 100)))
    (define (tag-of x) (if (vec? x) 'vec (if (pair? x) 'pair 'other)))
    (display "init (geo vec)") (newline)))
