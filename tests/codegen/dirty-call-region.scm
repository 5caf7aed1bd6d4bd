; A call whose result is no object (here a boolean) of a known procedure that leaves more than
; its result in the region it is given (rr_dirty: found? runs a continuation-passing search,
; whose closures the tail calls of search and step pass on) gets the region of the call's own frame, released
; when check returns (regions.c, rg_dirty_unallocated). Before, the bignum rule's type test
; also held for booleans, so the call was given check's caller's region and every search's
; closures stayed there (ecraven graphs: 10 GB of continuations in the collected heap, 3.2x
; slower). With -fno-dirty-calls found? gets rr again, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-dirty-calls
(define (search lst goal k)
  (if (null? lst) (k #f)
      (if (= (car lst) goal) (k #t)
          (step (cdr lst) goal (lambda (r) (k r))))))
(define (step lst goal k) (search lst goal k))
(define (found? lst goal) (search lst goal (lambda (r) r)))
(define (check lst goal) (if (found? lst goal) 'yes 'no))
(define (check-all lst goals)
  (let loop ((g goals) (out '()))
    (if (null? g) (reverse out) (loop (cdr g) (cons (check lst (car g)) out)))))
(display (check-all (list 1 2 3 4 5) (list 3 9 5 7 1)))
(newline)
; CHECK-LABEL: _check_direct({{.*}}) {
; CHECK:       rt_region_enter(&rgl);
; CHECK:       _found_3f_direct(&rgl,
; CHECK:       rt_region_leave(&rgl);
