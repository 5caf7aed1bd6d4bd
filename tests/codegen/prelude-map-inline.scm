; map from the prelude (issue 14): a call of map whose procedure is known is compiled from the
; template in compiler/prelude.scm at the call, so the procedure is called directly (its direct
; entry, no argument count) and the pairs are made inline in the caller's region, instead of
; rt_p_map calling an unknown procedure for every element. With -fno-prelude the call stays
; the primitive's, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-prelude
(define (sq x) (* x x))
(define (squares l) (map sq l))
(display (squares '(1 2 3)))
; CHECK-LABEL: _squares_direct({{.*}}) {
; CHECK-NOT: rt_p_map
; CHECK: RT_MUSTTAIL return scm_lambda{{[0-9]+}}__25map_direct(rr, 0, {{t[0-9]+}}, RT_FIX(0LL), 0, 0);
; CHECK-LABEL: __25map_direct({{.*}}) {
; CHECK: = scm_lambda{{[0-9]+}}_sq_direct(rr, 0, {{t[0-9]+}}, 0, 0, 0);
; CHECK: = scm_lambda{{[0-9]+}}__25map_{{direct|rec[0-9]+}}(rr, 0,
; CHECK: alloc_obj_typed(rr, TYPE_ID_PAIR);
