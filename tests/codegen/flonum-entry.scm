; Flonum entries (infer.c's Lambda.flo_entry, emit.c): fibfp's procedure, called with a flonum
; and never used as a value, takes its parameter and returns its result as C doubles through a
; C function of its own, so its recursive calls box nothing. Its direct entry converts, for
; calls through a closure. With -fno-flonum-entries the parameter and the result are boxed
; flonums, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-flonum-entries
(define (fibfp n)
  (if (< n 2.)
      n
      (+ (fibfp (- n 1.)) (fibfp (- n 2.)))))
(display (fibfp 25.))
; CHECK:       static double scm_lambda{{[0-9]+}}_fibfp_fl(Region *rr, double a0);
; CHECK-LABEL: _fibfp_fl(Region *rr, double a0) {
; CHECK:       double v{{[0-9]+}}_n = a0;
; CHECK-NOT:   TYPE_ID_FLOAT
; CHECK:       double [[A:t[0-9]+]] = scm_lambda{{[0-9]+}}_fibfp_fl(rr,
; CHECK-NOT:   TYPE_ID_FLOAT
; CHECK:       double [[B:t[0-9]+]] = scm_lambda{{[0-9]+}}_fibfp_fl(rr,
; CHECK-NOT:   TYPE_ID_FLOAT
; CHECK:       return (t{{[0-9]+}} + t{{[0-9]+}});
; CHECK-LABEL: _fibfp_direct({{.*}}) {
; CHECK:       if (RT_UNLIKELY(!RT_IS_TYPE(a0, TYPE_ID_FLOAT))) rt_type_error(
; CHECK:       return mk_float(rr, scm_lambda{{[0-9]+}}_fibfp_fl(rr, RT_FLOVAL(a0)));
