;; R7RS 4.2.6 parameterize: each parameter and its converted value in temporaries (let*, in
;; order), then dynamic-wind with one swap thunk as before and after: each swap exchanges the
;; parameter's value with the temporary. With no bindings the swaps do nothing.
; RUN: %regal --dump=expand %s | FileCheck %s
(define radix (make-parameter 10))
(define width (make-parameter 8))
(define (show n)
  (parameterize ((radix 2) (width (+ 1 2)))
    (list (radix) (width))))
(define (nothing) (parameterize () 'body))
; CHECK:      (define show
; CHECK-NEXT:   (lambda.{{[0-9]+}} (n.{{[0-9]+}})
; CHECK-NEXT:     (let ((#:p.[[P1:[0-9]+]] radix))
; CHECK-NEXT:       (let ((#:v.[[V1:[0-9]+]] (%parameter-convert #:p.[[P1]] 2)))
; CHECK-NEXT:         (let ((#:p.[[P2:[0-9]+]] width))
; CHECK-NEXT:           (let ((#:v.[[V2:[0-9]+]] (%parameter-convert #:p.[[P2]] (+ 1 2))))
; CHECK-NEXT:             (dynamic-wind
; CHECK-NEXT:               (lambda.{{[0-9]+}} ()
; CHECK-NEXT:                 (begin
; CHECK-NEXT:                   (set! #:v.[[V1]] (%parameter-swap! #:p.[[P1]] #:v.[[V1]]))
; CHECK-NEXT:                   (set! #:v.[[V2]] (%parameter-swap! #:p.[[P2]] #:v.[[V2]]))))
; CHECK-NEXT:               (lambda.{{[0-9]+}} () (list (radix) (width)))
; CHECK-NEXT:               (lambda.{{[0-9]+}} ()
; CHECK-NEXT:                 (begin
; CHECK-NEXT:                   (set! #:v.[[V1]] (%parameter-swap! #:p.[[P1]] #:v.[[V1]]))
; CHECK-NEXT:                   (set! #:v.[[V2]] (%parameter-swap! #:p.[[P2]] #:v.[[V2]])))))))))))
; CHECK-NEXT: (define nothing
; CHECK-NEXT:   (lambda.{{[0-9]+}} () (dynamic-wind (lambda.{{[0-9]+}} () (void)) (lambda.{{[0-9]+}} () 'body) (lambda.{{[0-9]+}} () (void)))))
