; Type inference (--dump=infer): a container a primitive returns without keeping or calling its
; arguments (read's lists and vectors) was made where inference cannot see, so its elements are
; of any type. Inference used to give such a value no container sites, and reading an element
; then had no type at all ({none}: "never returns"), so the arithmetic on it was taken for dead
; code and its allocation sites were not placed by region inference (pnpoly's loop with vectors
; built from read's lists: the collected heap, unlisted by --explain-regions).
; RUN: %regal --dump=infer %s | FileCheck %s
(define v (list->vector (read)))
(display (+ (vector-ref v 1) 1))
; CHECK: (#%vector-ref v{vector} 1{fixnum}){unknown}
; CHECK-NOT: {none}
(define l (read))
(display (car l))
; CHECK: (#%car l{{.*}}){unknown}
