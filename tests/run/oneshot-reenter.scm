; A continuation captured inside a continuation of continuation-passing style and re-entered:
; the frame it re-enters calls the next continuation again (c2 calls c3 a second and a third
; time). Such a program may re-enter a continuation (Program.reentrant), so no closure is
; given back (compiler/oneshot.c): c3 is called after it would have given itself back.
; (Without that rule this program still passes, also under ASan: the capture keeps the
; regions' memory of the time, runtime/region.c; the rule does not count on it.)
; tests/codegen/oneshot-off.scm checks that nothing is one-shot here. Output from Chez.
(import (scheme base) (scheme write))
(define saved #f)
(define runs 0)
(define (build n k)
  (if (= n 0)
      (k '())
      (build (- n 1)
             (lambda (rest)
               (k (cons (if (= n 2) (call/cc (lambda (c) (set! saved c) n)) n) rest))))))
(define (main)
  (let ((out (build 4 (lambda (l) l))))
    (display out)
    (newline)
    (set! runs (+ runs 1))
    (if (< runs 3) (saved (* runs 100)))))
(main)
