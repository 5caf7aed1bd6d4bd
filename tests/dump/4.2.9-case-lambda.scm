;; R7RS 4.2.9 case-lambda: each clause is a lambda bound to a temporary; the procedure takes
;; any arguments and applies the first clause whose arity accepts their number (= for fixed
;; arity, >= with a rest parameter), else signals an error.
; RUN: %regal --dump=expand %s | FileCheck %s
(define area
  (case-lambda
    ((r) (* 3 r r))
    ((w h) (* w h))
    ((a b . more) (apply + a b more))))
; CHECK:      (define area
; CHECK-NEXT:   (let ((#:clause.[[C1:[0-9]+]] (lambda.{{[0-9]+}} (r.[[R:[0-9]+]]) (* 3 r.[[R]] r.[[R]])))
; CHECK-NEXT:         (#:clause.[[C2:[0-9]+]] (lambda.{{[0-9]+}} (w.[[W:[0-9]+]] h.[[H:[0-9]+]]) (* w.[[W]] h.[[H]])))
; CHECK-NEXT:         (#:clause.[[C3:[0-9]+]] (lambda.{{[0-9]+}} (a.[[A:[0-9]+]] b.[[B:[0-9]+]] . more.[[M:[0-9]+]]) (apply + a.[[A]] b.[[B]] more.[[M]]))))
; CHECK-NEXT:     (lambda.{{[0-9]+}} #:args.[[ARGS:[0-9]+]]
; CHECK-NEXT:       (let ((#:n.[[N:[0-9]+]] (length #:args.[[ARGS]])))
; CHECK-NEXT:         (if (= #:n.[[N]] 1)
; CHECK-NEXT:             (apply #:clause.[[C1]] #:args.[[ARGS]])
; CHECK-NEXT:             (if (= #:n.[[N]] 2)
; CHECK-NEXT:                 (apply #:clause.[[C2]] #:args.[[ARGS]])
; CHECK-NEXT:                 (if (>= #:n.[[N]] 2)
; CHECK-NEXT:                     (apply #:clause.[[C3]] #:args.[[ARGS]])
; CHECK-NEXT:                     (error "case-lambda: no clause matches" #:args.[[ARGS]]))))))))
