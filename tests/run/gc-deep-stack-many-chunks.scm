; The collected heap's roots when a deep recursion's stack holds many of its objects and many
; region chunks are live: the collector pushed each live chunk as a range onto its mark stack,
; which it does not grow while it pushes roots, and a deep stack had filled it: "Unexpected
; mark stack overflow", an abort (found by tests/run/tail-cycle-gc-interp.scm under ASan at
; 2000 frames). The chunks' words now go as one range (runtime/region.c, rt_chunks_push_done).
; A small initial heap makes the collections come while the recursion is deep.
; RUN-ENV: GC_INITIAL_HEAP_SIZE=1000000
(define g (make-vector 1 #f))
(define (build n) (if (= n 0) '() (let ((x (list n))) (vector-set! g 0 x) (cons x (build (- n 1))))))
(define (deep n) (if (= n 0) 0 (let ((x (list n n))) (vector-set! g 0 x) (let ((r (deep (- n 1)))) (+ r (car x))))))
(define l (build 1000000))
(display (deep 200000)) (newline)
(display (length l)) (newline)
