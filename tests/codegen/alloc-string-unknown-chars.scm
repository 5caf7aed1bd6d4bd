; (string x) with x of unknown type keeps the char test and the runtime fallback.
; RUN: %regal -S -o - %s | FileCheck %s
(define (one x) (string x))
; CHECK-LABEL: _one_direct({{.*}}) {
; CHECK: if (RT_LIKELY(RT_IS_CHAR(
; CHECK: alloc_obj_sized(rr, TYPE_ID_STRING, 4)
; CHECK: rt_p_string(rr,
(display (apply one (list #\a)))   ; apply: one may get anything
