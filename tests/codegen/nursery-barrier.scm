; -fnursery (runtime/nursery.c): the C defines RT_NURSERY, so the collected heap's sites
; allocate in the nursery, and every store into an object that may be older than the last
; minor collection is followed by the write barrier: set-car!, set-cdr!, vector-set! (in its
; fast path; the runtime's slow path has its own), set! of a captured variable (its box), and
; a closure's free variables filled after the closure was made (letrec). A closure whose fill
; waits has its free slots cleared when it is made, since a minor collection may scan it
; first; one filled right after it is made (a lambda's value, a letrec of one closure) needs
; neither, nor does a store of a value proven immediate (a fixnum, a boolean...). With -fno-nursery none of this is emitted, so this test must fail then.
; RUN: %regal -fnursery -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-nursery
; CHECK: #define RT_NURSERY 1
(define cell (list 1 2))
(define vec (make-vector 4 '()))
(define (poke! x)
  (set-car! cell (cons x x))
  (set-cdr! cell (list x))
  (vector-set! vec 0 (list x x)))
; CHECK-LABEL: poke
; CHECK: RT_CAR([[P:[a-z0-9_]+]]) = [[V:[a-z0-9_]+]];
; CHECK-NEXT: rt_nursery_wb(&RT_CAR([[P]]), [[V]]);
; CHECK: RT_CDR([[Q:[a-z0-9_]+]]) = [[W:[a-z0-9_]+]];
; CHECK-NEXT: rt_nursery_wb(&RT_CDR([[Q]]), [[W]]);
; CHECK: ->items[{{.*}}] = {{.*}}; rt_nursery_wb(&RT_AS(RtVector, {{.*}})->items[
(define (counter)
  (let ((n '()))
    (lambda () (set! n (cons 1 n)) n)))
; CHECK: RT_AS(RtBox, [[B:[a-z0-9_]+]])->value = [[X:[a-z0-9_]+]];
; CHECK-NEXT: rt_nursery_wb(&RT_AS(RtBox, [[B]])->value, [[X]]);
(define (evens n)
  (letrec ((ev? (lambda (k) (if (= k 0) n (od? (- k 1)))))
           (od? (lambda (k) (if (= k 0) #f (ev? (- k 1))))))
    (list ev? od?)))
; CHECK: memset({{.*}}->free, 0,
; CHECK: ->free[{{[0-9]+}}] = {{.*}};
; CHECK-NEXT: rt_nursery_wb(&RT_AS(RtClosure, {{.*}})->free[
(define (adder x) (lambda (y) (cons x y)))
; CHECK-LABEL: scm_lambda{{[0-9]+}}_adder_direct({{.*}}) {
; CHECK-NOT: memset
; CHECK: ->free[0] = [[F:[a-z0-9_]+]];
; CHECK-NOT: rt_nursery_wb
; CHECK: return
(define (clear! i)
  (vector-set! vec i #f)
  (set-car! cell (vector-length vec)))
; CHECK-LABEL: scm_lambda{{[0-9]+}}_clear{{.*}}_direct({{.*}}) {
; CHECK-NOT: rt_nursery_wb
; CHECK: return
(display (list (poke! 3) ((counter)) (evens 4) ((adder 1) 2) (clear! 1)))
