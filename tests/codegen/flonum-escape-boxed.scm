; A flonum accumulator stays a double in the loop and is boxed only where it escapes: the
; return of the loop's result.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (sum-to n)
  (let loop ((i 0) (s 0.0))
    (if (= i n) s (loop (+ i 1) (+ s 1.5)))))
; CHECK-LABEL: _sum_to_direct({{.*}}) {
; CHECK: double v{{[0-9]+}}_s =
; CHECK: alloc_obj_typed(rr, TYPE_ID_FLOAT)
; CHECK-NEXT: ->hdr = RT_HDR(TYPE_ID_FLOAT, 0);
; CHECK-NEXT: ->d = v{{[0-9]+}}_s;
; CHECK-NOT: alloc_obj_typed(rr, TYPE_ID_FLOAT)
; CHECK: {{^}}}
(display (sum-to 10))
