; let variables of type flonum are C doubles; the intermediate products are never boxed.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (poly x)
  (let ((a (* x 2.0)) (b (+ x 1.0)))
    (* a b)))
; CHECK-LABEL: _poly_direct({{.*}}) {
; CHECK: double v{{[0-9]+}}_a =
; CHECK: double v{{[0-9]+}}_b =
; CHECK: alloc_obj_typed(rr, TYPE_ID_FLOAT)
; CHECK-NOT: alloc_obj_typed(rr, TYPE_ID_FLOAT)
; CHECK: {{^}}}
(display (poly 1.5))
