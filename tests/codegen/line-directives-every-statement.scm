; RUN: %regal -g -S -o - %s | FileCheck %s
; With -g, every C line that comes from Scheme has its own #line (issue 17 item 5): the lines
; after a #line count on from it, so one #line before several statements put them on the
; wrong Scheme lines. A parent's statements after a child's are at the parent's line again:
; the addition is at line 9, after the (cdr x) of line 10. The function's own lines (its
; header, the closing brace) are at the definition, line 7.
(define (f x)
  (display x)
  (+ (car x)
     (cdr x)))
(f (cons 1 2))
; CHECK-LABEL: static RtValue scm_lambda0_f_direct({{.*}}) {
; CHECK: RT_ENTRY_CHECK(
; CHECK-NEXT: #line 8 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: RtValue [[X:t[0-9]+]] = v{{[0-9]+}}_x;
; CHECK-NEXT: #line 8 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: rt_p_display({{.*}}[[X]]
; CHECK-NEXT: #line 8 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: (void)
; CHECK-NEXT: #line 9 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: RtValue [[X2:t[0-9]+]] = v{{[0-9]+}}_x;
; CHECK-NEXT: #line 9 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: RT_CAR([[X2]])
; CHECK-NEXT: #line 9 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: RtValue
; CHECK-NEXT: #line 10 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: RtValue [[X3:t[0-9]+]] = v{{[0-9]+}}_x;
; CHECK-NEXT: #line 10 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: RT_CDR([[X3]])
; CHECK-NEXT: #line 9 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: RtValue
; CHECK-NEXT: #line 9 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: int64_t
; CHECK-NEXT: #line 9 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: __builtin_add_overflow
; CHECK-NEXT: #line 9 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: return
; CHECK-NEXT: #line 7 "{{.*}}line-directives-every-statement.scm"
; CHECK-NEXT: {{^}}}
