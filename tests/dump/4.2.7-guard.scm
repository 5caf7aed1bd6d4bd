;; R7RS 4.2.7 guard: %call/cc-escape (call/cc whose k is only called while it is active)
;; captures the guard's continuation k; the body runs under with-exception-handler and returns its values through k; the handler goes back to k and
;; there binds the variable to the condition and runs the clauses as a cond (`=>` included).
;; Without an else clause an unmatched condition is raised again with raise-continuable in the
;; dynamic environment of the raise: the handler takes a full continuation (%call/1cc: call/cc,
;; re-entered at most once and after the frames it copies were left, compiler/analyze.c) that the
;; added else clause re-enters. safe's tests are pure (type predicates of e), so the handler
;; first evaluates them itself and, when one holds, goes to k without taking it.
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
; CHECK-NEXT:              (if (let ((e.[[E0:[0-9]+]] #:c.[[C]]))
; CHECK-NEXT:                    (let ((#:or.[[OR:[0-9]+]] (symbol? e.[[E0]]))) (if #:or.[[OR]] #:or.[[OR]] (string? e.[[E0]]))))
; CHECK-NEXT:                  (#:k.[[K]]
; CHECK-NEXT:                    (lambda.{{[0-9]+}} ()
; CHECK-NEXT:                      (let ((e.[[E1:[0-9]+]] #:c.[[C]]))
; CHECK-NEXT:                        (if (symbol? e.[[E1]])
; CHECK-NEXT:                            (list 'symbol e.[[E1]])
; CHECK-NEXT:                            (let ((#:t.[[T1:[0-9]+]] (string? e.[[E1]])))
; CHECK-NEXT:                              (if #:t.[[T1]] (string-length #:t.[[T1]]) #!unspecified))))))
; CHECK-NEXT:                  ((%call/1cc
; CHECK-NEXT:                     (lambda.{{[0-9]+}} (#:hk.[[HK:[0-9]+]])
; CHECK-NEXT:                       (#:k.[[K]]
; CHECK-NEXT:                         (lambda.{{[0-9]+}} ()
; CHECK-NEXT:                           (let ((e.[[E:[0-9]+]] #:c.[[C]]))
; CHECK-NEXT:                             (if (symbol? e.[[E]])
; CHECK-NEXT:                                 (list 'symbol e.[[E]])
; CHECK-NEXT:                                 (let ((#:t.[[T:[0-9]+]] (string? e.[[E]])))
; CHECK-NEXT:                                   (if #:t.[[T]]
; CHECK-NEXT:                                       (string-length #:t.[[T]])
; CHECK-NEXT:                                       (#:hk.[[HK]] (lambda.{{[0-9]+}} () (raise-continuable #:c.[[C]]))))))))))))))
; CHECK-NEXT:            (lambda.{{[0-9]+}} ()
; CHECK-NEXT:              (call-with-values
; CHECK-NEXT:                (lambda.{{[0-9]+}} () (thunk.[[TH]]))
; CHECK-NEXT:                (lambda.{{[0-9]+}} #:vals.[[VALS:[0-9]+]] (#:k.[[K]] (lambda.{{[0-9]+}} () (apply values #:vals.[[VALS]]))))))))))))
; CHECK:      (define catch-all
; CHECK-NOT:  (%call/1cc
; CHECK-NOT:  raise-continuable
; CHECK:      (lambda.{{[0-9]+}} (#:c.[[C2:[0-9]+]]) (#:k.{{[0-9]+}} (lambda.{{[0-9]+}} () (let ((e.{{[0-9]+}} #:c.[[C2]])) 'caught))))
