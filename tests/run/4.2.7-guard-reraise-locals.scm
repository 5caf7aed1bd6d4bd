; guard without an else clause re-raises a condition no clause takes within the dynamic
; environment of the raise (R7RS 4.2.7), by re-entering a continuation the handler took
; (%call/1cc, compiler/derive.c). That re-entry happens at most once and only after the
; handler escaped to the guard, so the frames it copies go on from where they were: a
; program with guard keeps its assigned local variables in C variables, not in boxes
; (compiler/analyze.c; tests/codegen/guard-locals.scm checks the C). Here the guard's body
; assigns its own loop variables between raises that an outer handler answers: each answer
; must come back to the raise with the variables as they were. Output from Chez.
(import (scheme base) (scheme write))
(define (collect n)
  (with-exception-handler
   (lambda (c) (* c 100))                        ; answers every re-raised number
   (lambda ()
     (guard (e ((string? e) (list 'string e)))   ; takes strings only
       (let ((i 0) (acc '()))
         (let loop ()
           (when (< i n)
             (set! acc (cons (raise-continuable i) acc))
             (set! i (+ i 1))
             (loop)))
         acc)))))
(display (collect 4)) (newline)
(define (count-up k)
  (let ((total 0))
    (do ((j 0 (+ j 1))) ((= j k) total)
      (set! total (+ total (with-exception-handler
                            (lambda (c) j)
                            (lambda () (guard (e ((symbol? e) 0)) (+ 1 (raise-continuable j))))))))))
(display (count-up 5)) (newline)
