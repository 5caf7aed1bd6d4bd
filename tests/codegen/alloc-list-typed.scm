; (list a b c) allocates three pairs with a constant type id; constructors: three mk_pair.
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
(define (three a b c) (list a b c))
; TYPED-LABEL: _three_direct({{.*}}) {
; TYPED: alloc_obj_typed(rr, TYPE_ID_PAIR)
; TYPED: alloc_obj_typed(rr, TYPE_ID_PAIR)
; TYPED: alloc_obj_typed(rr, TYPE_ID_PAIR)
; TYPED-NOT: mk_pair
; TYPED: {{^}}}
; CTOR-LABEL: _three_direct({{.*}}) {
; CTOR-COUNT-3: mk_pair(rr,
; CTOR-NOT: alloc_obj_typed
; CTOR: {{^}}}
(display (three 1 2 3))
