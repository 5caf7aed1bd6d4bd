; A call of a variable known to hold a procedure drops the procedure test; a call of an
; unknown value keeps it.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (pick c x) (let ((f (if c car cdr))) (f x)))
(define (call g x) (g x))
; CHECK-LABEL: _pick_direct({{.*}}) {
; CHECK-NOT: TYPE_ID_CLOSURE)))
; CHECK: {{^}}}
; CHECK-LABEL: _call_direct({{.*}}) {
; CHECK: if (RT_UNLIKELY(!(RT_IS_TYPE({{.*}}, TYPE_ID_CLOSURE)))) rt_err{{[0-9]+}}(
; CHECK: {{^}}}
(display (pick #t '(1 2)))
(display (apply call (list car '(3))))
