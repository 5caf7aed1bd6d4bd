; The nursery's promoted objects are the old generation, libgc's to collect: here lists are
; kept a while in a global queue, long enough to be promoted by minor collections, then
; dropped. Before each minor collection ended with libgc's own test of whether its collection
; was due, libgc, whose every allocation came from a minor collection (where it is disabled),
; never collected: the heap grew by every promoted list and the program ran out of its 150 MB
; (GC_MAXIMUM_HEAP_SIZE). Live data: two lists of 300,000 pairs, about 10 MB. Output from Chez.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: GC_MAXIMUM_HEAP_SIZE=150000000
(import (scheme base) (scheme write))
(define queue (make-vector 2 '()))
(define (make-list* n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons i acc)))))
(define (sum l)
  (let loop ((l l) (s 0))
    (if (null? l) s (loop (cdr l) (+ s (car l))))))
(let loop ((k 0) (total 0))
  (if (= k 60)
      (begin (display total) (newline))
      (begin
        (vector-set! queue (modulo k 2) (make-list* 300000))
        (loop (+ k 1) (+ total (sum (vector-ref queue (modulo k 2))))))))
