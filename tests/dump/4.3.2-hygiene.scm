;; R7RS 4.3.2 hygiene as the dump shows it: the `tmp` a macro template binds is a variable
;; distinct from the program's `tmp` (other ids), and the program's `tmp` and `y` passed in
;; are the program's own. Derived forms mean the standard keywords even where the program
;; binds the same names: `when` still expands into an if though `if` is a local variable here.
; RUN: %regal --dump=expand %s | FileCheck %s
(define-syntax swap!
  (syntax-rules ()
    ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(define (f tmp y)
  (swap! tmp y)
  (list tmp y))
(define (g if x)
  (when x (if x)))
; CHECK:      (define f
; CHECK-NEXT:   (lambda.{{[0-9]+}} (tmp.[[T:[0-9]+]] y.[[Y:[0-9]+]])
; CHECK-NEXT:     (begin (let ((tmp.[[MT:[0-9]+]] tmp.[[T]])) (begin (set! tmp.[[T]] y.[[Y]]) (set! y.[[Y]] tmp.[[MT]]))) (list tmp.[[T]] y.[[Y]]))))
; CHECK-NEXT: (define g (lambda.{{[0-9]+}} (if.[[IF:[0-9]+]] x.[[X:[0-9]+]]) (if x.[[X]] (if.[[IF]] x.[[X]]) #!unspecified)))
