; Unboxed operands (emit_num.c): in (+ (* x a) (* y d) (* z g) tx) on numbers that may be
; flonums (ecraven nucleic's transformation of a point), each product's flonum case leaves its
; result in a C double (the value RT_UNBOXED beside it) and the sum reads the doubles: only the
; sum is boxed; a comparison reads its operands so too (inside?: nothing boxed at all). The
; products' fixnum cases and slow paths are unchanged; the sum's slow path
; boxes an unboxed product in the heap. With -fno-unboxed-operands every product is boxed, so
; this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-unboxed-operands
(define (apply-tfo x y z a d g tx) (+ (* x a) (* y d) (* z g) tx))
(define (inside? x y r) (< (+ (* x x) (* y y)) (* r r)))
(display (apply-tfo (read) (read) (read) (read) (read) (read) (read)))
(display (inside? (read) (read) (read)))
(newline)
; CHECK-LABEL: _apply_tfo_direct({{.*}}) {
; CHECK:       [[P:t[0-9]+]]_d = RT_FLOVAL({{t[0-9]+}}) * RT_FLOVAL({{t[0-9]+}});
; CHECK-NEXT:  [[P]] = RT_UNBOXED;
; CHECK-NOT:   alloc_obj
; CHECK-NOT:   rt_heap
; CHECK:       RT_UNBOXED;
; CHECK-NOT:   alloc_obj
; CHECK-NOT:   rt_heap
; CHECK:       RT_UNBOXED;
; CHECK-NOT:   alloc_obj
; CHECK-NOT:   rt_heap
; CHECK:       if (([[Q:t[0-9]+]] == RT_UNBOXED || RT_IS_TYPE([[Q]], TYPE_ID_FLOAT)) &&
; CHECK:       alloc_obj_typed(rr, TYPE_ID_FLOAT);
; CHECK-NEXT:  hdr = RT_HDR(TYPE_ID_FLOAT, 0);
; CHECK-NEXT:  _p->d = ([[Q]] == RT_UNBOXED ? [[P]]_d : RT_FLOVAL([[Q]])) +
; CHECK:       } else {{t[0-9]+}} = rt_slow{{[0-9]+}}(rr, ([[Q]] == RT_UNBOXED ? mk_float(&rt_gc_region, [[P]]_d) : [[Q]]),
; CHECK-LABEL: _inside_3f_direct({{.*}}) {
; CHECK-NOT:   alloc_obj
; CHECK-NOT:   rt_heap
; CHECK:       RT_BOOL((RT_BOTH_FIXNUM([[S:t[0-9]+]], [[R:t[0-9]+]]) ? (int64_t)[[S]] < (int64_t)[[R]] : ([[S]] == RT_UNBOXED || RT_IS_TYPE([[S]], TYPE_ID_FLOAT)) && ([[R]] == RT_UNBOXED || RT_IS_TYPE([[R]], TYPE_ID_FLOAT)) ? ([[S]] == RT_UNBOXED ? {{t[0-9]+}}_d : RT_FLOVAL([[S]])) < ([[R]] == RT_UNBOXED ? {{t[0-9]+}}_d : RT_FLOVAL([[R]]))
