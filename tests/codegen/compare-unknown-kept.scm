; < of values of unknown type goes through rt_lt2 (fixnum fast path, generic otherwise).
; RUN: %regal -S -o - %s | FileCheck %s
(define (lt a b) (if (< a b) 1 0))
; CHECK-LABEL: _lt({{.*}}) {
; CHECK: if (rt_lt2(
; CHECK: {{^}}}
(display (apply lt '(1 2)))
