; --explain-regions: continuation-passing style. A closure that returns (or passes on in a tail
; call) what it captured is kept, by each call of it, as long as that call's result, so the
; captured value need not go to the heap; a closure that captures the loop variable it replaces
; (tak's k) accumulates, like (loop (cons x acc)). All of cpstak's closures then live in the
; region of the call that started it, released when it returns.
; RUN: %regal --explain-regions %s | FileCheck %s
(define (cpstak x y z)
  (define (tak x y z k)
    (if (not (< y x))
        (k z)
        (tak (- x 1) y z
             (lambda (v1)
               (tak (- y 1) z x
                    (lambda (v2)
                      (tak (- z 1) x y
                           (lambda (v3) (tak v1 v2 v3 k)))))))))
  (tak x y z (lambda (a) a)))
(define (build n k)
  (if (= n 0)
      (k '())
      (build (- n 1) (lambda (rest) (k (cons n rest))))))
(define (run i) (length (build i (lambda (l) l))))
(display (list (cpstak 12 8 4) (run 10)))
(newline)
; CHECK: explain-regions-cps.scm:12:14: closure: caller's region (of the call of 'tak'): called in tail position at {{.*}}explain-regions-cps.scm:10:9
; CHECK: explain-regions-cps.scm:14:21: closure: caller's region (of the call of the procedure at {{.*}}explain-regions-cps.scm:12:14): passed in a tail call
; CHECK: explain-regions-cps.scm:16:28: closure: caller's region (of the call of the procedure at {{.*}}explain-regions-cps.scm:14:21): passed in a tail call
; CHECK: explain-regions-cps.scm:21:22: closure: caller's region (of the call of 'build'): called in tail position
; CHECK: explain-regions-cps.scm:21:40: cons: caller's region (of the call of the procedure at {{.*}}explain-regions-cps.scm:21:22): passed in a tail call
; CHECK: explain-regions-cps.scm:22:25: result of 'build': local region of 'run' (released when it returns): used only within the call
; CHECK-NOT: closure: heap
; The result of (cpstak ...) is an integer, a bignum at most, but the call's region is where
; cpstak's continuations go (passed in tail calls, they must outlive its frames): a call made
; in every iteration of a loop keeps a region (the iteration's, or as here the caller's), never
; the collected heap as a primitive that can only make a bignum does.
(define (run n acc) (if (= n 0) acc (run (- n 1) (+ acc (cpstak 12 8 4)))))
(display (run 3 0))
; CHECK: explain-regions-cps.scm:[[@LINE-2]]:57: result of 'cpstak': caller's region (of the call of 'run')
