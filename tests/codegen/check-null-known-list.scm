; As with eq?, (null? x) on a pair|null parameter leaves a pair in the else branch.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (tail-or-nil x) (if (null? x) '() (cdr x)))
; CHECK-LABEL: _tail_or_nil_direct({{.*}}) {
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (tail-or-nil (cons 1 '())))
(display (tail-or-nil '()))
