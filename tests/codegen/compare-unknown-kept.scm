; < of values of unknown type: fixnum fast path, then both flonums, then the cold stub.
; RUN: %regal -S -o - %s | FileCheck %s
(define (lt a b) (if (< a b) 1 0))
; CHECK-LABEL: _lt_direct({{.*}}) {
; CHECK: if ((RT_BOTH_FIXNUM({{t[0-9]+}}, {{t[0-9]+}}) ? (int64_t){{t[0-9]+}} < (int64_t){{t[0-9]+}} : {{.*}} ? {{.*}} : rt_slow{{[0-9]+}}(
; CHECK: {{^}}}
(display (apply lt '(1 2)))
