; Input of inverse-harness.scm: RUN-INVERSE without the flags of the inverse run.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE:
(define (one) 1)
; CHECK: _one(
(display (one))
