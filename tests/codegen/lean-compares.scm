; A numeric comparison of two values whose types inference does not know (here read from
; input) tests for fixnums inline and calls the runtime for anything else (emit_num.c,
; emit_flo_case: lean compares); a third arm for two flonums made ecraven tak 1.3x slower.
; Operands that may be flonums by inference keep their flonum arm (the second CHECK).
; With -fno-lean-compares the flonum arm is back, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-lean-compares
; CHECK: if (!((RT_BOTH_FIXNUM([[Y:t[0-9]+]], [[X:t[0-9]+]]) ? (int64_t)[[Y]] < (int64_t)[[X]] : rt_slow{{[0-9]+}}([[Y]], [[X]]))))
; CHECK: && RT_IS_TYPE([[B:t[0-9]+]], TYPE_ID_FLOAT) ? {{.*}} < RT_FLOVAL([[B]])
(import (scheme base) (scheme read) (scheme write))
(define (tak x y z)
  (if (not (< y x)) z
      (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))
(define (smaller a b) (if (< (* a 1.5) b) 'yes 'no))
(display (tak (read) (read) (read)))
(display (smaller (read) (read)))
