; A procedure's own region is entered on the paths that use it, not on entry (emit.c, "Lazy
; frame regions"): f's symbol and number cases make nothing of their own and return without
; entering rgl; only the list case enters it, and leaves it before its return. A procedure
; that jumps back to its top (walk) enters its iteration region rgs only in the iterations
; that use it, and leaves it (instead of recycling it) at the jump. With -fno-lazy-regions
; both enter their regions on entry, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-lazy-regions
(define (f x)
  (cond ((symbol? x) 'sym)
        ((number? x) (+ x 1))
        (else (let ((l (list x x))) (length l)))))
(define (walk l acc)
  (cond ((null? l) acc)
        ((pair? (car l)) (walk (cdr l) (+ acc (length (list (car l) (car l))))))
        (else (walk (cdr l) (+ acc 1)))))
(display (list (f 'a) (f 1) (f "s") (walk (list 1 (list 2) 3) 0)))
(newline)
; CHECK-LABEL: _f_direct({{.*}}) {
; CHECK-NOT:   rt_region_enter
; CHECK:       if (RT_IS_TYPE({{t[0-9]+}}, TYPE_ID_SYMBOL)) {
; CHECK-NEXT:    return
; CHECK-NOT:   rt_region_enter
; CHECK:       return
; CHECK:       } else {
; CHECK-NEXT:    Region rgl;
; CHECK-NEXT:    rt_region_enter(&rgl);
; CHECK:         rt_region_leave(&rgl);
; CHECK-NEXT:    return
; CHECK-LABEL: _walk_direct({{.*}}) {
; CHECK-NOT:   rt_region_enter
; CHECK:       top:;
; CHECK-NOT:   rt_region_enter
; CHECK:       return
; CHECK:       Region rgs;
; CHECK-NEXT:  rt_region_enter(&rgs);
; CHECK:       rt_region_leave(&rgs);
; CHECK-NEXT:  goto top;
