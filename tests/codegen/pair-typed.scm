; cons and list allocate pairs with alloc_obj_typed and a constant type id, fields filled
; directly; --alloc=constructors calls mk_pair instead.
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR

(define (pair-up a b) (cons a b))
; TYPED-LABEL: scm_lambda{{[0-9]+}}_pair_up_direct({{.*}}) {
; TYPED: alloc_obj_typed(rr, TYPE_ID_PAIR)
; TYPED-NEXT: ->car =
; TYPED-NEXT: ->cdr =
; TYPED-NOT: mk_pair
; TYPED: {{^}}}
; CTOR-LABEL: scm_lambda{{[0-9]+}}_pair_up_direct({{.*}}) {
; CTOR: mk_pair(rr,
; CTOR-NOT: alloc_obj_typed
; CTOR: {{^}}}

(define (three x) (list x x x))
; TYPED-LABEL: scm_lambda{{[0-9]+}}_three_direct({{.*}}) {
; TYPED-COUNT-3: alloc_obj_typed(rr, TYPE_ID_PAIR)
; CTOR-LABEL: scm_lambda{{[0-9]+}}_three_direct({{.*}}) {
; CTOR-COUNT-3: mk_pair(rr,

(display (pair-up 1 (three 2)))
