; A comparison of two flonums in an if test is a C comparison of doubles, with no RT_BOOL
; round trip and no generic comparison.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (fmax x y) (if (< (* x 1.0) (* y 1.0)) 1 2))
; CHECK-LABEL: _fmax_direct({{.*}}) {
; CHECK: if ({{t[0-9]+}} < ({{t[0-9]+}} * 0x1p+0)) {
; CHECK-NOT: rt_lt2
; CHECK-NOT: RT_BOOL
; CHECK: {{^}}}
(display (fmax 1.0 2.0))
