; (apply f ...) of a primitive f (compiler/regions.c, rg_applied_prim): region inference treats
; it as f's call with the list's elements for arguments, since the runtime keeps none of the
; list's pairs; the argument lists below are built in regions, not in the collected heap. Each
; effect class of f, in and out of tail position, with results that escape (a global, a vector
; in the heap) so that a wrong placement is an object pointing into a younger region: read
; after that region is freed, which the ASan run reports (make test-run-san; checked: with
; the constructor rule's contents left out on purpose it fails there). Outputs from Chez.
(import (scheme base) (scheme write) (only (srfi 1) iota))
(define kept '())
(define (keep! x) (set! kept (cons x kept)) x)
(define (parts n)   ; a fresh list of strings, made in the caller's region
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons (number->string i) acc)))))
;; no effect on the arguments (a fresh result): string-append, +, max
(define (joined n) (apply string-append (parts n)))            ; tail position
(define (joined-len n) (string-length (apply string-append "<" (parts n))))
(define (sum n) (apply + 1.5 (map (lambda (i) (* i 0.5)) (iota n))))
;; a constructor holding its arguments: list, vector (the result escapes, its elements too)
(define (listed n) (keep! (apply list 'a (parts n))))
(define (vectored n) (apply vector (map (lambda (s) (string-append s "!")) (parts n))))
(define g (make-vector 3 #f))
;; part of an argument in the result: append (shares its last list), car, values
(define (appended n) (apply append (list (parts n) (parts 2))))
(define (first-of n) (apply car (list (parts n))))
(define (two-values n) (call-with-values (lambda () (apply values (parts n))) list))
(let loop ((k 0))
  (when (< k 200)
    (vector-set! g 0 (joined 4))
    (vector-set! g 1 (vectored 3))
    (vector-set! g 2 (appended 3))
    (loop (+ k 1))))
(display (joined 5)) (newline)
(display (joined-len 12)) (newline)
(display (sum 10)) (newline)
(display (listed 3)) (newline)
(let ((l (listed 300)))   ; past the frame's inline buffer: in a chunk, poisoned when freed
  (write (list (length l) (list-ref l 1) (list-ref l 300))) (newline))
(let ((v (vectored 300)))
  (write (list (vector-length v) (vector-ref v 0) (vector-ref v 299))) (newline))
(display (length kept)) (newline)
(write g) (newline)
(write (first-of 4)) (newline)
(write (two-values 2)) (newline)
(write (apply max (map (lambda (i) (* i i)) (iota 7)))) (newline)
