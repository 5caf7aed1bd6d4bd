; set-car! of a freshly consed pair (a let variable) needs no pair test.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (fresh a)
  (let ((p (cons a a)))
    (set-car! p 0)
    p))
; CHECK-LABEL: _fresh_direct({{.*}}) {
; CHECK: alloc_obj_typed(rr, TYPE_ID_PAIR)
; CHECK-NOT: rt_err
; CHECK: RT_CAR(
; CHECK: {{^}}}
(display (fresh 1))
