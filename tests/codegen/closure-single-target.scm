; A procedure value that inference can tell is always one lambda's closure (issue 14: closure
; sites in infer.c) is called through that lambda's direct entry, with the closure as self and
; no argument count, though the call's operator is a parameter: apply-twice is only ever given
; closures of make-scaler's lambda. With -fno-direct-calls it goes through the closure's code
; pointer, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-direct-calls
(define (make-scaler k) (lambda (x) (* k x)))
(define (apply-twice f x) (f (f x)))
(display (apply-twice (make-scaler 3) 2))
; CHECK-LABEL: _apply_twice_direct({{.*}}) {
; CHECK-NOT:   rt_nargs
; CHECK:       = scm_lambda[[L:[0-9]+]]_direct(rr, [[F:t[0-9]+|v[0-9]+_f]], {{t[0-9]+}}, 0, 0, 0);
; CHECK:       RT_MUSTTAIL return scm_lambda[[L]]_direct(rr, {{t[0-9]+|v[0-9]+_f}}, {{t[0-9]+}}, 0, 0, 0);
; CHECK:       {{^}}}
