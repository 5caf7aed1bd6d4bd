; A let that binds an unboxed flonum variable computes its init in doubles, so it allocates
; nothing there and does not make its procedure enter its local region (compiler/emit.c, lazy
; frame regions: the init is looked at as emit_flo writes it). f below makes nothing of its
; own. With -fno-lazy-regions the region is entered on entry, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-lazy-regions
(define (f x) (let ((d (* x 1.5))) (if (< d 1.0) 'small 'big)))
(define (g v i) (let ((e (+ (vector-ref v i) 0.25))) (if (positive? (- e 1.0)) e 0.0)))
(display (list (f 0.5) (f 2.0) (g (vector 0.5 2.0) 1) (g (vector 0.5 2.0) 0)))
(newline)
; CHECK-LABEL: _f_fl({{.*}}) {
; CHECK-NOT:   rt_region_enter
; CHECK:       double [[T:t[0-9]+]] = (t{{[0-9]+}} * 0x1.8p+0);
; CHECK-NEXT:  double {{v[0-9]+_d}} = [[T]];
; CHECK-NOT:   rt_region_enter
; CHECK:       {{^}}}
