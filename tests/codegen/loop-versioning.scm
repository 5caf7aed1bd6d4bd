; Loop versioning (compiler/version.c): sumfp's loop, whose bound comes from `read`, so that
; inference cannot tell whether i is a fixnum or a flonum. The loop's head checks that i and
; sum are flonums and then enters a typed copy in which they are C doubles (no flonum box per
; iteration); otherwise the original, generic body runs. With -fno-version there is no copy,
; so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-version
(define (run n)
  (let loop ((i n) (sum 0.))
    (if (< i 0.)
        sum
        (loop (- i 1.) (+ i sum)))))
(display (run (read)))
; CHECK-LABEL: _run_direct({{.*}}) {
; CHECK:       loop{{[0-9]+}}:;
; CHECK:       if (RT_IS_TYPE([[I:t[0-9]+]], TYPE_ID_FLOAT)) {
; CHECK:       RT_IS_TYPE([[S:t[0-9]+]], TYPE_ID_FLOAT)
; CHECK:       double v{{[0-9]+}}_i = t{{[0-9]+}};
; CHECK-NEXT:  double v{{[0-9]+}}_sum = t{{[0-9]+}};
; CHECK:       loop[[COPY:[0-9]+]]:;
; CHECK-NOT:   rt_heap_typed
; CHECK:       = (t{{[0-9]+}} - 0x1p+0);
; CHECK-NOT:   rt_heap_typed
; CHECK:       goto loop[[COPY]];
; CHECK:       } else {
; CHECK:       rt_heap_typed(TYPE_ID_FLOAT)
; CHECK:       {{^}}}
