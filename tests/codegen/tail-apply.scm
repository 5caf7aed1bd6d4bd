; apply in tail position is a tail call (R7RS 3.5): the arguments are spread, then the
; procedure's code is called with musttail; apply elsewhere calls the runtime's apply. Its
; result, made by the procedure it calls, goes to the collected heap (regions.c), unless that
; procedure is a primitive that calls none (rg_applied_prim): then it is made where the apply
; site is placed, here the frame's own region (and in the heap with -fno-apply-primitives).
; RUN: %regal -S -o - %s | FileCheck %s
; RUN: %regal -S -fno-apply-primitives -o - %s | FileCheck %s --check-prefix=UNKNOWN
; RUN-INVERSE: -fno-apply-primitives

(define (count-down n) (if (= n 0) 'done (apply count-down (list (- n 1)))))
; CHECK-LABEL: _count_down_direct({{.*}}) {
; CHECK: rt_apply_spread(
; CHECK-NEXT: RT_MUSTTAIL return RT_AS(RtClosure, {{.*}})->code(rr,
; CHECK-NOT: rt_p_apply
; CHECK: {{^}}}

(define (sum-of lst) (+ 1 (apply + lst)))
; CHECK-LABEL: _sum_of_direct({{.*}}) {
; CHECK: rt_p_apply(&rgl,
; CHECK: {{^}}}
; UNKNOWN-LABEL: _sum_of_direct({{.*}}) {
; UNKNOWN: rt_p_apply(&rt_gc_region,
; UNKNOWN: {{^}}}

(display (count-down 10))
(display (sum-of '(1 2 3)))
