; The result of a known procedure is the type of its body: car of (mk) needs no test.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (mk) (cons 1 2))
(define (use) (car (mk)))
; CHECK-LABEL: _use({{.*}}) {
; CHECK-NOT: rt_type_error
; CHECK: {{^}}}
(display (use))
