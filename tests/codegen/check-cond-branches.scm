; cond clauses narrow like nested ifs: car of a pair, vector-ref of a vector with a fixnum
; index (its bounds check stays).
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (peek x)
  (cond ((pair? x) (car x))
        ((vector? x) (vector-ref x 0))
        (else x)))
; CHECK-LABEL: _peek_direct({{.*}}) {
; CHECK-NOT: rt_err
; CHECK: if (RT_LIKELY((uint64_t)RT_FIXVAL(RT_FIX(0LL)) < RT_HDR_COUNT(
; CHECK: else {{t[0-9]+}} = rt_slow{{[0-9]+}}(
; CHECK: {{^}}}
(display (map peek (list '(1) (vector 2) 3)))
