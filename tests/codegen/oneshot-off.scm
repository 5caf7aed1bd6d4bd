; Where compiler/oneshot.c gives no closure back, though the continuations of CPS are called
; once each: a program that may re-enter a continuation (tests/run/oneshot-reenter.scm, whose
; answers that test checks against Chez's), one that may run eval (Inputs/oneshot-eval.scm),
; and -fno-one-shot (tests/run/oneshot-cps.scm, whose continuations are otherwise one-shot:
; tests/codegen/oneshot.scm).
; RUN: %regal --dump=oneshot %S/../run/oneshot-reenter.scm | FileCheck %s
; RUN: %regal --dump=oneshot %S/Inputs/oneshot-eval.scm | FileCheck %s
; RUN: %regal --dump=oneshot -fno-one-shot %S/../run/oneshot-cps.scm | FileCheck %s
; RUN: %regal -S -o - %S/../run/oneshot-reenter.scm | FileCheck --check-prefix=C %s
; CHECK-LABEL: (define build
; CHECK-NOT:   {one-shot}
; CHECK-NOT:   {linear}
; C-NOT:       rt_region_pop
