; --explain-regions for stores into containers (issue 15). A value stored into an object of a
; site of the same procedure becomes part of it and lives in its region (grid: the row list in
; the vector's local region); a value the container already holds moves within it without
; escaping (swap! moves a parameter's elements, so use-swap's vector stays local); a store into a
; parameter's object goes to the caller's region (fill!: called with a global, it gets the heap), a global's to the heap; and
; loop variables that hand their values to each other accumulate together (split swaps a and
; b: both lists go to the caller's region, not the heap).
; RUN: %regal --explain-regions %s | FileCheck %s
(define (grid n)
  (let ((v (make-vector n '())))
    (vector-set! v 0 (list 1 2 3))
    (length (vector-ref v 0))))
(define (swap! v i j)
  (let ((t (vector-ref v i))) (vector-set! v i (vector-ref v j)) (vector-set! v j t)))
(define (use-swap) (let ((v (make-vector 3 (list 1)))) (swap! v 0 1) (vector-length v)))
(define (split l a b) (if (null? l) (cons a b) (split (cdr l) b (cons (car l) a))))
(define (fill! v n) (do ((i 0 (+ i 1))) ((= i n)) (vector-set! v i (list i))))
(define g (make-vector 2 #f))
(define (store-global x) (vector-set! g 0 (list x)))
(display (list (grid 2) (use-swap) (split '(1 2 3) '() '())))
(fill! g 2)
(store-global 1)
(newline)
; CHECK:      explain-regions-stores.scm:10:12: make-vector: local region of 'grid' (released when it returns): used only within the call
; CHECK-NEXT: explain-regions-stores.scm:11:22: list: local region of 'grid' (released when it returns): used only within the call
; CHECK-NEXT: explain-regions-stores.scm:15:29: make-vector: local region of 'use-swap' (released when it returns): used only within the call
; CHECK-NEXT: explain-regions-stores.scm:15:44: list: local region of 'use-swap' (released when it returns): used only within the call
; CHECK-NEXT: explain-regions-stores.scm:16:37: cons: caller's region (of the call of 'split'): returned at {{.*}}explain-regions-stores.scm:16:37
; CHECK-NEXT: explain-regions-stores.scm:16:65: cons: caller's region (of the call of 'split'): part of cons at {{.*}}explain-regions-stores.scm:16:37
; CHECK-NEXT: explain-regions-stores.scm:17:31: +: caller's region (of the call of 'fill!'): made in every iteration of a loop to be stored into objects that live there (stored by 'vector-set!' into an object its procedure was given, whose callers give it a region that object dies with at {{.*}}explain-regions-stores.scm:17:51): with them, up to the region's soft budget
; CHECK-NEXT: explain-regions-stores.scm:17:68: list: caller's region (of the call of 'fill!'): made in every iteration of a loop to be stored into objects that live there (stored by 'vector-set!' into an object its procedure was given, whose callers give it a region that object dies with at {{.*}}explain-regions-stores.scm:17:51): with them, up to the region's soft budget
; CHECK-NEXT: explain-regions-stores.scm:19:43: list: heap (collected): stored by 'vector-set!' at {{.*}}explain-regions-stores.scm:19:26
