; Region inference (--dump=regions): the place of every allocation site after it, and the
; regions each lambda enters. Pinned here, one per place: a list built and returned goes to the
; caller's region (build); a result used only during the call to the call's local region
; (total's list, flo's product); a value made in every iteration and dropped, to the loop's
; iteration region (pairs); a callee's result used within one iteration of a self tail call, to
; the self-iteration region (run); an accumulated list to the caller's (collect); values stored
; by set! to the collected heap, by set-car! into a parameter's object to the caller's region
; (mutate: its callers give it one that object dies with); a fixnum sum that allocates only on overflow needs
; no region of its own (sum: the caller's).
; RUN: %regal --dump=regions %s | FileCheck %s
(define (build n) (if (= n 0) '() (cons n (build (- n 1)))))
(define (sum l) (if (null? l) 0 (+ (car l) (sum (cdr l)))))
(define (total n) (length (build n)))
(define (pairs n)
  (let loop ((i 0) (acc 0))
    (if (= i n) acc (loop (+ i 1) (+ acc (length (list i i)))))))
(define (run n acc) (if (= n 0) acc (run (- n 1) (+ acc (length (build 3))))))
(define (collect n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons i acc)))))
(define kept '())
(define (remember x) (set! kept (cons x kept)))
(define (mutate p x) (set-car! p (list x)))
(define (flo x) (let ((d (* x 0.5))) (+ d d)))
(display (list (total 5) (sum (build 4)) (pairs 4) (run 3 0) (length (collect 5)) (flo 2.0)))
(remember 1)
(mutate (cons 1 2) 3)
(newline)
; CHECK:      ;; the top level enters its local region
; CHECK-NEXT: (define build
; CHECK-NEXT:   (lambda.{{[0-9]+}} (n.[[N:[0-9]+]]) (if (#%= n.[[N]] 0) '() (#%cons n.[[N]] (build (#%- n.[[N]] 1){caller}){caller}){caller})))
; CHECK-NEXT: (define sum
; CHECK-NEXT:   (lambda.{{[0-9]+}} (l.[[L:[0-9]+]]) (if (#%null? l.[[L]]) 0 (#%+ (#%car l.[[L]]) (sum (#%cdr l.[[L]])){caller}){caller})))
; CHECK-NEXT: (define total (lambda.{{[0-9]+}} (n.[[T:[0-9]+]]) (#%length (build n.[[T]]){local})){enters local})
; CHECK:      (#%+ acc.{{[0-9]+}} (#%length (#%list i.[[I:[0-9]+]] i.[[I]]){loop.{{[0-9]+}}})){heap}))){enters loop}))
; CHECK:      (if (#%= n.{{[0-9]+}} 0) acc.{{[0-9]+}} (run (#%- n.{{[0-9]+}} 1){heap} (#%+ acc.{{[0-9]+}} (#%length (build 3){self})){heap}))){enters self})
; CHECK:      (loop.{{[0-9]+}} (#%+ i.{{[0-9]+}} 1){heap} (#%cons i.{{[0-9]+}} acc.{{[0-9]+}}){caller})))))
; CHECK:      (define remember (lambda.{{[0-9]+}} (x.[[X:[0-9]+]]) (set! kept (#%cons x.[[X]] kept){heap})))
; CHECK:      (define mutate (lambda.{{[0-9]+}} (p.{{[0-9]+}} x.[[X2:[0-9]+]]) (#%set-car! p.{{[0-9]+}} (#%list x.[[X2]]){caller})))
; CHECK:          (let ((d.[[D:[0-9]+]] (#%* x.{{[0-9]+}}{local} 0.5){local})) (#%+ d.[[D]]{local} d.[[D]]{local}){caller})){enters local})
