;; R7RS 4.2.1 and, or: (and) is #t, (or) is #f, one operand is itself; and nests ifs with
;; #f; or keeps each value but the last in a temporary so it is evaluated once.
; RUN: %regal --dump=expand %s | FileCheck %s
(define (f x y z)
  (list (and) (and x) (and x y z)
        (or) (or x) (or x y z)))
; CHECK:      (define f
; CHECK-NEXT:   (lambda.{{[0-9]+}} (x.[[X:[0-9]+]] y.[[Y:[0-9]+]] z.[[Z:[0-9]+]])
; CHECK-NEXT:     (list
; CHECK-NEXT:       #t
; CHECK-NEXT:       x.[[X]]
; CHECK-NEXT:       (if x.[[X]] (if y.[[Y]] z.[[Z]] #f) #f)
; CHECK-NEXT:       #f
; CHECK-NEXT:       x.[[X]]
; CHECK-NEXT:       (let ((#:or.[[O1:[0-9]+]] x.[[X]])) (if #:or.[[O1]] #:or.[[O1]] (let ((#:or.[[O2:[0-9]+]] y.[[Y]])) (if #:or.[[O2]] #:or.[[O2]] z.[[Z]])))))))
