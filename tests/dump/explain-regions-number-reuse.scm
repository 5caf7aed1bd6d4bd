; --explain-regions: a number that may be a fixnum, used only within its iteration or its call,
; goes to the collected heap instead of a region entered for it alone (the number rule,
; explain-regions-number-heap.scm), but to that region when other sites enter it anyway.
; ecraven's mbrotZ: z is a complex number of unknown type, so real-part, imag-part and the
; products are "numbers that may be fixnums"; the iteration's inexact always boxes, so the
; iteration region is entered anyway, and they go there (24.8 GB of them went through the
; collected heap). The loop-carried (+ (* z z) z0) outlives its iteration: still the heap.
; With -fno-number-reuse they go to the heap, so this test must fail then (with
; -fno-loop-numbers too: a contified loop's iteration region takes them anyway,
; explain-regions-loop-numbers.scm).
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-number-reuse -fno-loop-numbers --explain-regions %s | FileCheck --check-prefix=OFF %s
(define (count z0 limit z)
  (let loop ((z z) (c 0))
    (if (= c 64)
        c
        (let* ((zr (real-part z)) (zi (imag-part z)))
          (if (> (+ (* zr zr) (* zi zi)) (inexact limit))
              c
              (loop (+ (* z z) z0) (+ c 1)))))))
; CHECK: :17:20: real-part: iteration region of the loop 'loop' at {{.*}}:14:3 (recycled at each iteration): used only within the iteration
; CHECK: :18:21: *: iteration region of the loop 'loop'
; CHECK: :18:42: inexact: iteration region of the loop 'loop'
; CHECK: :20:21: +: heap (collected)
; CHECK: :20:24: *: iteration region of the loop 'loop'
; OFF: :17:20: real-part: heap (collected): a number that may be a fixnum (boxed only when it is not one): not worth a region in every frame
; OFF: :18:21: *: heap (collected): a number that may be a fixnum
; OFF: :18:42: inexact: iteration region of the loop 'loop'
;; In a procedure's own region, which it enters lazily, the explanation says that the paths
;; that have not entered it use the heap (tests/codegen/number-reuse-lazy.scm shows the code).
(define (g x)
  (let ((l (list x x)))
    (if (< (* x 3) (length l)) 'small 'big)))
; CHECK: :33:12: *: local region of 'g' (released when it returns): used only within the call; a number that may be a fixnum, there because other sites enter that region anyway (on paths that have not entered it yet: the collected heap)
; OFF: :33:12: *: heap (collected): a number that may be a fixnum
(display (count (read) (read) (read)))
(display (g (read)))
;; The same for the result of a call inference cannot name that is only tested
;; (explain-regions-tested.scm): here the iteration's number->string enters the region anyway.
(define (count-if pred v)
  (define (loop i n)
    (if (= i (vector-length v)) n
        (loop (+ i 1) (if (pred (vector-ref v i) (string-length (number->string i))) (+ n 1) n))))
  (+ (loop 0 0) (loop 1 0)))
(define preds (vector = < > <= >= (lambda (x y) (list x y)) (lambda (x y) (= x 4)) (lambda (x y) #t) (lambda (x y) #f)))
(display (count-if (vector-ref preds (length (command-line))) (vector 1 2 3 4 5)))
; CHECK: :43:27: result of a call: iteration region of 'loop' {{.*}}; the result of a procedure inference cannot name, only tested, there because other sites enter that region anyway
; OFF: :43:27: result of a call: heap (collected): the result of a procedure inference cannot name, only tested
