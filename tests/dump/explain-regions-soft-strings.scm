; --explain-regions: soft strings (compiler/regions.c). A string built by appending in a loop and
; returned (each new value makes the previous one garbage) goes to the caller's region, through
; rt_region_soft (the heap once that region holds 1 MiB), instead of the collected heap; so a
; caller looping over words recycles them with its iteration region. A pair made so keeps the
; heap. With -fno-soft-strings the string goes to the heap, so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-soft-strings --explain-regions %s | FileCheck --check-prefix=OFF %s
; RUN: %regal -S %s -o - | FileCheck --check-prefix=C %s
(define (word n)
  (let loop ((k n) (s ""))
    (if (= k 0) s (loop (- k 1) (string-append s "ka")))))
(define (pairs n)
  (let loop ((k n) (p '()))
    (if (= k 0) p (loop (- k 1) (list k)))))
(display (string-length (word 3)))
(display (pairs 2))
; CHECK: :11:33: string-append: caller's region (of the call of 'word'): a string made in every iteration of a loop but outliving it (returned at {{.*}}:11:17): there, up to the region's soft budget
; CHECK: :14:33: list: heap (collected): made in every iteration but outlives it (returned
; OFF: :11:33: string-append: heap (collected): made in every iteration but outlives it (returned
; C: rt_p_string_append(rt_region_soft(rr),
