; guard's re-raise takes a full continuation with %call/1cc (compiler/derive.c), re-entered at
; most once and only after the handler escaped to the guard: a program with guard is not one
; that re-enters frames (compiler/analyze.c), so its assigned local variables stay C variables
; (tests/run/4.2.7-guard-reraise-locals.scm checks the answers against Chez's). A call/cc that
; may be re-entered any number of times still puts them in boxes (Inputs/guard-locals-callcc.scm),
; and so does guard's with -fno-one-shot-guard: this test must fail then.
; RUN: %regal -S -o - %S/../run/4.2.7-guard-reraise-locals.scm | FileCheck %s
; RUN: %regal -S -o - %S/Inputs/guard-locals-callcc.scm | FileCheck --check-prefix=CC %s
; RUN-INVERSE: -fno-one-shot-guard
; CHECK-NOT:   TYPE_ID_BOX
; CHECK:       rt_p_call_1cc(
; CHECK-NOT:   TYPE_ID_BOX
; CC:          TYPE_ID_BOX
