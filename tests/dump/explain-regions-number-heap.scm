; --explain-regions: numbers that may be fixnums, used only in their frame (fib of a number read
; at run time: (- n 1) and the results of the recursive calls are of unknown numeric type), go
; to the collected heap, which takes only the boxed ones, instead of a region entered and left
; by every call; the comparison (< n 2) narrows n to a real number in both branches, so fib's
; result is a number. A site that always boxes (inexact: a flonum or a compnum) keeps its
; frame region.
; With -fno-number-heap the frame region comes back, so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-number-heap --explain-regions %s | FileCheck --check-prefix=OFF %s
(define (fib n)
  (if (< n 2)
      n
      (+ (fib (- n 1)) (fib (- n 2)))))
; CHECK: :13:10: result of 'fib': heap (collected): a number that may be a fixnum (boxed only when it is not one): not worth a region in every frame
; CHECK: :13:15: -: heap (collected): a number that may be a fixnum
; CHECK: :13:29: -: heap (collected): a number that may be a fixnum
; OFF: :13:10: result of 'fib': local region of 'fib'
(define (half x) (let ((h (* (inexact x) 0.5))) (+ h h)))
; CHECK: :18:30: inexact: local region of 'half'
;; in an iteration (the self tail calls of ack) too, but for calls: (- n 1) passed to the
;; inner call is used only within the iteration, and does not make every iteration enter a region
(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))
; CHECK: :25:35: -: heap (collected): a number that may be a fixnum
; OFF: :25:35: -: iteration region of 'ack'
(display (ack (read) (read)))
(display (fib (read)))
(display (half (read)))
; CHECK: heap sites by reason:{{.*}}numbers that may be fixnums, made in a frame
