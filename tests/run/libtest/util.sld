; (libtest util): exported macros whose templates use private names and (scheme base) names
; the importer may rebind; a body from include, include-ci and include-library-declarations;
; cond-expand on features and libraries.
(define-library (libtest util)
  (export my-or swap! with-helper pick helper-result shout)
  (import (scheme base) (libtest trace))
  (include-library-declarations "util-decls.scm")
  (cond-expand
    ((and r7rs (library (libtest stack)) (not (library (libtest missing))))
     (begin (define feature-ok 'yes)))
    (else (begin (define feature-ok 'no))))
  (cond-expand
    ((library (scheme eval)) (begin (define eval-available #t)))
    (else (begin (define eval-available #f))))
  (begin
    (define (helper x) (list 'util-helper x))
    (define-syntax my-or
      (syntax-rules ()
        ((_) #f)
        ((_ e) e)
        ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))
    (define-syntax swap!
      (syntax-rules ()
        ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
    (define-syntax with-helper
      (syntax-rules ()
        ((_ x) (helper x))))
    ;; `else` is a literal: the importer's else (from (scheme base)) must match it
    (define-syntax pick
      (syntax-rules (else)
        ((_ else a) (list 'else-branch a feature-ok eval-available))
        ((_ x a) (list 'plain x a))))
    (define (helper-result) (helper 'direct))
    (note! 'util))
  (include-ci "util-ci.scm"))
