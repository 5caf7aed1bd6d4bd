; A procedure value that inference can tell is one of a few lambdas' closures (issue 14: closure
; sites in infer.c), each taking the call's arguments, is called through a compare of its code
; pointer with each lambda's generic entry and a call of the matching direct entry, with no
; argument count: here k, tak's continuation, is one of the three lambdas below or the initial
; identity. The generic call stays as the last resort. With -fno-direct-calls every such call
; goes through the code pointer with its count, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-direct-calls
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
(display (cpstak 18 12 6))
(newline)
; CHECK-LABEL: _tak_direct({{.*}}) {
; CHECK:       RtCode [[C:t[0-9]+]] = RT_AS(RtClosure, [[K:t[0-9]+]])->code;
; CHECK-NEXT:  if ([[C]] == scm_lambda[[A:[0-9]+]]) RT_MUSTTAIL return scm_lambda[[A]]_direct(rr, [[K]], {{t[0-9]+}}, 0, 0, 0);
; CHECK-NEXT:  if ([[C]] == scm_lambda[[B:[0-9]+]]) RT_MUSTTAIL return scm_lambda[[B]]_direct(rr, [[K]], {{t[0-9]+}}, 0, 0, 0);
; CHECK-NEXT:  if ([[C]] == scm_lambda[[D:[0-9]+]]) RT_MUSTTAIL return scm_lambda[[D]]_direct(rr, [[K]], {{t[0-9]+}}, 0, 0, 0);
; CHECK-NEXT:  if ([[C]] == scm_lambda[[E:[0-9]+]]) RT_MUSTTAIL return scm_lambda[[E]]_direct(rr, [[K]], {{t[0-9]+}}, 0, 0, 0);
; CHECK-NEXT:  rt_nargs = 1;
; CHECK-NEXT:  RT_MUSTTAIL return [[C]](rr, [[K]], {{t[0-9]+}}, 0, 0, 0);
