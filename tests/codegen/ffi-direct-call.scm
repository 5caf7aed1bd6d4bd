; A foreign procedure is a direct C call (compiler/emit_ffi.c): the C function declared once,
; under a name of its own bound to its symbol by an asm label (so math.h's sqrt, or a second
; foreign-procedure of the same function with other types, never conflicts), each argument
; converted by an inline check before the call, a double result boxed in the caller's region.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
(define c-sqrt (foreign-procedure "sqrt" (double) double))
(define c-strlen (foreign-procedure "strlen" (string) size_t))
(define c-strlen-int (foreign-procedure "strlen" (string) int))
(display (list (c-sqrt 2.0) (c-strlen "abc") (c-strlen-int "ab")))
; CHECK: extern double regal_ffi[[SQ:[0-9]+]](double) __asm__("sqrt");
; CHECK: extern unsigned long regal_ffi[[SL:[0-9]+]](char *) __asm__("strlen");
; CHECK: extern int regal_ffi{{[0-9]+}}(char *) __asm__("strlen");
; CHECK-LABEL: _sqrt_direct({{.*}}) {
; CHECK: double [[A:t[0-9]+]]_0 = rt_ffi_double({{.*}}, "sqrt", "a flonum (double) as argument 1");
; CHECK-NEXT: double [[R:t[0-9]+]] = regal_ffi[[SQ]]([[A]]_0);
; CHECK-LABEL: _strlen_direct({{.*}}) {
; CHECK: char * [[S:t[0-9]+]]_0 = rt_ffi_string(
; CHECK-NEXT: unsigned long [[N:t[0-9]+]] = regal_ffi[[SL]]([[S]]_0);
; CHECK-NEXT: RtValue {{t[0-9]+}} = rt_ffi_from_u64(rr, (uint64_t)[[N]]);
