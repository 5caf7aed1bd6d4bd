; call/cc whose continuation is only called while the call/cc is active is the setjmp escape
; (rt_p_call_cc_escape: no copy of the stack): called from the lambda's body, from a loop
; contified into it, from a helper known inside it (the for-each template's procedure), and
; guard's. A continuation that is stored, returned or reachable from a closure that outlives
; the call/cc is a full one (rt_p_call_cc), and then the assigned local count lives in a box.
; RUN: %regal -S -o - %s | FileCheck %s
(define (index-of x l)
  (call/cc (lambda (return)
    (let loop ((l l) (i 0))
      (cond ((null? l) #f)
            ((eqv? (car l) x) (return i))
            (else (loop (cdr l) (+ i 1))))))))
(define (find-first pred l)
  (call/cc (lambda (return)
    (for-each (lambda (x) (if (pred x) (return x))) l)
    #f)))
(define (safe thunk) (guard (e (#t 'error)) (thunk)))
(define saved #f)
(define (count)
  (let ((n 0))
    (call/cc (lambda (k) (set! saved k)))
    (set! n (+ n 1))
    n))
(display (list (index-of 3 '(1 2 3)) (find-first odd? '(2 3)) (safe (lambda () (car 1))) (count)))
; CHECK-LABEL: _index_of_direct({{.*}}) {
; CHECK:       rt_p_call_cc_escape(
; CHECK-LABEL: _find_first_direct({{.*}}) {
; CHECK:       rt_p_call_cc_escape(
; CHECK-LABEL: _safe_direct({{.*}}) {
; CHECK:       rt_p_call_cc_escape(
; CHECK-LABEL: _count_direct({{.*}}) {
; CHECK:       TYPE_ID_BOX
; CHECK:       rt_p_call_cc(
