; (libtest counter): imports (libtest stack) too; a private `helper` again; an exported
; variable and a procedure that changes it.
(define-library (libtest counter)
  (export next! count)
  (import (scheme base) (libtest trace) (only (libtest stack) push! size))
  (begin
    (define count 0)
    (define (helper) 'counter-helper)
    (define (next!)
      (set! count (+ count 1))
      (push! (helper))
      (size))
    (note! 'counter)))
