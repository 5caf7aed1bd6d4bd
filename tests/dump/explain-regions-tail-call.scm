; --explain-regions: what a procedure passes in a tail call must outlive its frame; its own
; objects go to the caller's region then, but what it was given already outlives it, so a
; parameter passed on in a tail call (check's l to fail) does not make the procedure return it:
; sum-pairs' list stays in its local region although it returns what check returns.
; RUN: %regal --explain-regions %s | FileCheck %s
(define (fail l) (list 'length (length l)))
(define (check l) (if (null? l) (list 'empty) (fail l)))
(define (sum-pairs n)
  (let ((l (list n (* 2 n))))
    (list (check l) (check (cdr l)))))
(define (pass-own n) (check (list n)))
(display (list (sum-pairs 3) (pass-own 4)))
(newline)
; CHECK:      explain-regions-tail-call.scm:9:12: list: local region of 'sum-pairs' (released when it returns): used only within the call
; CHECK:      explain-regions-tail-call.scm:11:29: list: caller's region (of the call of 'pass-own'): passed in a tail call at {{.*}}explain-regions-tail-call.scm:11:22
