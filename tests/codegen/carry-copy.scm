; Copy variables (regions.c), on the program of tests/run/carry-copy.scm (whose outputs that
; test checks against Chez's): a loop variable holding numbers that a back edge passes a likely
; boxed number (count's z, passed (+ (* z z) z0) with z0 the sum of a complex number and
; something: ecraven mbrotZ's loop) is copied at each back edge into one of two boxes in the
; frame (rt_carry_box), so the sum needs only its iteration: it goes to the loop's iteration
; region instead of the collected heap (made in every iteration, it outlived it). The counter c
; is passed (+ c 1), no likely boxed number: no copy. The variable of a loop that returns it
; (grow's x) must outlive the loop: no copy, its products in the heap as before. With
; -fno-carry-copy z's sums go to the heap, so this test must fail then.
; RUN: %regal --dump=regions %S/../run/carry-copy.scm | FileCheck %s
; RUN: %regal -S -o - %S/../run/carry-copy.scm | FileCheck --check-prefix=C %s
; RUN-INVERSE: -fno-carry-copy
; CHECK-LABEL: (define count
; CHECK:       (lambda.{{[0-9]+}} (z.{{[0-9]+}}{copied} c.{{[0-9]+}})
; CHECK:       (#%+ (#%* z.{{[0-9]+}} z.{{[0-9]+}}){loop.{{[0-9]+}}} z0.{{[0-9]+}}){loop.{{[0-9]+}}}
; CHECK-LABEL: (define grow
; CHECK:       (lambda.{{[0-9]+}} (i.{{[0-9]+}} x.{{[0-9]+}})
; CHECK:       (#%* x.{{[0-9]+}} 2.0){heap}
; C-LABEL:     _count_direct({{.*}}) {
; C:           RtCarryBox cb{{[0-9]+}}[2];
; C:           = rt_carry_box({{.*}}, &cb{{[0-9]+}}[cp{{[0-9]+}}]);
