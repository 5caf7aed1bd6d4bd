; --no-types compiles without the inferred types: every check stays.
; RUN: %regal -S --no-types -o - %s | FileCheck %s
(define (first-or-zero x) (if (pair? x) (car x) 0))
; CHECK: void rt_err[[ERR:[0-9]+]](RtValue s0) { rt_type_error({{.*}}"car"
; CHECK-LABEL: _first_or_zero_direct({{.*}}) {
; CHECK: rt_err[[ERR]](
; CHECK: {{^}}}
(display (first-or-zero '(1)))
