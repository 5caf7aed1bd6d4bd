; --explain-regions: a call of a procedure inference cannot name whose value is only tested
; (compiler/regions.c, rg_tested_heap). count-if's loop calls pred, one of nine procedures (more
; than inference follows, captured by loop as quicksort's uploop captures less?), at each
; iteration and only tests the result: the callee gets the collected heap, not an iteration
; region entered and emptied at each round for a predicate that makes nothing. With
; -fno-tested-heap it gets the loop's iteration region, so this test fails then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-tested-heap --explain-regions %s | FileCheck --check-prefix=OFF %s
(define (count-if pred v)
  (define (loop i n)
    (if (= i (vector-length v)) n
        (loop (+ i 1) (if (pred (vector-ref v i)) (+ n 1) n))))
  (+ (loop 0 0) (loop 1 0)))
(define preds (vector even? odd? (lambda (x) (> x 2)) (lambda (x) (< x 2)) (lambda (x) (= x 3))
                      (lambda (x) (list x)) (lambda (x) (> x 4)) (lambda (x) (< x 4)) (lambda (x) (= x 1))))
(display (count-if (vector-ref preds (length (command-line))) (vector 1 2 3 4 5)))
; CHECK: :12:27: result of a call: heap (collected): the result of a procedure inference cannot name, only tested
; OFF: :12:27: result of a call: iteration region of 'loop'
