; zero?, positive? and negative? of a flonum computed in doubles compare its double with 0.0
; (no boxed flonum, no call); of a fixnum its word, of an exact integer its word when it is a
; fixnum (a bignum's sign in a cold stub). With -fno-inline-arith they box and call the
; runtime, so this test must fail then. Run test: tests/run/sign-unboxed.scm.
; RUN: %regal -S -o - %S/../run/sign-unboxed.scm | FileCheck %s
; RUN-INVERSE: -fno-inline-arith
; CHECK-LABEL: _signs_fl({{.*}}) {
; CHECK-NOT:   TYPE_ID_FLOAT
; CHECK:       RT_BOOL([[D:v[0-9]+_d]] == 0.0)
; CHECK-NEXT:  RT_BOOL([[D]] > 0.0)
; CHECK-NEXT:  RT_BOOL([[D]] < 0.0)
; CHECK:       RT_BOOL(({{t[0-9]+}} - {{t[0-9]+}}) == 0.0)
; CHECK:       RT_BOOL(({{t[0-9]+}} + 0x1p+0) > 0.0)
; CHECK:       RT_BOOL(({{t[0-9]+}} - 0x1p+0) < 0.0)
; CHECK-NOT:   TYPE_ID_FLOAT
; CHECK:       {{^}}}
; CHECK-LABEL: _count_signs_direct({{.*}}) {
; CHECK:       if ([[E:v[0-9]+_d]] == 0.0) {
; CHECK:       if ([[E]] > 0.0) {
; CHECK:       if ([[E]] < 0.0) {
; CHECK-NOT:   TYPE_ID_FLOAT
; CHECK:       {{^}}}
; CHECK-LABEL: _int_signs_direct({{.*}}) {
; CHECK:       (RT_IS_FIXNUM([[K:t[0-9]+]]) ? (int64_t)[[K]] > 0 : rt_slow{{[0-9]+}}([[K]]))
; CHECK:       (RT_IS_FIXNUM([[L:t[0-9]+]]) ? (int64_t)[[L]] < 0 : rt_slow{{[0-9]+}}([[L]]))
