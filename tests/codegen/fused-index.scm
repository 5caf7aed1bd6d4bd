; vector-ref and vector-set! test an index of unknown type with one rotate and one unsigned
; compare (RT_FIX_INDEX: a fixnum in [0, length)), and the vector's type only when it is not
; proven. With -fno-fused-index the index is tested for a fixnum, then against the length,
; so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-fused-index
(define (ref v i) (vector-ref v i))
(define (put! v i x) (vector-set! v i x))
(define vec (make-vector 3 0))
(define (ref-known i) (vector-ref vec i))
(display (apply ref (list (vector 1) 0)))
(apply put! (list (vector 1) 0 2))
(display (apply ref-known (list 1)))
; CHECK-LABEL: _ref_direct({{.*}}) {
; CHECK: if (RT_LIKELY(RT_IS_TYPE([[V:t[0-9]+]], TYPE_ID_VECTOR) && RT_FIX_INDEX([[I:t[0-9]+]]) < RT_HDR_COUNT(*RT_OBJ([[V]])))) {{t[0-9]+}} = RT_AS(RtVector, [[V]])->items[RT_FIX_INDEX([[I]])];
; CHECK: {{^}}}
; CHECK-LABEL: _put_21_direct({{.*}}) {
; CHECK: if (RT_LIKELY(RT_IS_TYPE({{.*}}, TYPE_ID_VECTOR) && RT_FIX_INDEX(
; CHECK: {{^}}}
; CHECK-LABEL: _ref_known_direct({{.*}}) {
; CHECK-NOT: TYPE_ID_VECTOR
; CHECK: if (RT_LIKELY(RT_FIX_INDEX(
; CHECK: {{^}}}
