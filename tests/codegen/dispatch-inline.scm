; A call of a closure that can only be one of a few lambdas is a dispatch on its code pointer
; (emit.c, emit_dispatch); the direct entries it enters are declared inline, so that the C
; compiler inlines a small one into the dispatch: cpstak's continuations then become jumps
; inside tak's loop (twice as fast as with those entries kept out of line, measured with
; noinline; without the declaration clang stopped inlining them once one-shot closures made
; them a little longer). With -fno-inline-dispatch they are plain static functions, so this
; test must fail then.
; RUN: %regal -S -o - %S/../../benchmarks/cpstak.scm | FileCheck %s
; RUN-INVERSE: -fno-inline-dispatch
; CHECK:       static inline RtValue scm_lambda2_direct(
; CHECK:       static inline RtValue scm_lambda3_direct(
; CHECK:       static inline RtValue scm_lambda4_direct(
; CHECK:       static RtValue scm_lambda1_tak_direct({{.*}}) {
; CHECK:       if ({{t[0-9]+}} == scm_lambda4) RT_MUSTTAIL return scm_lambda4_direct(
