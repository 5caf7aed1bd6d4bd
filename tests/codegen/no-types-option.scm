; --no-types compiles without the inferred types: every check stays.
; RUN: %regal -S --no-types -o - %s | FileCheck %s
(define (first-or-zero x) (if (pair? x) (car x) 0))
; CHECK-LABEL: _first_or_zero({{.*}}) {
; CHECK: rt_type_error({{.*}}"car"
; CHECK: {{^}}}
(display (first-or-zero '(1)))
