; < of two proven fixnums compares the tagged words directly, as a C condition.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (shorter? s v) (if (< (string-length s) (vector-length v)) 'yes 'no))
; CHECK-LABEL: _shorter_3f_direct({{.*}}) {
; CHECK: if ((int64_t){{t[0-9]+}} < (int64_t){{t[0-9]+}}) {
; CHECK-NOT: rt_lt2
; CHECK: {{^}}}
(display (shorter? "a" (vector 1 2)))
