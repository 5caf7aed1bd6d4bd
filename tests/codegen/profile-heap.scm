; -fprofile-heap (emit.c, emit_rg and emit_heap_site_table): a site region inference puts in
; the collected heap allocates through its own stand-in region, regal_heap_sites[i].r, whose
; table entry carries the site's location and why it is in the heap (--explain-regions'
; text), and the program registers the table at start. A call site placed in the heap passes
; its stand-in as the callee's region. Without the flag the same sites use the collected heap
; directly (second RUN): no table, no stand-in.
; RUN: %regal -S -fprofile-heap -o - %s | FileCheck %s
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=OFF
; CHECK: static RtHeapSite regal_heap_sites[
; CHECK-DAG: {.loc = "{{.*}}profile-heap.scm:20:34", .what = "cons", .why = "assigned to global 'kept' at {{.*}}profile-heap.scm:20:23", .kind = "a global's value"},
; CHECK-DAG: {.loc = "{{.*}}profile-heap.scm:24:16", .what = "result of 'make-point'", .why = "passed to 'remember!', which keeps it at {{.*}}profile-heap.scm:24:5", .kind = "passed to a procedure that keeps them"},
; CHECK: alloc_obj_typed(&regal_heap_sites[{{[0-9]+}}].r, TYPE_ID_PAIR)
; CHECK: scm_lambda{{[0-9]+}}_make_point_direct(&regal_heap_sites[{{[0-9]+}}].r,
; CHECK: rt_heap_sites_register(regal_heap_sites,
; OFF-NOT: regal_heap_sites
; OFF: rt_heap_typed(TYPE_ID_PAIR)
; OFF-NOT: regal_heap_sites
(import (scheme base) (scheme write))
(define kept '())
(define (remember! x) (set! kept (cons x kept)))
(define (make-point x y) (vector x y))
(define (loop i)
  (when (< i 1000)
    (remember! (make-point i (* i i)))
    (loop (+ i 1))))
(loop 0)
(display (length kept))
(newline)
