; --explain-regions: the container rule and INTO summaries (compiler/regions.c). A loop that
; stores fresh objects into a list its procedure made and returns (destruct's shape): what it
; stores goes to the list's region, the caller's, up to the region's soft budget (emitted as
; rt_region_soft), instead of the heap; append-to-tail! stores its second parameter into its
; first's objects, so a call passing grow's list and a fresh one stores the fresh one into the
; list too (INTO), instead of sending it to the heap as "kept". A store into a global's object
; still sends the value to the heap. With -fno-container-regions those sites go to the heap,
; so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-container-regions --explain-regions %s | FileCheck --check-prefix=OFF %s
; RUN: %regal -S %s -o - | FileCheck --check-prefix=C %s
(define (append-to-tail! x y)
  (if (null? x) y (let loop ((a x) (b (cdr x)))
                    (if (null? b) (begin (set-cdr! a y) x) (loop b (cdr b))))))
(define (grow n)
  (let ((l (list (list 0) (list 0))))
    (do ((i 0 (+ i 1))) ((= i n) l)
      (set-car! l (list i))
      (append-to-tail! (cadr l) (list i)))))
(define g (list 0))
(define (store-global n) (do ((i 0 (+ i 1))) ((= i n)) (set-car! g (list i))))
(display (grow 3))
(store-global 2)
(newline)
; CHECK: :18:19: list: caller's region (of the call of 'grow'): made in every iteration of a loop to be stored into objects that live there (part of list at {{.*}}:16:12): with them, up to the region's soft budget
; CHECK: :19:33: list: caller's region (of the call of 'grow'): made in every iteration of a loop to be stored into objects that live there (part of list at {{.*}}:16:12): with them, up to the region's soft budget
; CHECK: :21:68: list: heap (collected): stored by 'set-car!' at
; CHECK: heap sites by reason:
; OFF: :18:19: list: heap (collected): made in every iteration but outlives it (part of list at
; OFF: :19:33: list: heap (collected): passed to 'append-to-tail!', which keeps it at
; C: alloc_obj_typed(rt_region_soft(rr), TYPE_ID_PAIR)
