; The result of a known procedure is the type of its body: car of (mk) needs no test.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (mk) (cons 1 2))
(define (use) (car (mk)))
; CHECK-LABEL: _use_direct({{.*}}) {
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (use))
