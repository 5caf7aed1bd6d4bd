; car of a value of unknown type keeps its pair test and error.
; RUN: %regal -S -o - %s | FileCheck %s
(define (first x) (car x))
; CHECK-LABEL: _first({{.*}}) {
; CHECK: if (RT_UNLIKELY(!RT_IS_PAIR(
; CHECK-SAME: rt_type_error({{.*}}"car", "a pair"
; CHECK: {{^}}}
(display (map first '((1) (2))))
