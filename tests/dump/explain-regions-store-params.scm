; --explain-regions: stores into what a procedure is given (compiler/regions.c). populate stores
; nodes it makes into the node it is given; its callers give it, as its caller's region, one that
; node dies with, and it puts those nodes there (stores into parameters, -fno-store-params: the
; heap). The tree `use` builds is made by empty-node, which returns only what it makes (fresh
; results, -fno-fresh-results: a store into a call's result sends what is stored to the heap),
; so populate's call there gets use's iteration region. A list holding a global's object is
; not the caller's own (TK_ELSEWHERE): what store-car! stores into it goes to the heap.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-store-params --explain-regions %s | FileCheck --check-prefix=NOSTORE %s
; RUN: %regal -S %s -o - | FileCheck --check-prefix=C %s
; RUN: %regal -fno-fresh-results -S %s -o - | FileCheck --check-prefix=NOFRESH %s
(define-record-type node (make-node l r) node? (l node-l set-node-l!) (r node-r set-node-r!))
(define (empty-node) (make-node #f #f))
(define (populate d n)
  (if (> d 0)
      (begin (set-node-l! n (empty-node)) (set-node-r! n (empty-node))
             (populate (- d 1) (node-l n)) (populate (- d 1) (node-r n)))))
(define (use k) (do ((i 0 (+ i 1))) ((= i k)) (populate 4 (empty-node))))
(define g (list 0))
(define (store-car! l x) (set-car! (car l) x))
(define (f) (let ((l (list g))) (store-car! l (list 1 2)) 'f))
(use 3)
(display (f))
; CHECK: :16:29: result of 'empty-node': caller's region (of the call of 'populate'): {{.*}}whose callers give it a region that object dies with
; CHECK: :18:59: result of 'empty-node': iteration region of the loop
; CHECK: :21:47: list: heap (collected): stored by 'store-car!' into its argument 1
; NOSTORE: :16:29: result of 'empty-node': heap (collected)
; C-LABEL: scm_lambda{{[0-9]+}}_use_direct({{.*}}) {
; C: populate_direct(&rg
; NOFRESH-LABEL: scm_lambda{{[0-9]+}}_use_direct({{.*}}) {
; NOFRESH: populate_direct(&rt_gc_region
