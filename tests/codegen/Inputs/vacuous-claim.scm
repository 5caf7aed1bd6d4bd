; Input of inverse-harness.scm, not a test by itself (lit.cfg.py excludes Inputs/): it claims
; an effect of inference (RUN-INVERSE) but checks only what --no-types emits as well.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (first x) (if (pair? x) (car x) 0))
; CHECK-LABEL: _first_direct({{.*}}) {
; CHECK: RT_IS_PAIR(
; CHECK: {{^}}}
(display (first '(1)))
