; Lazy frame regions (compiler/emit.c, emit_local_crosses_jump): where the self-iteration region
; rgs is entered lazily, the local region rgl is entered with it when anything below uses rgl
; (here the do loop's first pair, on the last path), even on a path that jumps back to the top
; (the `?` clause). rgl is then entered on entry, before `top:`; it used to be entered after
; `top:` and never left at the jump (tests/run/lazy-local-entered-with-self.scm).
; RUN: %regal -S -o - %s | FileCheck %s
(define (f pat n)
  (cond ((null? pat) n)
        ((eq? (string-ref (string-copy (symbol->string (car pat))) 0) #\?)
         (f (cdr pat) (+ n 1)))
        (else
         (do ((e (cons 0 pat) (cdr e))
              (k 0 (+ k 1)))
             ((or (null? (cdr e)) (> (f (cddr e) 0) 1)) (+ n k))))))
(display (f '(?a ?b ?c g ?h) 0))
; CHECK-LABEL: f_direct({{.*}}) {
; CHECK: rt_region_enter(&rgl);
; CHECK-NEXT: top:;
; CHECK-NOT: rt_region_enter(&rgl)
; CHECK: rt_region_enter(&rgs);
; CHECK-NOT: rt_region_enter(&rgl)
; CHECK: rt_region_leave(&rgs);
; CHECK-NEXT: goto top;
; (string-copy: a string made in the self-iteration region; symbol->string alone passes the symbol's name since simplify.c's %symbol-name rule.)
