; Copy variables (regions.c): a loop variable holding numbers that a back edge passes a likely
; boxed number (here z, passed (+ (* z z) z0) with z0 the sum of a complex number and
; something: ecraven mbrotZ's loop) is copied at each back edge into one of two boxes in the
; frame (rt_carry_box), so the sum needs only its iteration: it goes to the loop's iteration
; region instead of the collected heap (made in every iteration, it outlived it). The counter
; c is passed (+ c 1), no likely boxed number: no copy. The variable of a loop that returns it
; (grow's x) must outlive the loop: no copy, its sums in the heap as before. With
; -fno-carry-copy z's sums go to the heap, so this test must fail then.
; RUN: %regal --dump=regions %s | FileCheck %s
; RUN: %regal -S -o - %s | FileCheck --check-prefix=C %s
; RUN-INVERSE: -fno-carry-copy
(import (scheme base) (scheme write) (scheme complex))
(define (count z0 step z)
  (let ((z0 (+ z0 (* z step))))
    (let loop ((z z0) (c 0))
      (if (= c 64)
          c
          (let ((zr (real-part z)) (zi (imag-part z)))
            (if (> (+ (* zr zr) (* zi zi)) 4.0)
                c
                (loop (+ (* z z) z0) (+ c 1))))))))
(define (grow n x)
  (let loop ((i 0) (x x))
    (if (= i n) x (loop (+ i 1) (* x 1.5+0.5i)))))
(display (list (count -0.5+0.25i 0.01 3) (grow 3 1.0+1.0i)))
(newline)
; CHECK-LABEL: (define count
; CHECK:       (lambda.{{[0-9]+}} (z.{{[0-9]+}}{copied} c.{{[0-9]+}})
; CHECK:       (#%+ (#%* z.{{[0-9]+}} z.{{[0-9]+}}){loop.{{[0-9]+}}} z0.{{[0-9]+}}){loop.{{[0-9]+}}}
; CHECK-LABEL: (define grow
; CHECK:       (lambda.{{[0-9]+}} (i.{{[0-9]+}} x.{{[0-9]+}})
; CHECK:       (#%* x.{{[0-9]+}} 1.5+0.5i){heap}
; C-LABEL:     _count_direct({{.*}}) {
; C:           RtCarryBox cb{{[0-9]+}}[2];
; C:           = rt_carry_box({{.*}}, &cb{{[0-9]+}}[cp{{[0-9]+}}]);
