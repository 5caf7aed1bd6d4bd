; A flonum result that is returned is boxed once, with TYPE_ID_FLOAT; constructors: mk_float.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -fno-flonum-entries -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
; RUN-INVERSE: --no-types
(define (half x) (* x 0.5))
; TYPED-LABEL: _half_direct({{.*}}) {
; TYPED: RT_FLOVAL(
; TYPED: alloc_obj_typed(rr, TYPE_ID_FLOAT)
; TYPED-NOT: rt_mul
; TYPED: {{^}}}
; CTOR-LABEL: _half_direct({{.*}}) {
; CTOR: mk_float(rr,
; CTOR: {{^}}}
(display (half 3.0))
