; The parameter of a non-escaping procedure is the union of its call sites' arguments:
; pair|null here; (eq? x '()) removes null in the else branch, which leaves a pair.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (head x) (if (eq? x '()) 0 (car x)))
; CHECK-LABEL: _head_direct({{.*}}) {
; CHECK: if ({{.*}} == RT_NIL) {
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (head (list 1 2)))
(display (head '()))
