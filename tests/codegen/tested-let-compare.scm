; A call of a procedure inference cannot name, bound by a let to a variable that is only
; compared (eq?, eqv?, equal?, = ... : primitives that make a boolean and keep nothing) or
; tested, is "only tested" as an if's test is (compiler/regions.c, rg_mark_tested): its result
; goes to the collected heap instead of a region the loop enters, recycles and leaves at every
; iteration (ecraven lattice's `(let ((probe (base x y))) (if (or (eq? probe 'equal) ...)))`:
; 0.86x its CPU time). With -fno-tested-heap the loop has its iteration region again, so this
; test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-tested-heap
(define (all-same? cmp a b) ((checker cmp) a b))
(define (checker cmp)
  (lambda (a b)
   (let check ((i 0))
    (if (= i (string-length a)) #t
        (let ((probe (cmp (string-ref a i) (string-ref b i))))
          (if (or (eq? probe 'equal) (eq? probe 'same))
              (check (+ i 1))
              #f))))))
(define (compare a b) (if (char=? a b) 'equal 'different))
(define (same a b) (if (char=? a b) 'same (list a b)))
(define ops (make-hash-table))      ; inference cannot name what a hash table's values call
(hash-table-set! ops 0 compare)
(hash-table-set! ops 1 same)
(define (op i) (hash-table-ref/default ops i #f))
(display (list (all-same? (op 0) "abc" "abc") (all-same? (op 0) "ab" "ac")
               (all-same? (op 1) "xy" "xy") (all-same? (op 1) "x" "z")))
(newline)
; CHECK-LABEL: _lambda{{[0-9]+}}_direct({{.*}}) {
; CHECK-NOT:   rt_region_enter
; CHECK:       (&rt_gc_region,
; CHECK:       {{^}$}}
