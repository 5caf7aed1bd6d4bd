; A procedure that never escapes gets the union of its call sites' argument types.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN: %regal --types %s | FileCheck %s --check-prefix=TYPES
; RUN-INVERSE: --no-types
(define (g p) (car p))
; CHECK-LABEL: _g_direct({{.*}}) {
; CHECK-NOT: rt_err
; CHECK: {{^}}}
; TYPES: g: (pair) -> unknown
(display (g (cons 1 2)))
(display (g (list 3)))
