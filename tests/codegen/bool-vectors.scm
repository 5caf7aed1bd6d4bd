; A vector that holds only booleans and never escapes is a byte per element (infer.c,
; Ast.boolvec): make-vector allocates a TYPE_ID_BOOLVECTOR of n bytes filled by memset, and
; vector-ref and vector-set! read and write a byte inline. benchmarks/sieve's vector of 2 M
; booleans is then 2 MB, not 16. With -fno-bool-vectors it is a vector of values again, so this
; test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-bool-vectors
; CHECK: alloc_obj_sized({{.*}}, TYPE_ID_BOOLVECTOR, (size_t)RT_FIXVAL(
; CHECK: memset({{.*}}->b, 1,
; CHECK: RT_AS(RtBoolVector, {{.*}})->b[{{.*}}] = 0;
; CHECK: = RT_BOOL(RT_AS(RtBoolVector, {{.*}})->b[
(import (scheme base) (scheme write))
(define (count-composites n)
  (let ((v (make-vector n #t)))
    (let mark ((i 2))
      (when (< (* i i) n)
        (let strike ((j (* i i))) (when (< j n) (vector-set! v j #f) (strike (+ j i))))
        (mark (+ i 1))))
    (let count ((i 2) (c 0))
      (if (= i n) c (count (+ i 1) (if (vector-ref v i) c (+ c 1)))))))
(display (count-composites 1000))
