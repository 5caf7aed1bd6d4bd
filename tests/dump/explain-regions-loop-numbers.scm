; --explain-regions: numbers that may be fixnums, used only within an iteration of a contified
; loop, go to the loop's iteration region (entered once per loop, recycled at each iteration),
; not to the collected heap as a frame's do (explain-regions-number-heap.scm: a region per
; call of fib would cost more than the heap's rare boxes). Here z is a number of unknown type
; (ecraven's mbrotZ: a complex number), so real-part, imag-part and the products are numbers
; that may be fixnums, boxed at every iteration; ecraven's pnpoly (arithmetic on the elements
; of vectors of unknown type, flonums at run time) put 3.1 GB through the collected heap so.
; A self-recursive procedure's iteration (ack) keeps the heap.
; With -fno-loop-numbers they go to the heap, so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-loop-numbers --explain-regions %s | FileCheck --check-prefix=OFF %s
(define (count z0 limit z)
  (let loop ((z z) (c 0))
    (if (= c 64)
        c
        (let* ((zr (real-part z)) (zi (imag-part z)))
          (if (> (+ (* zr zr) (* zi zi)) limit)
              c
              (loop (+ (* z z) z0) (+ c 1)))))))
; CHECK: :16:20: real-part: iteration region of the loop 'loop' at {{.*}}:13:3 (recycled at each iteration): used only within the iteration
; CHECK: :17:21: *: iteration region of the loop 'loop'
; CHECK: :19:24: *: iteration region of the loop 'loop'
; OFF: :16:20: real-part: heap (collected): a number that may be a fixnum (boxed only when it is not one): not worth a region in every frame
; OFF: :17:21: *: heap (collected): a number that may be a fixnum
(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))
; CHECK: :28:35: -: heap (collected): a number that may be a fixnum
(display (count (read) (read) (read)))
(display (ack (read) (read)))
