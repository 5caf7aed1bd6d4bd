; A number made only when fixnum arithmetic overflows (regions.c, rg_place_by: the bignum
; rule), used only in its procedure's frame: (* n 2) of an exact integer n, compared. It goes
; to the collected heap, so classify uses nothing of the region its callers give it and they
; give it none. In the caller's region (-fno-bignum-heap) it made classify use that region,
; and the loop calling it entered a region for it; so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN-INVERSE: -fno-bignum-heap
; CHECK: bignum-heap.scm:11:35: *: heap (collected): makes an object only when fixnum arithmetic overflows into a bignum
(import (scheme base) (scheme read) (scheme write))
(define (classify n)
  (let ((m (if (exact-integer? n) (* n 2) 0))) (if (> m 10) 'big 'small)))
(define k (read))
(let loop ((i 0))
  (when (< i k)
    (display (classify i))
    (loop (+ i 1))))
