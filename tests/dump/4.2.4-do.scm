;; R7RS 4.2.4 do: a loop procedure (a gensym) bound by letrec* and called with the inits; its
;; body tests first: when the test holds, an unspecified value then the result expressions;
;; otherwise the commands, then the recursive call with the steps (a variable without a step,
;; here `seen`, passes itself).
; RUN: %regal --dump=expand %s | FileCheck %s
(define (count-up n)
  (do ((i 0 (+ i 1))
       (acc '() (cons i acc))
       (seen n))
      ((= i n) (display seen) acc)
    (display i)))
; CHECK:      (define count-up
; CHECK-NEXT:   (lambda.{{[0-9]+}} (n.[[N:[0-9]+]])
; CHECK-NEXT:     (letrec* ((#:do.[[DO:[0-9]+]] (lambda.{{[0-9]+}} (i.[[I:[0-9]+]] acc.[[ACC:[0-9]+]] seen.[[SEEN:[0-9]+]])
; CHECK-NEXT:                        (if (= i.[[I]] n.[[N]])
; CHECK-NEXT:                            (begin #!unspecified (display seen.[[SEEN]]) acc.[[ACC]])
; CHECK-NEXT:                            (begin (display i.[[I]]) (#:do.[[DO]] (+ i.[[I]] 1) (cons i.[[I]] acc.[[ACC]]) seen.[[SEEN]]))))))
; CHECK-NEXT:       (#:do.[[DO]] 0 '() n.[[N]]))))
; CHECK-EMPTY:
