;; (chibi test) for Regal: the subset of Alex Shinn's (chibi test) that r7rs-tests.scm uses
;; (test, test-assert, test-not, test-values, test-error, test-begin, test-end), written
;; for tests/external/run-r7rs-suite.py. Each check runs its expression under a handler, so
;; an error raised by one check is that check's failure (ERROR), never the end of the run.
;; Comparison is chibi's test-equal?: equal?, or within 1e-5 (relative) of an inexact
;; expected value (such a pass prints an APPROX line, so none hides a wrong digit). test-end of the outermost group prints "r7rs-suite: PASS n FAIL m".
;; test-equal? and approx-equal? are copied from chibi-scheme lib/chibi/test.scm (BSD license,
;; Copyright (c) 2009-2021 Alex Shinn, reproduced in r7rs-tests.scm).
(define-library (chibi test)
  (export test test-equal test-assert test-not test-values test-error
          test-begin test-end test-exit test-equal? current-test-epsilon)
  (import (scheme base) (scheme write) (scheme complex) (scheme process-context))
  (begin
    (define current-test-epsilon (make-parameter 1e-5))
    (define pass-count 0)
    (define fail-count 0)
    (define groups '())
    (define (approx-equal? a b epsilon)
      (cond ((> (abs a) (abs b)) (approx-equal? b a epsilon))
            ((zero? a) (< (abs b) epsilon))
            (else (< (abs (/ (- a b) b)) epsilon))))
    (define (test-equal? expect res)
      (or (equal? expect res)
          (if (real? expect)
              (and (inexact? expect) (real? res)
                   (approx-equal? expect res (current-test-epsilon)))
              (and (complex? res) (complex? expect)
                   (test-equal? (real-part expect) (real-part res))
                   (test-equal? (imag-part expect) (imag-part res))))))
    (define (group-name) (if (pair? groups) (car groups) ""))
    (define (report-failure kind quoted-expr expect got)
      (set! fail-count (+ fail-count 1))
      (display kind) (display " [") (display (group-name)) (display "] ")
      (write quoted-expr)
      (display ": expected ") (write expect)
      (display " but got ") (write got) (newline))
    (define (condition-text c)
      (if (error-object? c)
          (cons (error-object-message c) (error-object-irritants c))
          (list 'raised c)))
    ;; (run-check label expect thunk compare): thunk gives the value; an error in it is a
    ;; failure named ERROR. label is the check's name, else its expression quoted.
    (define (run-check quoted-expr expect thunk compare)
      (call-with-current-continuation
       (lambda (k)
         (with-exception-handler
          (lambda (c)
            (k (report-failure "ERROR" quoted-expr expect (condition-text c))))
          (lambda ()
            (let ((got (thunk)))
              (if (compare expect got)
                  (begin
                    (set! pass-count (+ pass-count 1))
                    (if (not (equal? expect got))      ; passed only within the epsilon
                        (begin (display "APPROX [") (display (group-name)) (display "] ")
                               (write quoted-expr) (display ": expected ") (write expect)
                               (display ", got ") (write got) (newline))))
                  (report-failure "FAIL" quoted-expr expect got))))))))
    (define (run-error-check quoted-expr thunk)
      (let ((raised (call-with-current-continuation
                     (lambda (k)
                       (with-exception-handler
                        (lambda (c) (k #t))
                        (lambda () (thunk) #f))))))
        (if raised
            (set! pass-count (+ pass-count 1))
            (report-failure "FAIL" quoted-expr 'an-error 'no-error))))
    (define-syntax test
      (syntax-rules ()
        ((_ expect expr) (run-check 'expr expect (lambda () expr) test-equal?))
        ((_ name expect expr) (run-check name expect (lambda () expr) test-equal?))))
    (define-syntax test-equal
      (syntax-rules ()
        ((_ equal expect expr) (run-check 'expr expect (lambda () expr) equal))
        ((_ equal name expect expr) (run-check name expect (lambda () expr) equal))))
    (define-syntax test-assert
      (syntax-rules ()
        ((_ expr) (run-check 'expr #t (lambda () (if expr #t #f)) eq?))
        ((_ name expr) (run-check name #t (lambda () (if expr #t #f)) eq?))))
    (define-syntax test-not
      (syntax-rules ()
        ((_ expr) (run-check 'expr #f (lambda () (if expr #t #f)) eq?))
        ((_ name expr) (run-check name #f (lambda () (if expr #t #f)) eq?))))
    (define-syntax test-values
      (syntax-rules ()
        ((_ expect expr)
         (run-check 'expr (call-with-values (lambda () expect) list)
                    (lambda () (call-with-values (lambda () expr) list)) test-equal?))
        ((_ name expect expr) (test-values expect expr))))
    (define-syntax test-error
      (syntax-rules ()
        ((_ expr) (run-error-check 'expr (lambda () expr)))
        ((_ name expr) (run-error-check 'expr (lambda () expr)))
        ((_ name pred expr) (run-error-check 'expr (lambda () expr)))))
    (define (test-begin . name)
      (set! groups (cons (if (pair? name) (car name) "") groups)))
    (define (test-end . name)
      (if (pair? groups) (set! groups (cdr groups)))
      (if (null? groups)
          (begin (display "r7rs-suite: PASS ") (display pass-count)
                 (display " FAIL ") (display fail-count) (newline))))
    (define (test-exit)
      (exit (if (zero? fail-count) 0 1)))))
