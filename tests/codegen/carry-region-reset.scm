; Carry regions (compiler/regions.c, emit.c): the loop's carry region rgc<id> is entered with
; the loop, before its iteration region; each back edge empties it before evaluating its
; arguments, so the thunk's new result is made in it (the call gets &rgc<id> as its region)
; after the previous one, which only the exit branch could read, is freed. With
; -fno-carry-regions the result goes to the collected heap, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-carry-regions
(define (run-bench n thunk)
  (let loop ((i 0) (result #f))
    (if (< i n)
        (loop (+ i 1) (thunk))
        (length result))))
(display (run-bench 10 (lambda () (list 1 2 3))))
(newline)
; CHECK-LABEL: _run_bench_direct({{.*}}) {
; CHECK:       Region [[C:rgc[0-9]+]];
; CHECK-NEXT:  rt_region_enter(&[[C]]);
; CHECK:       loop{{[0-9]+}}:;
; CHECK:       rt_region_recycle(&[[C]]);
; CHECK:       _direct(&[[C]],
; CHECK:       goto loop
; CHECK:       rt_region_leave(&[[C]]);
