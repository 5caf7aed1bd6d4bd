; --explain-regions: every allocation site with its region and the use that decided it, and
; the summary lines: sites per place, and the heap's sites by reason, most first (the program of regions-places.scm). One per place and reason: a list built and returned goes to the
; caller's region (build); a result used only during the call to the call's local region
; (total's list, flo's product); a value made in every iteration and dropped, to the loop's
; iteration region (pairs); a callee's result used within one iteration of a self tail call, to
; the self-iteration region (run); an accumulated list to the caller's (collect); set!'s to the
; heap, set-car!'s into a parameter's object to the caller's region (mutate); a fixnum sum that allocates only on overflow needs
; no region of its own (sum: the caller's; the counters of loops: the heap).
; RUN: %regal --explain-regions %s | FileCheck %s
(define (build n) (if (= n 0) '() (cons n (build (- n 1)))))
(define (sum l) (if (null? l) 0 (+ (car l) (sum (cdr l)))))
(define (total n) (length (build n)))
(define (pairs n)
  (let loop ((i 0) (acc 0))
    (if (= i n) acc (loop (+ i 1) (+ acc (length (list i i)))))))
(define (run n acc) (if (= n 0) acc (run (- n 1) (+ acc (length (build 3))))))
(define (collect n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons i acc)))))
(define kept '())
(define (remember x) (set! kept (cons x kept)))
(define (mutate p x) (set-car! p (list x)))
(define (flo x) (let ((d (* x 0.5))) (+ d d)))
(display (list (total 5) (sum (build 4)) (pairs 4) (run 3 0) (length (collect 5)) (flo 2.0)))
(remember 1)
(mutate (cons 1 2) 3)
(newline)
; CHECK:      explain-regions.scm:10:35: cons: caller's region (of the call of 'build'): returned at {{.*}}explain-regions.scm:10:35
; CHECK-NEXT: explain-regions.scm:10:43: result of 'build': caller's region (of the call of 'build'): part of cons at {{.*}}explain-regions.scm:10:35
; CHECK:      explain-regions.scm:11:44: result of 'sum': caller's region (of the call of 'sum'): makes an object only when fixnum arithmetic overflows into a bignum: not worth a region of its own
; CHECK-NEXT: explain-regions.scm:12:27: result of 'build': local region of 'total' (released when it returns): used only within the call
; CHECK-NEXT: explain-regions.scm:15:27: +: heap (collected): makes an object only when fixnum arithmetic overflows into a bignum: not worth a region of its own
; CHECK-NEXT: explain-regions.scm:15:35: +: heap (collected): made in every iteration but outlives it (returned at {{.*}}explain-regions.scm:15:17)
; CHECK-NEXT: explain-regions.scm:15:50: list: iteration region of the loop 'loop' at {{.*}}explain-regions.scm:14:3 (recycled at each iteration): used only within the iteration
; CHECK:      explain-regions.scm:16:65: result of 'build': iteration region of 'run' (recycled at each self tail call): used only within the iteration
; CHECK:      explain-regions.scm:17:79: cons: caller's region (of the call of 'collect'): returned at {{.*}}explain-regions.scm:17:61
; CHECK-NEXT: explain-regions.scm:19:33: cons: heap (collected): assigned to global 'kept' at {{.*}}explain-regions.scm:19:22
; CHECK-NEXT: explain-regions.scm:20:34: list: caller's region (of the call of 'mutate'): stored by 'set-car!' into an object its procedure was given, whose callers give it a region that object dies with at {{.*}}explain-regions.scm:20:22
; CHECK-NEXT: explain-regions.scm:21:26: *: local region of 'flo' (released when it returns): used only within the call
; CHECK-NEXT: explain-regions.scm:21:29: flonum: local region of 'flo' (released when it returns): used only within the call
; CHECK-NOT: result of 'pairs'
; CHECK-NOT: result of 'run'
; CHECK:      explain-regions.scm:22:70: result of 'collect': local region of the top level: used only within the call
; CHECK:      allocation sites: 2 in loop iteration regions, 10 in local regions, 9 in the caller's region, 6 in the heap
; CHECK-NEXT: heap sites by reason: 3 made in every iteration of a loop but outlive it, 2 bignums made only on fixnum overflow, 1 a global's value
; pairs and run make nothing in the region their caller gives them (their counters are in the
; heap), so their calls are given none and are no sites (rr-unused).
