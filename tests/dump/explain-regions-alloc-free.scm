; --explain-regions: calls of procedures that allocate nothing in their region (compiler/regions.c,
; Rg.alloc_free). node-l is a record accessor: a call of it is given no region, and its result is
; only what node-l returns of its argument. So walk's loop, which carries (node-l n) round, carries
; part of its argument and nothing of its own, and walk does not keep its argument: the root built
; by `use` stays in use's caller's region. With -fno-alloc-free the accessor's result is a token of
; the call's region, carried round the loop into the heap with the argument it is made of, so
; the root goes to the heap ("passed to 'walk', which keeps it"), and this test fails.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-alloc-free -fno-rr-unused --explain-regions %s | FileCheck --check-prefix=OFF %s
(define-record-type node (make-node l v) node? (l node-l) (v node-v))
(define (walk n k) (if (> k 0) (walk (node-l n) (- k 1)) (node-v n)))
(define (use) (let ((root (make-node (make-node #f 2) 1))) (walk root 1)))
(display (use))
; CHECK-NOT: result of 'node-l'
; CHECK: :12:27: result of 'make-node': caller's region (of the call of 'use')
; CHECK: :12:38: result of 'make-node': caller's region (of the call of 'use')
; OFF: :11:{{[0-9]+}}: result of 'node-l': heap (collected)
; OFF: :12:27: result of 'make-node': heap (collected): passed to 'walk', which keeps it
; (-fno-rr-unused too: that rule, which covers accessors as well, would still give the call no
; region, though its result was analysed as the call's.)
