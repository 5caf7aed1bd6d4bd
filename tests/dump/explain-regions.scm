; --explain-regions: every allocation site with its region and the use that decided it, and
; the summary line (the program of regions-places.scm). One per place and reason: a list built and returned goes to the
; caller's region (build); a result used only during the call to the call's local region
; (flo's product, sum's recursive result); a value made in every iteration and dropped, to the
; loop's iteration region (pairs); a callee's result used within one iteration of a self tail
; call, to the self-iteration region (run); an accumulated list to the caller's (collect);
; values stored by set! or set-car! to the collected heap.
; RUN: %regal --explain-regions %s | FileCheck %s
(define (build n) (if (= n 0) '() (cons n (build (- n 1)))))
(define (sum l) (if (null? l) 0 (+ (car l) (sum (cdr l)))))
(define (total n) (sum (build n)))
(define (pairs n)
  (let loop ((i 0) (acc 0))
    (if (= i n) acc (loop (+ i 1) (+ acc (length (list i i)))))))
(define (run n acc) (if (= n 0) acc (run (- n 1) (+ acc (total 3)))))
(define (collect n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons i acc)))))
(define kept '())
(define (remember x) (set! kept (cons x kept)))
(define (mutate p x) (set-car! p (list x)))
(define (flo x) (let ((d (* x 0.5))) (+ d d)))
(display (list (total 5) (pairs 4) (run 3 0) (length (collect 5)) (flo 2.0)))
(remember 1)
(mutate (cons 1 2) 3)
(newline)
; CHECK:      explain-regions.scm:9:35: cons: caller's region (of the call of 'build'): returned at {{.*}}explain-regions.scm:9:35
; CHECK-NEXT: explain-regions.scm:9:43: result of 'build': caller's region (of the call of 'build'): part of cons at {{.*}}explain-regions.scm:9:35
; CHECK:      explain-regions.scm:10:44: result of 'sum': local region of 'sum' (released when it returns): used only within the call
; CHECK-NEXT: explain-regions.scm:11:24: result of 'build': caller's region (of the call of 'total'): passed in a tail call at {{.*}}explain-regions.scm:11:19
; CHECK-NEXT: explain-regions.scm:14:27: +: heap (collected): made in every iteration but outlives it (carried to the next iteration in 'i' at {{.*}}explain-regions.scm:14:21)
; CHECK:      explain-regions.scm:14:50: list: iteration region of the loop 'loop' at {{.*}}explain-regions.scm:13:3 (recycled at each iteration): used only within the iteration
; CHECK:      explain-regions.scm:15:57: result of 'total': iteration region of 'run' (recycled at each self tail call): used only within the iteration
; CHECK:      explain-regions.scm:16:79: cons: caller's region (of the call of 'collect'): returned at {{.*}}explain-regions.scm:16:61
; CHECK-NEXT: explain-regions.scm:18:33: cons: heap (collected): assigned to global 'kept' at {{.*}}explain-regions.scm:18:22
; CHECK-NEXT: explain-regions.scm:19:34: list: heap (collected): stored by 'set-car!' at {{.*}}explain-regions.scm:19:22
; CHECK-NEXT: explain-regions.scm:20:26: *: local region of 'flo' (released when it returns): used only within the call
; CHECK:      explain-regions.scm:21:54: result of 'collect': local region of the top level: used only within the call
; CHECK:      allocation sites: 2 in loop iteration regions, 10 in local regions, 8 in the caller's region, 7 in the heap
