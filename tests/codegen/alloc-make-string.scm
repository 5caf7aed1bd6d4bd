; (make-string 3 #\x): typed TYPE_ID_STRING with a fill loop; constructors: mk_string_fill.
; The fill is inferred to be a char, so the typed path has no char test.
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
; RUN-INVERSE: --no-types
(define (xs) (make-string 3 #\x))
; TYPED-LABEL: _xs_direct({{.*}}) {
; TYPED-NOT: RT_IS_CHAR
; TYPED: alloc_obj_sized(rr, TYPE_ID_STRING,
; TYPED: {{^}}}
; CTOR-LABEL: _xs_direct({{.*}}) {
; CTOR: mk_string_fill(rr, (size_t)RT_FIXVAL(
; CTOR: {{^}}}
(display (xs))
