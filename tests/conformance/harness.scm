;; harness.scm: the conformance suite's test procedure (see run.py). conf-test runs the
;; thunk with a handler, so an error counts as one failure; results are compared with equal?.
(define conf-pass 0)
(define conf-fail 0)
(define (conf-test text expected thunk)
  (let ((got (call-with-current-continuation
              (lambda (k)
                (with-exception-handler
                 (lambda (c)
                   (k (list 'conf-error
                            (if (error-object? c) (error-object-message c) c))))
                 thunk)))))
    (if (equal? got expected)
        (set! conf-pass (+ conf-pass 1))
        (begin
          (set! conf-fail (+ conf-fail 1))
          (display "FAIL ") (display text) (display ": expected ") (write expected)
          (display ", got ") (write got) (newline)))))
(define (conf-report section)
  (display "RESULT ") (display section) (display " ") (display conf-pass) (display " ")
  (display conf-fail) (newline))
