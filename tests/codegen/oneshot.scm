; One-shot closures (compiler/oneshot.c), on the program of tests/run/oneshot-cps.scm (whose
; answers that test checks against Chez's, also under ASan, where a closure given back is
; poisoned): the continuations of cpstak, of a list built in CPS and a let-bound one are
; one-shot, their parameters and variables linear, and each one's body gives its closure
; back (rt_region_pop) after reading its free variables. The continuations called twice,
; stored, returned, given to a primitive, captured by a closure called twice or called in a
; loop are not. With -fno-one-shot nothing is, so this test must fail then.
; RUN: %regal --dump=oneshot %S/../run/oneshot-cps.scm | FileCheck %s
; RUN: %regal -S -o - %S/../run/oneshot-cps.scm | FileCheck --check-prefix=C %s
; RUN: %regal --explain-regions %S/../run/oneshot-cps.scm | FileCheck --check-prefix=E %s
; RUN-INVERSE: -fno-one-shot
; CHECK-LABEL: (define cpstak
; CHECK:       (lambda.{{[0-9]+}} (x.{{[0-9]+}} y.{{[0-9]+}} z.{{[0-9]+}} k.{{[0-9]+}}{linear})
; CHECK:       (lambda.{{[0-9]+}} (v3.{{[0-9]+}})
; CHECK-NEXT:  (tak.{{[0-9]+}} v1.{{[0-9]+}} v2.{{[0-9]+}} v3.{{[0-9]+}} k.{{[0-9]+}})){one-shot})){one-shot})){one-shot})))))
; CHECK-LABEL: (define build
; CHECK:       (lambda.{{[0-9]+}} (n.{{[0-9]+}} k.{{[0-9]+}}{linear})
; CHECK:       (lambda.{{[0-9]+}} (rest.{{[0-9]+}}) (k.{{[0-9]+}} (#%cons n.{{[0-9]+}} rest.{{[0-9]+}}))){one-shot}
; CHECK-LABEL: (define sum-cps
; CHECK:       (let ((next.{{[0-9]+}}{linear} (lambda.{{[0-9]+}} (s.{{[0-9]+}}) {{.*}}){one-shot}))
; CHECK-LABEL: (define twice
; CHECK-NOT:   one-shot
; CHECK-LABEL: (define keep
; CHECK-NOT:   one-shot
; CHECK-LABEL: (define wrap
; CHECK-NOT:   one-shot
; CHECK-LABEL: (define adders
; CHECK-NOT:   one-shot
; CHECK-LABEL: (define repeat
; CHECK-NOT:   one-shot
; CHECK-LABEL: (define each-outer
; CHECK-NOT:   one-shot
; C-LABEL:     static inline RtValue scm_lambda2_direct({{.*}}) {
; C:           RtValue v{{[0-9]+}}_k = RT_AS(RtClosure, self)->free[3];
; C-NEXT:      (void)v{{[0-9]+}}_k;
; C-NEXT:      rt_region_pop(rr, self, RT_ROUND(rt_type_size[TYPE_ID_CLOSURE] + 32));
; --explain-regions: the region of each closure, and that it gives itself back there.
; E:           oneshot-cps.scm:16:14: closure: caller's region (of the call of 'tak'): {{.*}}; one-shot: gives itself back to its region when called
; E:           oneshot-cps.scm:28:22: closure: caller's region (of the call of 'build'): {{.*}}; one-shot: gives itself back to its region when called
; E-NOT:       oneshot-cps.scm:4{{[0-9]}}:{{.*}}one-shot
