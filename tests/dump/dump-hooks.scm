;; The annotation hooks later passes use to print their facts on this dump (DumpHooks in
;; compiler/regalc.h), driven by tests/dump/dump_hooks.c: the node hook's text follows each
;; node in braces (after the closing parenthesis of a list), the binding hook's text follows
;; each variable where it is bound (define, lambda parameters, let), the program hook's text
;; is a first `;;` line; a hook that appends nothing (here for constants) prints nothing.
; RUN: %dump-hooks %s | FileCheck %s
(define (f x) (let ((y (car x))) `(,y . 2)))
(f '(1))
; CHECK:      ;; 2 globals, 1 lambdas
; CHECK-NEXT: (define f{global}
; CHECK-NEXT:   (lambda.0 (x.[[X:[0-9]+]]{local})
; CHECK-NEXT:     (let ((y.[[Y:[0-9]+]]{local} (car{ref} x.[[X]]{ref}){call})) (#%cons y.[[Y]]{ref} 2){primcall 2}){let}){lambda}){set}
; CHECK-NEXT: (f{ref} '(1)){call}
; CHECK-NEXT: ;; 10 nodes annotated
