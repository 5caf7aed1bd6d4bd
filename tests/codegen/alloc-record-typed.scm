; (%record rtd a b), what define-record-type's constructor expands to: the record type's
; field count is checked, then TYPE_ID_RECORD with header, type and fields filled directly.
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
(define point (%make-record-type 'point '(x y)))
(define (make-point x y) (%record point x y))
; TYPED-LABEL: _make_point_direct({{.*}}) {
; TYPED: RT_IS_TYPE({{.*}}, TYPE_ID_RECORD_TYPE)
; TYPED: rt_p_record(rr,
; TYPED: alloc_obj_sized(rr, TYPE_ID_RECORD, 16)
; TYPED-NEXT: ->hdr = RT_HDR(TYPE_ID_RECORD, 2);
; TYPED-NEXT: ->type =
; TYPED-NEXT: ->fields[0] =
; TYPED-NEXT: ->fields[1] =
; TYPED: {{^}}}
; CTOR-LABEL: _make_point_direct({{.*}}) {
; CTOR: mk_record(rr, {{.*}}, 2)
; CTOR: {{^}}}
(display (record? (make-point 1 2)))
