;; R7RS 5.3.1: a global whose define runs before any procedure is called holds its value
;; whenever a reference to it runs (analyze.c, Var.init_first: the reference needs no check
;; that the definition has run); one read before its definition still raises an error, whether
;; the read is in a procedure called first or in top-level code, and a global defined twice or
;; assigned keeps its checks. Output checked against Chez Scheme (scheme --script).
(define table (make-vector 4 7))
(define name "regal")
;; globals defined by a call of a known procedure that makes a closure and calls nothing
(define (make-getter k) (lambda (v) (vector-ref v k)))
(define get-first (make-getter 0))
(define get-second (make-getter 1))
(define data (vector 'a 'b))
(define (both) (list (get-first data) (get-second data)))
(define (first) (vector-ref table 0))
(define (late-reader) later)
(define (maybe-early) (guard (e (#t 'undefined)) counter))
(define (use-twice) twice)
(display (first)) (newline)
(display name) (newline)
(display (maybe-early)) (newline)          ; counter: a call ran before its define
(define counter 0)
(set! counter (+ counter 1))
(display (maybe-early)) (newline)
(display (guard (e (#t 'undefined)) (late-reader))) (newline)
(define later 'now-defined)
(display (late-reader)) (newline)
(define twice 1)
(define twice 2)
(display (use-twice)) (newline)
(define self-ref (guard (e (#t 'undefined-at-its-own-init)) (list 1)))
(display self-ref) (newline)
(display (both)) (newline)
