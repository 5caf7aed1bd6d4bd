; Tail-called closures (regions.c, rg_call): make-empty ends in a call of the constructor it
; captured, make-tnode, whose code returns nothing it captured (a record holds its type, not the
; constructor). So make-empty's result does not hold what make-empty captured, and grow!, which
; stores nodes into the node it is given, is given the loop's iteration region, which its
; nodes die with. With -fno-tail-closures a closure called in tail position counts as returned
; with all it captured: grow! would store into make-tnode's objects, gets the collected heap,
; and make-tnode's closure goes there too, so this test must fail then.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=C
; RUN-INVERSE: -fno-tail-closures
; CHECK: tail-closures.scm:15:3: closure 'make-tnode': local region of 'tree-size'
; C: grow_21_direct(&rg{{[0-9]+}}, {{.*}}, RT_FIX(5LL)
(import (scheme base) (scheme write))
(define (tree-size depth)
  (define-record-type tnode (make-tnode l r) tnode? (l tnode-l set-tnode-l!) (r tnode-r set-tnode-r!))
  (let ((make-empty (lambda () (make-tnode #f #f))))
    (define (grow! d n)
      (when (> d 0)
        (set-tnode-l! n (make-empty))
        (set-tnode-r! n (make-empty))
        (grow! (- d 1) (tnode-l n))
        (grow! (- d 1) (tnode-r n))))
    (define (size n) (if (tnode? n) (+ 1 (size (tnode-l n)) (size (tnode-r n))) 0))
    (let loop ((i 0) (total 0))
      (if (= i 10)
          total
          (let ((root (make-empty)))
            (grow! 5 root)
            (loop (+ i 1) (+ total (size root))))))))
(display (tree-size 5))
(newline)
