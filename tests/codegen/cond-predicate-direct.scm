; The test of an if that is a predicate is a C condition: no RT_BOOL round trip.
; RUN: %regal -S -o - %s | FileCheck %s
(define (kind x) (if (null? x) 'nil (if (vector? x) 'vec 'other)))
; CHECK-LABEL: _kind_direct({{.*}}) {
; CHECK: if ({{.*}} == RT_NIL) {
; CHECK: if (RT_IS_TYPE({{.*}}, TYPE_ID_VECTOR)) {
; CHECK-NOT: RT_BOOL
; CHECK: {{^}}}
(display (map kind (list '() (vector) 1)))
