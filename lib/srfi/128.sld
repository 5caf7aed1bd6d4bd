;; (srfi 128): comparators. The SRFI's sample implementation (John Cowan, MIT licence),
;; included from lib/srfi/128/; its hash functions for strings are the runtime's (SRFI 69's
;; string-hash and string-ci-hash, the same bindings (srfi 69) and (srfi 13) export, so they
;; import together), and equal-hash is the runtime's (regal extras) one. hash-bound and
;; hash-salt are syntax, as in the sample implementation.
(define-library (srfi 128)
  (export comparator? comparator-ordered? comparator-hashable?
          make-comparator
          make-pair-comparator make-list-comparator make-vector-comparator
          make-eq-comparator make-eqv-comparator make-equal-comparator
          boolean-hash char-hash char-ci-hash
          string-hash string-ci-hash symbol-hash number-hash
          make-default-comparator default-hash comparator-register-default!
          comparator-type-test-predicate comparator-equality-predicate
          comparator-ordering-predicate comparator-hash-function
          comparator-test-type comparator-check-type comparator-hash
          hash-bound hash-salt
          =? <? >? <=? >=?
          comparator-if<=>)
  (import (scheme base) (scheme case-lambda) (scheme char) (scheme inexact) (scheme complex)
          (only (srfi 69) string-hash string-ci-hash)
          (only (regal extras) equal-hash))
  (include "128/128.body1.scm")
  (include "128/128.body2.scm"))
