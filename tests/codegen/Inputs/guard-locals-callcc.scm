; tests/codegen/guard-locals.scm: a guard's body assigning its own variables, in a program
; that also keeps a full continuation: that one may be re-entered any number of times, so the
; assigned variables live in boxes.
(define saved #f)
(define (collect n)
  (guard (e ((string? e) (list 'string e)))
    (let ((i 0) (acc '()))
      (let loop ()
        (when (< i n)
          (set! acc (cons i acc))
          (set! i (+ i 1))
          (loop)))
      acc)))
(display (call/cc (lambda (k) (set! saved k) (collect 3))))
(newline)
