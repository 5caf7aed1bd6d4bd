; Lazy frame regions in a procedure that loops by self tail calls (compiler/emit.c,
; emit_local_crosses_jump): an evaluator's `if` jumps back to the top, its variable and constant
; cases return, and only its application case allocates in its local region (a list used
; only within the call; the closure map is given holds env, a part of which ev may return to
; apply, so it is in the heap). No path that jumps back enters rgl, so rgl is entered on the allocating path only,
; not on entry: a lookup costs no region. With -fno-lazy-regions rgl is entered on entry, so
; this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-lazy-regions
(define (lookup x env) (cdr (assq x env)))
(define (ev e env)
  (cond ((symbol? e) (lookup e env))
        ((not (pair? e)) e)
        ((eq? (car e) 'if) (if (ev (cadr e) env) (ev (caddr e) env) (ev (cadddr e) env)))
        ((null? (cdr (list (car e) (cdr e)))) 'never)
        (else (apply (ev (car e) env) (map (lambda (a) (ev a env)) (cdr e))))))
(display (ev '(if (< x 2) (+ x 1) x) (list (cons 'x 1) (cons '< <) (cons '+ +))))
; CHECK-LABEL: ev_direct({{.*}}) {
; CHECK-NOT: rt_region_enter(&rgl)
; CHECK: top:;
; CHECK-NOT: rt_region_enter(&rgl)
; CHECK: goto top;
; CHECK: rt_region_enter(&rgl);
; CHECK: alloc_obj_typed(&rgl, TYPE_ID_PAIR
