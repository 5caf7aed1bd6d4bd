;; (flow control): control across a compiled boundary (tests/sepcomp.sh, control.scm): a tail
;; call into the importer's closure, closures with state, a parameter, an escape through a
;; continuation, a variable assigned at initialisation.
(define-library (flow control)
  (export bounce gen make-counter current-depth with-depth escape-with reset-counter! depth)
  (import (scheme base))
  (begin
    (define (bounce k n) (k n))                       ; tail call into the importer's closure
    (define gen (let ((n 0)) (lambda () (set! n (+ n 1)) n)))   ; a closure with state
    (define (make-counter) (let ((c 0)) (lambda () (set! c (+ c 1)) c)))
    (define depth (make-parameter 0))
    (define (current-depth) (depth))
    (define (with-depth d thunk) (parameterize ((depth d)) (thunk)))
    (define (escape-with k v) (k v))
    (define reset-counter! #f)
    (set! reset-counter! (lambda () 'reset))))
