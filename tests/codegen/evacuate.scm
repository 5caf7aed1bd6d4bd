; Evacuated calls (regions.c, rg_evacuated; runtime/evacuate.c), under -fevacuate: produce and
; churn are a cycle of tail calls passing lists they make, so produce leaves garbage in the
; region it is given; a call of it whose result is kept in the heap (stored into a global
; vector) runs in a region of its own (rgeN), and its result is copied out as that region is
; left. A call whose result stays in a region (the local `len` one) is not evacuated: the
; garbage goes with its region anyway. With -fno-evacuate (which wins) the kept call is given
; the collected heap, so this test must fail then.
; RUN: %regal -fevacuate -S -o - %s | FileCheck %s
; RUN: %regal -fevacuate --explain-regions %s | FileCheck %s --check-prefix=EXPLAIN
; RUN-INVERSE: -fno-evacuate
; CHECK: { Region [[R:rget[0-9]+]]; rt_region_enter(&[[R]]);
; CHECK-NEXT: [[T:t[0-9]+]] = scm_lambda{{[0-9]+}}_produce_direct(&[[R]],
; CHECK-NEXT: [[T]] = rt_region_evacuate_leave(&[[R]], [[T]]); }
; CHECK-NOT: rt_region_evacuate_leave
; EXPLAIN: evacuate.scm:22:21: result of 'produce': heap (collected): stored by 'vector-set!' at {{.*}}; evacuated: the call runs in a region of its own
; EXPLAIN-NOT: evacuated
(import (scheme base) (scheme write))
(define (churn n garbage) (produce (- n 1) (list n garbage)))
(define (produce n garbage)
  (if (> n 0) (churn n (cons n garbage)) (list n (length garbage))))
(define kept (make-vector 2 #f))
(vector-set! kept 0 (produce 10 '()))
(define (len) (length (produce 5 '())))
(display (vector-ref kept 0))
(display (len))
