; car of a value of unknown type keeps its pair test and error.
; RUN: %regal -S -o - %s | FileCheck %s
(define (first x) (car x))
; CHECK: static RT_COLD RT_NORETURN void rt_err[[ERR:[0-9]+]](RtValue s0) { rt_type_error({{.*}}"car", "a pair", s0); }
; CHECK-LABEL: _first_direct({{.*}}) {
; CHECK: if (RT_UNLIKELY(!(RT_IS_PAIR(
; CHECK-SAME: rt_err[[ERR]](
; CHECK: {{^}}}
(display (apply first '((1))))   ; apply: first may get anything
