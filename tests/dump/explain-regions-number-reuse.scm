; --explain-regions: a number that may be a fixnum, used only within its frame or iteration,
; goes to the collected heap instead of a region entered for it alone (the number rule,
; explain-regions-number-heap.scm), but to that region when other sites make the procedure
; enter it anyway. (Within a contified loop's iteration it goes to the iteration's region in
; any case: explain-regions-loop-numbers.scm.) The same for the result of an unknown call that
; is only tested (explain-regions-tested.scm). With -fno-number-reuse they go to the heap, so
; this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-number-reuse --explain-regions %s | FileCheck --check-prefix=OFF %s
;; A procedure's own region, entered lazily: the explanation says that the paths that have not
;; entered it use the heap (tests/codegen/number-reuse-lazy.scm shows the code).
(define (g x)
  (let ((l (list x x)))
    (if (< (* x 3) (length l)) 'small 'big)))
; CHECK: :14:12: *: local region of 'g' (released when it returns): used only within the call; a number that may be a fixnum, there because other sites enter that region anyway (on paths that have not entered it yet: the collected heap)
; OFF: :14:12: *: heap (collected): a number that may be a fixnum
;; The iteration region of a procedure that loops by self tail calls: number->string enters it.
(define (walk l acc)
  (if (null? l)
      acc
      (let ((s (number->string (car l))))
        (walk (cdr l) (if (> (* (car l) (string-length s)) 10) (+ acc 1) acc)))))
; CHECK: :22:30: *: iteration region of 'walk' {{.*}}; a number that may be a fixnum, there because other sites enter that region anyway
; OFF: :22:30: *: heap (collected): a number that may be a fixnum
;; A tested call's result, in an iteration whose number->string enters the region anyway.
(define (count-if pred v)
  (define (loop i n)
    (if (= i (vector-length v)) n
        (loop (+ i 1) (if (pred (vector-ref v i) (string-length (number->string i))) (+ n 1) n))))
  (+ (loop 0 0) (loop 1 0)))
(define preds (vector = < > <= >= (lambda (x y) (list x y)) (lambda (x y) (= x 4)) (lambda (x y) #t) (lambda (x y) #f)))
; CHECK: :29:27: result of a call: iteration region of 'loop' {{.*}}; the result of a procedure inference cannot name, only tested, there because other sites enter that region anyway
; OFF: :29:27: result of a call: heap (collected): the result of a procedure inference cannot name, only tested
(display (g (read)))
(display (walk (read) 0))
(display (count-if (vector-ref preds (length (command-line))) (vector 1 2 3 4 5)))
