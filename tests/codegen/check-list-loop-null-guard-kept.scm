; A loop guarded by null? only, over a list of unknown origin (sum is passed to apply, so its
; argument can be anything): the list may be improper, so the pair tests of car and cdr stay.
; RUN: %regal -S -o - %s | FileCheck %s
(define (sum l)
  (let loop ((l l) (acc 0))
    (if (null? l) acc (loop (cdr l) (+ acc (car l))))))
; CHECK: void rt_err[[CDR:[0-9]+]](RtValue s0) { rt_type_error({{.*}}"cdr"
; CHECK: void rt_err[[CAR:[0-9]+]](RtValue s0) { rt_type_error({{.*}}"car"
; CHECK-LABEL: _sum_direct({{.*}}) {
; CHECK: if ({{.*}} == RT_NIL) {
; CHECK: rt_err[[CDR]](
; CHECK: rt_err[[CAR]](
; CHECK: {{^}}}
(display (apply sum (list (list 1 2 3))))
