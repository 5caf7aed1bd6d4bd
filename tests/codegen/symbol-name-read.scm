; symbol->string whose result a pure primitive only reads (string-ref, string-length,
; string=?, string-append...: prims.def's RT_PF_PURE with EF_NONE) passes the symbol's own name
; (compiler/simplify.c, %symbol-name): no copy, and no region entered for one (ecraven browse's
; (string-ref (symbol->string (car pat)) 0) at every call of my-match). A result that may be
; mutated or kept is still a fresh copy. With -fno-simplify the copies come back, so this test
; must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-simplify
(define (initial x) (string-ref (symbol->string x) 0))
(define (named? x s) (string=? (symbol->string x) s))
(define (name-of x) (symbol->string x))
(display (list (initial 'hello) (named? 'abc "abc") (name-of 'xyz)))
(newline)
; CHECK-LABEL: _initial_direct({{.*}}) {
; CHECK-NOT:   rt_p_symbol_to_string
; CHECK:       rt_p_symbol_name(
; CHECK-LABEL: _named_3f_direct({{.*}}) {
; CHECK-NOT:   rt_p_symbol_to_string
; CHECK:       rt_p_symbol_name(
; CHECK-LABEL: _name_of_direct({{.*}}) {
; CHECK:       rt_p_symbol_to_string(
