; (string #\a #\b): chars are proven, so no char test; typed TYPE_ID_STRING allocation.
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
; RUN-INVERSE: --no-types
(define (ab) (string #\a #\b))
; TYPED-LABEL: _ab_direct({{.*}}) {
; TYPED-NOT: RT_IS_CHAR
; TYPED: alloc_obj_sized(rr, TYPE_ID_STRING, 8)
; TYPED: ->hdr = RT_HDR(TYPE_ID_STRING, 2);
; TYPED: {{^}}}
; CTOR-LABEL: _ab_direct({{.*}}) {
; CTOR: mk_string_fill(rr, 2, 0)
; CTOR: {{^}}}
(display (ab))
