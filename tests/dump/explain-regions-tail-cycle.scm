; --explain-regions and --dump=regions: tail cycles (compiler/regions.c). ping and pong call each
; other in tail position, so their rounds share the region ping's caller gave it, and the list
; each round makes for the next would pile up there for as long as the loop runs. They are on a
; cycle of tail calls, so their entries give that region the tail cycles' budget
; (rt_region_mark_tail: past 64 MiB it allocates in the collected heap). walk, whose self tail
; call is a jump with an iteration region, and once, which calls ping without being on the
; cycle, are not marked. With -fno-tail-soft nothing is, so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal --dump=regions %s | FileCheck --check-prefix=DUMP %s
; RUN: %regal -S %s -o - | FileCheck --check-prefix=C %s
; RUN: %regal -fno-tail-soft -S %s -o - | FileCheck --check-prefix=OFF %s
(define (ping n acc) (if (= n 0) acc (pong n (list n n n))))
(define (pong n l) (ping (- n 1) (car l)))
(define (walk n acc) (if (= n 0) acc (walk (- n 1) (cons n acc))))
(define (once n) (length (list (ping n 0) n)))
(display (once 10))
(display (length (walk 5 '())))
; CHECK: :12:{{[0-9]+}}: list: caller's region (of the call of 'ping'): passed in a tail call at {{.*}}:12:{{[0-9]+}}, by a procedure on a cycle of tail calls, whose rounds share this region: there, collected as it grows (regiongc.c), up to the tail cycles' budget
; CHECK-NOT: :14:{{.*}}tail cycles
; DUMP: (lambda.{{[0-9]+}} (n.{{[0-9]+}} acc.{{[0-9]+}}){{.*}}{tail-soft}
; DUMP: (lambda.{{[0-9]+}} (n.{{[0-9]+}} l.{{[0-9]+}}){{.*}}{tail-soft}
; DUMP-NOT: tail-soft
; C-LABEL: scm_lambda0_ping_direct({{.*}}) {
; C: rt_region_mark_tail(rr);
; C-LABEL: scm_lambda1_pong_direct({{.*}}) {
; C: rt_region_mark_tail(rr);
; C-LABEL: scm_lambda2_walk_direct({{.*}}) {
; C-NOT: rt_region_mark_tail
; OFF-NOT: rt_region_mark_tail
