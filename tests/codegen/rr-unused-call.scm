; A call of a procedure that allocates, but nothing in the region its caller gives it, gets no
; region (compiler/regions.c, Rg.rr_unused): note! conses into a global (the collected heap)
; and returns a boolean, so check enters no region of its own for the call and passes the
; heap. note! is not alloc-free (it allocates), so before this rule check entered and left a
; frame region at every call (ecraven sboyer: 40.9 million regions holding 808 bytes in all).
; walk passes its rr on in a tail call to a procedure that uses it (it returns a list it
; makes), so a call of walk still gets a region. With -fno-rr-unused check enters one again,
; so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-rr-unused
(define seen '())
(define (note! x) (set! seen (cons x seen)) (pair? x))
(define (check l) (if (note! (car l)) 'pair 'atom))
(define (build n) (if (= n 0) '() (cons n (build (- n 1)))))
(define (walk n) (build n))
(define (size n) (length (walk n)))
(display (list (check (list (list 1))) (check (list 2)) (size 3)))
(newline)
(display (length seen))
(newline)
; CHECK-LABEL: _check_direct({{.*}}) {
; CHECK-NOT:   rt_region_enter
; CHECK:       _note_21_direct(&rt_gc_region,
; CHECK-LABEL: _size_direct({{.*}}) {
; CHECK:       rt_region_enter(&rgl);
; CHECK:       _walk_direct(&rgl,
