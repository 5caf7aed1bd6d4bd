; An assigned, captured variable lives in a box: TYPE_ID_BOX; constructors: mk_box. Boxes are
; always in the collected heap (a set! may store any value in them: regions.c).
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
(define (counter)
  (let ((n 0))
    (lambda () (set! n (+ n 1)) n)))
; TYPED-LABEL: _counter_direct({{.*}}) {
; TYPED: rt_heap_typed(TYPE_ID_BOX)
; TYPED: {{^}}}
; CTOR-LABEL: _counter_direct({{.*}}) {
; CTOR: mk_box(&rt_gc_region,
; CTOR: {{^}}}
(display ((counter)))
