; string-ref, string-set! and string-length are inline (R7RS 6.7; a string is a uint32_t code
; point per character): the string's type, the index (RT_FIX_INDEX) and, for string-set!, the
; character are tested, and only a failed test calls the runtime, which raises the error.
; With -fno-inline-strings each is a call of the runtime, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-inline-strings
(define (ch s i) (string-ref s i))
(define (put! s i c) (string-set! s i c))
(define (len s) (string-length s))
(display (apply ch (list "abc" 1)))
(display (apply put! (list (make-string 2) 0 #\z)))
(display (apply len (list "abc")))
; CHECK-LABEL: _ch_direct({{.*}}) {
; CHECK: if (RT_LIKELY(RT_IS_TYPE({{.*}}, TYPE_ID_STRING) && RT_FIX_INDEX({{.*}} = RT_CHAR(RT_AS(RtString,
; CHECK-NOT: = rt_p_string_ref(
; CHECK: {{^}}}
; CHECK-LABEL: _put_21_direct({{.*}}) {
; CHECK: && RT_IS_CHAR({{.*}})->chars[RT_FIX_INDEX({{.*}})] = RT_CHARVAL(
; CHECK: {{^}}}
; CHECK-LABEL: _len_direct({{.*}}) {
; CHECK: RT_LIKELY(RT_IS_TYPE({{.*}}, TYPE_ID_STRING)) ? RT_FIX(RT_HDR_COUNT(
; CHECK: {{^}}}
