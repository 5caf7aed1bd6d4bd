; A global defined once, never assigned, by a define that runs before any procedure is called
; (analyze.c, Var.init_first; a call of a known procedure that calls nothing counts as none) is read without the check that its definition has run; one
; defined after a call keeps it. With -fno-early-globals every reference keeps its check, so
; this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-early-globals
(define table (make-vector 8 0))
(define (peek i) (vector-ref table i))
(define (make-getter k) (lambda (v) (vector-ref v k)))
(define get-first (make-getter 0))   ; a call of a procedure that calls nothing
(define (first-of v) (get-first v))
(display (peek 1))
(display (first-of table))
(define late 5)
(define (get-late) late)
(display (get-late))
; CHECK-LABEL: _peek_direct({{.*}}) {
; CHECK-NOT: RT_UNDEFINED
; CHECK: {{^}}}
; CHECK-LABEL: _first_of_direct({{.*}}) {
; CHECK-NOT: RT_UNDEFINED
; CHECK: {{^}}}
; CHECK-LABEL: _get_late_direct({{.*}}) {
; CHECK: == RT_UNDEFINED
; CHECK: {{^}}}
