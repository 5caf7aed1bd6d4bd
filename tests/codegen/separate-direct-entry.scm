; Separate compilation (compiler/interface.c): the library's object defines its procedures'
; closures, generic and direct entries under stable names, its initialiser, and shares its
; symbols (weak); the program calls the direct entry of a procedure whose arity the interface
; gives, and puts an argument the procedure keeps nothing of in its own region (the loop's).
; RUN: rm -rf %t && mkdir -p %t/b
; RUN: %regal -c %S/Inputs/sep/b/ops.sld -o %t/b/ops.o
; RUN: %regal -S -c %S/Inputs/sep/b/ops.sld -o - | FileCheck --check-prefix=LIB %s
; RUN: %regal -S -I %t %s %t/b/ops.o -o - | FileCheck %s
; LIB: __attribute__((weak)) struct { RtSymbol s; char u[5]; } regal_sym_pair =
; LIB: RtValue regal_v_b_20ops_V_add3 = RT_TAG_AS_OBJ(&scm_lambda{{[0-9]+}}_add3_closure);
; LIB: RtValue regal_g_b_20ops_V_add3(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
; LIB: RtValue regal_x_b_20ops_V_add3(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
; LIB-NEXT: RT_MUSTTAIL return scm_lambda{{[0-9]+}}_add3_direct(rr, self, a0, a1, a2, a3);
; LIB: void regal_statics_b_20ops(void) {
; LIB: RtValue regal_init_b_20ops(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
; LIB-NOT: int main(
(import (scheme base) (scheme write) (b ops))
; CHECK: extern RtValue regal_x_b_20ops_V_add3(Region *rr
; CHECK: extern void regal_statics_b_20ops(void);
; CHECK: __attribute__((weak)) struct { RtSymbol s; char u[5]; } regal_sym_pair =
; CHECK-LABEL: static RtValue scm_lambda0_run_direct({{.*}}) {
; CHECK: rt_region_enter(&[[RG:rg[0-9]+]]);
; CHECK: = regal_x_b_20ops_V_mk_2dpair(&[[RG]], 0, {{[^,]+}}, RT_FIX(1LL), 0, 0);
; CHECK: = regal_x_b_20ops_V_pair_2dsum(&[[RG]], 0,
; CHECK: rt_region_recycle(&[[RG]]);
(define (run n)
  (let loop ((i 0) (acc 0))
    (if (= i n) acc (loop (+ i 1) (+ acc (pair-sum (mk-pair i 1)))))))
; CHECK-LABEL: void regal_top0(void) {
; CHECK: regal_init_b_20ops(rr, 0, 0, 0, 0, 0);
; CHECK: regal_x_b_20ops_V_add3({{[^,]+}}, 0, RT_FIX(1LL), RT_FIX(2LL), RT_FIX(3LL), 0)
(display (add3 1 2 3))
(display (run 10))
(display (eq? (tag '(1)) 'pair))
; CHECK: static void regal_program(void) {
; CHECK-NEXT: regal_statics_b_20ops();
