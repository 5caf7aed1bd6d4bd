; An object pinned at two minor collections in a row (held from the stack) used to retire: old
; for good, never freed, its fields roots of every collection. Here each call of `build`
; keeps its accumulator in a box (assigned, captured by the closure given to an unknown
; procedure) on the stack through the whole call: retired, the box kept each finished list
; alive, 60 lists of 300,000 pairs, and the program ran out of its 100 MB
; (GC_MAXIMUM_HEAP_SIZE). Now only objects that many kept slots hold retire
; (REGAL_NURSERY_RETIRE, 64 by default); nursery-audit.scm runs this program with every such
; object retired. Output from Chez.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: GC_MAXIMUM_HEAP_SIZE=100000000
(import (scheme base) (scheme write))
(define repeat! #f)
(set! repeat! (lambda (n f) (let loop ((k 0)) (when (< k n) (f k) (loop (+ k 1))))))
(define (build n)
  (let ((acc '()))
    (repeat! n (lambda (k) (set! acc (cons k acc))))
    acc))
(define (len l) (let loop ((l l) (n 0)) (if (null? l) n (loop (cdr l) (+ n 1)))))
(define kept (make-vector 1 '()))
(let loop ((k 0) (total 0))
  (if (= k 60)
      (begin (display total) (newline))
      (begin
        (vector-set! kept 0 (build 300000))
        (loop (+ k 1) (+ total (len (vector-ref kept 0)))))))
