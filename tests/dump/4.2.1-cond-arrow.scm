;; R7RS 4.2.1 cond: an if chain. A `(test => proc)` clause keeps the test's value in a
;; temporary and calls proc on it; a clause with a test alone returns the test's value (also
;; through a temporary); several expressions become a begin; without else the result is
;; unspecified.
; RUN: %regal --dump=expand %s | FileCheck %s
(define (lookup k alist)
  (cond ((assv k alist) => cdr)
        ((memv k '(1 2)))
        ((> k 9) 'big 'bigger)
        (else 'none)))
(define (no-else x) (cond ((= x 1) 'one)))
; CHECK:      (define lookup
; CHECK-NEXT:   (lambda.{{[0-9]+}} (k.[[K:[0-9]+]] alist.[[A:[0-9]+]])
; CHECK-NEXT:     (let ((#:t.[[T1:[0-9]+]] (assv k.[[K]] alist.[[A]])))
; CHECK-NEXT:       (if #:t.[[T1]]
; CHECK-NEXT:           (cdr #:t.[[T1]])
; CHECK-NEXT:           (let ((#:t.[[T2:[0-9]+]] (memv k.[[K]] '(1 2))))
; CHECK-NEXT:             (if #:t.[[T2]] #:t.[[T2]] (if (> k.[[K]] 9) (begin 'big 'bigger) 'none)))))))
; CHECK-NEXT: (define no-else (lambda.{{[0-9]+}} (x.[[X:[0-9]+]]) (if (= x.[[X]] 1) 'one #!unspecified)))
