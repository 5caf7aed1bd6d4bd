; --explain-regions: carry regions (compiler/regions.c). A benchmark harness's loop carries the
; thunk's result in `result`, which only the exit branch reads: the result goes to the loop's
; carry region, emptied before each back edge's arguments, instead of the collected heap. A
; loop variable read on the way round (acc's previous value), or returned, is no carry
; variable. With -fno-carry-regions the harness's result goes to the heap, so this test must
; fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-carry-regions --explain-regions %s | FileCheck --check-prefix=OFF %s
(define (run-bench n thunk ok?)
  (let loop ((i 0) (result #f))
    (cond ((< i n) (loop (+ i 1) (thunk)))
          ((ok? result) 'ok)
          (else 'wrong))))
; CHECK: :11:34: result of a call: carry region of the loop 'loop' at {{.*}}:10:3 (emptied before each back edge's arguments): carried to the next iteration in 'result' at {{.*}}:11:20, read only after the loop's last iteration
; OFF: :11:34: result of a call: heap (collected): made in every iteration but outlives it (carried to the next iteration in 'result'
(define (reads n)
  (let loop ((i 0) (acc (list 0)))
    (if (< i n) (loop (+ i 1) (list (+ 1 (car acc)))) (car acc))))
; CHECK: :18:31: list: heap (collected): made in every iteration but outlives it
(define (returns n)
  (let loop ((i 0) (r #f))
    (if (< i n) (loop (+ i 1) (list i)) r)))
; CHECK: :22:31: list: heap (collected): made in every iteration but outlives it (returned
; A call that may leave more than its result in the region it is given (here cps-sum's
; continuations, passed in tail calls, whose cycle of tail calls marks the region) fills the
; carry region until the next back edge, where the runtime collects it as it grows
; (runtime/regiongc.c); with -fno-collected-tails its result goes to the heap instead.
; RUN: %regal -fno-collected-tails --explain-regions %s | FileCheck --check-prefix=NOGC %s
(define (cps-sum l k) (if (null? l) (k 0) (cps-sum (cdr l) (lambda (s) (k (+ s (car l)))))))
(define (run-cps n)
  (let loop ((i 0) (result #f))
    (if (< i n) (loop (+ i 1) (cps-sum '(1 2 3) (lambda (s) (list s)))) (car result))))
; CHECK: :32:31: result of 'cps-sum': carry region of the loop 'loop' at {{.*}}:31:3 (emptied before each back edge's arguments): carried to the next iteration in 'result' at {{.*}}:32:17, read only after the loop's last iteration, with what the cycles of tail calls the call enters leave there, collected as it grows (regiongc.c)
; CHECK: allocation sites: {{.*}}, 2 in loop carry regions,
; NOGC: :32:31: result of 'cps-sum': heap (collected): carried to the next iteration in 'result' at {{.*}}:32:17, read only after the loop's last iteration, but the call may leave more than its result in the region it is given
; NOGC: allocation sites: {{.*}}, 1 in loop carry regions,
(display (run-bench 10 (lambda () (list 1 2)) pair?))
(display (reads 3))
(display (returns 3))
(display (run-cps 3))
