;; --dump=PASS: an unknown pass is a usage error naming the passes there are; a program with
;; expansion errors reports them (file:line:col) and prints no dump; a good one is dumped to
;; stdout and the compiler stops there (no C, no executable).
; RUN: not %regal --dump=bogus %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
; UNKNOWN: regal: unknown pass 'bogus' in --dump (expected expand, simplify, infer, regions or oneshot)
; RUN: not %regal --dump=expand %S/Inputs/unbound.scm 2>&1 | FileCheck --check-prefix=ERROR %s
; ERROR: unbound.scm:3:9: error: unbound variable 'undefined-thing'
; ERROR-NOT: (define
; RUN: rm -rf %t && mkdir %t && cd %t && %regal --dump=expand %s | FileCheck %s
; RUN: ls %t | FileCheck --allow-empty --check-prefix=NOFILES %s
; NOFILES-NOT: {{.}}
(display 'ok)
; CHECK: (display 'ok)
