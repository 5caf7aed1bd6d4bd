; Type inference (--dump=infer): an anonymous lambda's parameters get what its calls pass when
; inference sees every call (its closure does not escape), as a named one's do: k is the
; primitive values, a procedure, in both lambdas below (before, every anonymous lambda was
; taken to be called from anywhere, so k was unknown and the values passed through it too).
; The lambda applied on the spot is a let once simplify.c has run: -fno-simplify keeps it a
; lambda for the checks below; with the pass, k is the let's variable, a procedure too.
; RUN: %regal -fno-simplify --dump=infer %s | FileCheck %s
; RUN: %regal --dump=infer %s | FileCheck --check-prefix=LET %s
(define (g k x) (k x))
(define (f x) ((lambda (k) (g k x)) values))
(display (list (f 3) (g (lambda (y) (* y 2)) 4)))
(newline)
; CHECK:      (define g{procedure}
; CHECK-NEXT:   (lambda.{{[0-9]+}} (k.{{[0-9]+}}{procedure} x.{{[0-9]+}}{fixnum})
; CHECK:      ((lambda.{{[0-9]+}} (k.{{[0-9]+}}{procedure})
; CHECK:      (lambda.{{[0-9]+}} (y.{{[0-9]+}}{fixnum})
; LET:      (let ((k.{{[0-9]+}}{procedure} values{procedure}))
