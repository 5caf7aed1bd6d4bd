; < of values of unknown type: the fixnum fast path, then the cold stub (lean compares,
; emit_num.c); with -fno-lean-compares a test for two flonums comes between them.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN: %regal -fno-lean-compares -S -o - %s | FileCheck --check-prefix=FLO %s
(define (lt a b) (if (< a b) 1 0))
; CHECK-LABEL: _lt_direct({{.*}}) {
; CHECK: if ((RT_BOTH_FIXNUM([[A:t[0-9]+]], [[B:t[0-9]+]]) ? (int64_t)[[A]] < (int64_t)[[B]] : rt_slow{{[0-9]+}}([[A]], [[B]]))) {
; CHECK: {{^}}}
; FLO-LABEL: _lt_direct({{.*}}) {
; FLO: if ((RT_BOTH_FIXNUM({{t[0-9]+}}, {{t[0-9]+}}) ? (int64_t){{t[0-9]+}} < (int64_t){{t[0-9]+}} : {{.*}} ? {{.*}} : rt_slow{{[0-9]+}}(
; FLO: {{^}}}
(display (apply lt '(1 2)))
