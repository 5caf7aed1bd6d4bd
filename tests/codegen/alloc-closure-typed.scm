; A closure with one free variable: TYPE_ID_CLOSURE with one slot; constructors: mk_closure.
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
(define (adder n) (lambda (x) (+ x n)))
; TYPED-LABEL: _adder_direct({{.*}}) {
; TYPED: alloc_obj_sized(rr, TYPE_ID_CLOSURE, 8)
; TYPED-NEXT: ->hdr = RT_HDR(TYPE_ID_CLOSURE, 1);
; TYPED-NOT: mk_closure
; TYPED: {{^}}}
; CTOR-LABEL: _adder_direct({{.*}}) {
; CTOR: mk_closure(rr, scm_lambda{{[0-9]+}}, 1)
; CTOR: {{^}}}
(display ((adder 1) 2))
