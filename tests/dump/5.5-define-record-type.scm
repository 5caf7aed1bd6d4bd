;; R7RS 5.5 define-record-type: the type from %make-record-type with every field name; the
;; constructor takes its fields in its own order and stores each at its field's index (#f
;; for a field it does not take); predicate, accessors and modifiers call the %record
;; primitives with the field's index and their own name (for error messages). A field may
;; have neither accessor nor modifier; #f for constructor and predicate defines neither.
; RUN: %regal --dump=expand %s | FileCheck %s
(define-record-type point
  (make-point y x)
  point?
  (x point-x set-point-x!)
  (y point-y)
  (tag))
(define-record-type <empty> #f #f)
; CHECK:      (define point (%make-record-type 'point '(x y tag)))
; CHECK-NEXT: (define make-point (lambda.{{[0-9]+}} (#:f.[[Y:[0-9]+]] #:f.[[X:[0-9]+]]) (%record point #:f.[[X]] #:f.[[Y]] #f)))
; CHECK-NEXT: (define point? (lambda.{{[0-9]+}} (#:obj.[[O:[0-9]+]]) (%record? #:obj.[[O]] point)))
; CHECK-NEXT: (define point-x (lambda.{{[0-9]+}} (#:obj.[[O1:[0-9]+]]) (%record-ref #:obj.[[O1]] point 0 'point-x)))
; CHECK-NEXT: (define set-point-x!
; CHECK-NEXT:   (lambda.{{[0-9]+}} (#:obj.[[O2:[0-9]+]] #:val.[[V:[0-9]+]]) (%record-set! #:obj.[[O2]] point 0 #:val.[[V]] 'set-point-x!)))
; CHECK-NEXT: (define point-y (lambda.{{[0-9]+}} (#:obj.[[O3:[0-9]+]]) (%record-ref #:obj.[[O3]] point 1 'point-y)))
; CHECK-NEXT: (define <empty> (%make-record-type '<empty> '()))
; CHECK-EMPTY:
