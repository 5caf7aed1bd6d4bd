; A procedure passed as a value to code inference cannot see (apply: the runtime calls it) can
; be called with anything: its parameter is unknown and car keeps its test.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN: %regal --types %s | FileCheck %s --check-prefix=TYPES
(define (g p) (car p))
; CHECK-LABEL: _g_direct({{.*}}) {
; CHECK: if (RT_UNLIKELY(!(RT_IS_PAIR({{.*}} rt_err{{[0-9]+}}(
; CHECK: {{^}}}
; TYPES: g: (unknown) -> unknown
(display (g (cons 1 2)))
(display (apply g '((1))))
