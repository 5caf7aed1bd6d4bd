;; R7RS 4.2.7 guard: %call/cc-escape (call/cc whose k is only called while it is active)
;; captures the guard's continuation k; the body runs under with-exception-handler and returns its values through k; the handler goes back to k and
;; there binds the variable to the condition and runs the clauses as a cond (`=>` included).
;; Without an else clause an unmatched condition is raised again with raise-continuable.
; RUN: %regal --dump=expand %s | FileCheck %s
(define (safe thunk)
  (guard (e ((symbol? e) (list 'symbol e))
            ((string? e) => string-length))
    (thunk)))
(define (catch-all thunk)
  (guard (e (else 'caught))
    (thunk)))
; CHECK:      (define safe
; CHECK-NEXT:   (lambda.{{[0-9]+}} (thunk.[[TH:[0-9]+]])
; CHECK-NEXT:     ((%call/cc-escape
; CHECK-NEXT:        (lambda.{{[0-9]+}} (#:k.[[K:[0-9]+]])
; CHECK-NEXT:          (with-exception-handler
; CHECK-NEXT:            (lambda.{{[0-9]+}} (#:c.[[C:[0-9]+]])
; CHECK-NEXT:              (#:k.[[K]]
; CHECK-NEXT:                (lambda.{{[0-9]+}} ()
; CHECK-NEXT:                  (let ((e.[[E:[0-9]+]] #:c.[[C]]))
; CHECK-NEXT:                    (if (symbol? e.[[E]])
; CHECK-NEXT:                        (list 'symbol e.[[E]])
; CHECK-NEXT:                        (let ((#:t.[[T:[0-9]+]] (string? e.[[E]])))
; CHECK-NEXT:                          (if #:t.[[T]] (string-length #:t.[[T]]) (raise-continuable #:c.[[C]]))))))))
; CHECK-NEXT:            (lambda.{{[0-9]+}} ()
; CHECK-NEXT:              (call-with-values
; CHECK-NEXT:                (lambda.{{[0-9]+}} () (thunk.[[TH]]))
; CHECK-NEXT:                (lambda.{{[0-9]+}} #:vals.[[VALS:[0-9]+]] (#:k.[[K]] (lambda.{{[0-9]+}} () (apply values #:vals.[[VALS]]))))))))))))
; CHECK:      (define catch-all
; CHECK-NOT:  raise-continuable
; CHECK:      (lambda.{{[0-9]+}} (#:c.[[C2:[0-9]+]]) (#:k.{{[0-9]+}} (lambda.{{[0-9]+}} () (let ((e.{{[0-9]+}} #:c.[[C2]])) 'caught))))
