; A Mandelbrot-style loop: zr and zi are never-assigned loop variables that are always
; flonums, so they live in C doubles and the loop allocates no flonum.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (mandel cr ci)
  (let loop ((zr 0.0) (zi 0.0) (i 0))
    (if (or (= i 100) (> (+ (* zr zr) (* zi zi)) 4.0))
        i
        (loop (+ (- (* zr zr) (* zi zi)) cr) (+ (* 2.0 zr zi) ci) (+ i 1)))))
; CHECK-LABEL: _mandel_direct({{.*}}) {
; CHECK: double v{{[0-9]+}}_zr =
; CHECK: double v{{[0-9]+}}_zi =
; CHECK-NOT: alloc_obj_typed(rr, TYPE_ID_FLOAT)
; CHECK-NOT: rt_mul2
; CHECK: goto loop
; CHECK: {{^}}}
(display (mandel 0.1 0.2))
