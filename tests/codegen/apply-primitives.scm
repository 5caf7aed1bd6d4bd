; (apply f ...) of a primitive f (regions.c, rg_applied_prim): f's call, with the list's
; elements for its arguments, since the runtime keeps none of the list's pairs. The strings a
; loop conses up for (apply string-append parts) then live in the caller's region, not in the
; collected heap (benchmarks/strings: 22 MiB). With -fno-apply-primitives apply is a call of
; an unknown procedure and they go to the heap, so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN-INVERSE: -fno-apply-primitives
; CHECK: apply-primitives.scm:15:23: cons: caller's region (of the call of 'build'): passed to 'string-append' by apply in tail position
; CHECK: apply-primitives.scm:15:29: number->string: caller's region (of the call of 'build')
; CHECK: apply-primitives.scm:16:33: list: local region of 'count' (released when it returns): used only within the call
(import (scheme base) (scheme write))
(define (build n)
  (let loop ((i 0) (parts '()))
    (if (= i n) (apply string-append parts)
        (loop (+ i 1) (cons (number->string i) parts)))))
(define (count n) (+ 1 (apply + (list n n n))))
(display (string-length (build 100)))
(display (count 3))
