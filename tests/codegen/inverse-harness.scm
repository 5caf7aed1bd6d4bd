; The inverse runs of lit.cfg.py: a test that claims an effect of inference (RUN-INVERSE) but
; passes with --no-types is reported as a failure (VACUOUS); one whose checks fail with
; --no-types passes; RUN-INVERSE without flags is unresolved.
; RUN: not %lit -v %S/Inputs/vacuous-claim.scm | FileCheck %s --check-prefix=VACUOUS
; RUN: %lit -v %S/Inputs/sound-claim.scm | FileCheck %s --check-prefix=SOUND
; RUN: not %lit -v %S/Inputs/inverse-without-flags.scm | FileCheck %s --check-prefix=NOFLAGS
; VACUOUS: FAIL: regal-codegen :: Inputs/vacuous-claim.scm
; VACUOUS: VACUOUS: the test also passes with --no-types
; SOUND: PASS: regal-codegen :: Inputs/sound-claim.scm
; NOFLAGS: UNRESOLVED: regal-codegen :: Inputs/inverse-without-flags.scm
(display "inverse runs")
