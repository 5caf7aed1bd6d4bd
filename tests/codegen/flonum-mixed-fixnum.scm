; (* 2 x) with x a flonum: the fixnum constant is converted at compile time (the runtime also
; converts it), so the product is a double operation.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (dbl x) (* 2 (+ x 0.0)))
; CHECK-LABEL: _dbl_direct({{.*}}) {
; CHECK: (2.0 * t{{[0-9]+}})
; CHECK-NOT: rt_mul
; CHECK: {{^}}}
(display (dbl 1.25))
