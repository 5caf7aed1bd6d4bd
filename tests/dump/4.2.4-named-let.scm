;; R7RS 4.2.4 named let: the loop variable is bound by letrec* around a lambda named after
;; it and called with the inits; the inits see the outer `l`, the body the parameter `l` (two
;; ids), and the global `loop` defined later is a different variable.
; RUN: %regal --dump=expand %s | FileCheck %s
(define (len l)
  (let loop ((l l) (n 0))
    (if (null? l) n (loop (cdr l) (+ n 1)))))
(define loop 'outer)
; CHECK:      (define len
; CHECK-NEXT:   (lambda.{{[0-9]+}} (l.[[OUTER:[0-9]+]])
; CHECK-NEXT:     (letrec* ((loop.[[LOOP:[0-9]+]] (lambda.{{[0-9]+}} (l.[[L:[0-9]+]] n.[[N:[0-9]+]]) (if (null? l.[[L]]) n.[[N]] (loop.[[LOOP]] (cdr l.[[L]]) (+ n.[[N]] 1))))))
; CHECK-NEXT:       (loop.[[LOOP]] l.[[OUTER]] 0))))
; CHECK-NEXT: (define loop 'outer)
