;; R7RS 4.2.1 when and unless: one if whose other branch is unspecified; the body is a begin
;; when it has several expressions.
; RUN: %regal --dump=expand %s | FileCheck %s
(define (show x)
  (when (> x 0) (display x) x)
  (unless (> x 0) (display "neg") 'neg)
  (when (< x 0) 'one))
; CHECK:      (define show
; CHECK-NEXT:   (lambda.{{[0-9]+}} (x.[[X:[0-9]+]])
; CHECK-NEXT:     (begin
; CHECK-NEXT:       (if (> x.[[X]] 0) (begin (display x.[[X]]) x.[[X]]) #!unspecified)
; CHECK-NEXT:       (if (> x.[[X]] 0) #!unspecified (begin (display "neg") 'neg))
; CHECK-NEXT:       (if (< x.[[X]] 0) 'one #!unspecified))))
