; Unboxed flonum vectors (issue 14): a vector made by `vector` from flonums, only read with
; vector-ref and written with vector-set! of flonums, is an RtF64Vector: its allocation stores
; doubles, vector-ref reads a C double that the arithmetic uses directly, vector-set! stores
; one: no flonum box anywhere. With -fno-unbox the vector holds boxed flonums, so this test
; must fail then.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-unbox
(define (point x y) (vector x y))
(define (move! p dx) (vector-set! p 0 (+ (vector-ref p 0) dx)))
(define p (point 1.5 2.5))
; CHECK-LABEL: _point_direct({{.*}}) {
; CHECK: RtF64Vector *[[V:t[0-9]+]]_p = alloc_obj_sized(rr, TYPE_ID_F64VECTOR, 16);
; CHECK: [[V]]_p->d[0] =
; CHECK-NOT: TYPE_ID_FLOAT
; CHECK: {{^}}}
; CHECK-LABEL: _move_21_direct({{.*}}) {
; CHECK: = RT_AS(RtF64Vector, {{t[0-9]+}})->d[RT_FIXVAL(RT_FIX(0LL))];
; CHECK: RT_AS(RtF64Vector, {{t[0-9]+}})->d[RT_FIXVAL(RT_FIX(0LL))] = {{t[0-9]+}};
; CHECK-NOT: TYPE_ID_FLOAT
; CHECK: {{^}}}
(move! p 1.0)
(display (+ (vector-ref p 0) (vector-ref p 1)))
