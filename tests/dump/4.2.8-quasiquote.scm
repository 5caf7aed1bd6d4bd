;; R7RS 4.2.8 quasiquote: primitive cons calls around the unquoted expressions, append for
;; unquote-splicing (none when it ends the list), a dotted unquote as the tail, list->vector
;; for a vector template; a nested quasiquote raises the level, so its unquotes stay data
;; (list 'unquote ...) except those of the outer level (,,x: the inner x is evaluated).
; RUN: %regal --dump=expand %s | FileCheck %s
(define (f x l)
  (list `(a ,x ,@l end)
        `(,@l)
        `(head . ,x)
        `#(1 ,x ,@l)
        `(1 `(2 ,(3 ,x ,@l) ,,x))))
; CHECK:      (define f
; CHECK-NEXT:   (lambda.{{[0-9]+}} (x.[[X:[0-9]+]] l.[[L:[0-9]+]])
; CHECK-NEXT:     (list
; CHECK-NEXT:       (#%cons 'a (#%cons x.[[X]] (#%append l.[[L]] (#%cons 'end '()))))
; CHECK-NEXT:       l.[[L]]
; CHECK-NEXT:       (#%cons 'head x.[[X]])
; CHECK-NEXT:       (#%list->vector (#%cons 1 (#%cons x.[[X]] l.[[L]])))
; CHECK-NEXT:       (#%cons
; CHECK-NEXT:         1
; CHECK-NEXT:         (#%cons
; CHECK-NEXT:           (#%list
; CHECK-NEXT:             'quasiquote
; CHECK-NEXT:             (#%cons
; CHECK-NEXT:               2
; CHECK-NEXT:               (#%cons
; CHECK-NEXT:                 (#%list 'unquote (#%cons 3 (#%cons x.[[X]] l.[[L]])))
; CHECK-NEXT:                 (#%cons (#%list 'unquote x.[[X]]) '()))))
; CHECK-NEXT:           '())))))
