; Element types (issue 14): a list built by the program with cons and list carries its
; elements' types, so in a loop guarded by null? the cdr is a list (pair or '()) and the car a
; fixnum: neither car nor cdr needs a pair test.
; With -fno-element-types car and cdr are of unknown type, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-element-types
(define (sum l)
  (let loop ((l l) (acc 0))
    (if (null? l) acc (loop (cdr l) (+ acc (car l))))))
(define (range n) (let loop ((i n) (l '())) (if (= i 0) l (loop (- i 1) (cons i l)))))
; CHECK-LABEL: _sum_direct({{.*}}) {
; CHECK-NOT: RT_IS_PAIR
; CHECK: = RT_CDR(
; CHECK: = RT_CAR(
; CHECK-NOT: RT_IS_PAIR
; CHECK: {{^}}}
(display (sum (range 100)))
