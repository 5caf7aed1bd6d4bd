; Procedure versioning (compiler/version.c): fibfp's argument comes from `read`, so inference
; cannot tell a fixnum from a flonum. The procedure checks at its entry that n is a flonum and
; then calls its typed copy, whose flonum entry takes and returns C doubles; otherwise its
; original, generic body runs. With -fno-version there is no copy (no flonum entry either:
; n is of unknown type), so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-version
(define (fibfp n)
  (if (< n 2.)
      n
      (+ (fibfp (- n 1.)) (fibfp (- n 2.)))))
(display (fibfp (read)))
; CHECK:       static double scm_lambda[[COPY:[0-9]+]]_fibfp_fl(Region *rr, double a0);
; CHECK-LABEL: _fibfp_direct({{.*}}) {
; CHECK:       if (RT_IS_TYPE(t{{[0-9]+}}, TYPE_ID_FLOAT)) {
; CHECK-NEXT:  double [[N:t[0-9]+]] = RT_FLOVAL(v{{[0-9]+}}_n);
; CHECK-NEXT:  double [[R:t[0-9]+]] = scm_lambda[[COPY]]_fibfp_fl(rr, [[N]]);
; CHECK:       return
; CHECK:       } else {
; CHECK:       rt_slow
; CHECK:       scm_lambda[[COPY]]_fibfp_fl(Region *rr, double a0) {
; CHECK-NOT:   TYPE_ID_FLOAT
; CHECK:       return (t{{[0-9]+}} + t{{[0-9]+}});
