; A site placed in the collected heap allocates through the heap's own free lists
; (rt_heap_typed / rt_heap_sized, runtime/regal.h), never through the bounds test of
; rt_gc_region's empty window; constructors: mk_* with &rt_gc_region.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -fno-flonum-entries -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s --check-prefix=NOWINDOW
; NOWINDOW-NOT: alloc_obj_{{typed|sized}}(&rt_gc_region
(define v (make-vector 2 0.0))
(define (put! x) (vector-set! v 0 (* x 2.0)))
; TYPED-LABEL: _put_21_direct({{.*}}) {
; TYPED: RtFlonum *{{t[0-9]+}}_p = rt_heap_typed(TYPE_ID_FLOAT);
; TYPED: {{^}}}
; CTOR-LABEL: _put_21_direct({{.*}}) {
; CTOR: mk_float(&rt_gc_region,
; CTOR: {{^}}}
(define (keep! k) (vector-set! v 1 (lambda () k)))
; TYPED-LABEL: _keep_21_direct({{.*}}) {
; TYPED: RtClosure *{{t[0-9]+}}_p = rt_heap_sized(TYPE_ID_CLOSURE, 8);
; TYPED: {{^}}}
(define (keep-list! a) (vector-set! v 1 (list a a)))
; TYPED-LABEL: _keep_list_21_direct({{.*}}) {
; TYPED: RtPair *{{t[0-9]+}}_p = rt_heap_typed(TYPE_ID_PAIR);
; TYPED: RtPair *{{t[0-9]+}}_p = rt_heap_typed(TYPE_ID_PAIR);
; TYPED: {{^}}}
(define (keep-vec! a) (vector-set! v 1 (vector a a a)))
; TYPED-LABEL: _keep_vec_21_direct({{.*}}) {
; TYPED: RtVector *{{t[0-9]+}}_p = rt_heap_sized(TYPE_ID_VECTOR, 24);
; TYPED: {{^}}}
(put! 1.5)
(keep! 3)
(keep-list! 4)
(keep-vec! 5)
(display (vector-ref v 0))
