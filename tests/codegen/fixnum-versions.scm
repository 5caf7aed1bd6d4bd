; Fixnum copies (version.c): fib's n is read at run time, so it may be anything; fib gets a
; copy (a new top-level procedure, "fib" too) entered after (%fixnum? n) at fib's entry, in
; which inference knows n as a fixnum: the comparison and the subtractions test no tags, and
; each recursive call tests only the argument it computed before calling the copy again (the
; original, generic fib otherwise). With -fno-fixnum-versions fib has no copy and its
; comparison tests both operands' tags, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-fixnum-versions
; CHECK: static RtValue [[ORIG:scm_lambda[0-9]+_fib]]_direct(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
; CHECK: if (RT_IS_FIXNUM(
; CHECK: RT_MUSTTAIL return [[COPY:scm_lambda[0-9]+_fib]]_direct(rr,
; CHECK: static RtValue [[COPY]]_direct(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
; CHECK-NOT: RT_BOTH_FIXNUM
; CHECK: if ((int64_t){{t[0-9]+}} < (int64_t)RT_FIX(2LL))
; CHECK: if (RT_IS_FIXNUM(
; CHECK: [[COPY]]_{{direct|rec1}}(&rt_gc_region,
; CHECK: [[ORIG]]_direct(&rt_gc_region,
(import (scheme base) (scheme read) (scheme write))
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(display (fib (read)))
