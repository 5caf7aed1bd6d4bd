;; (srfi 151): bitwise operations. The seven core operations (bitwise-not, bitwise-and,
;; bitwise-ior, bitwise-xor, arithmetic-shift, bit-count, integer-length) are the runtime's
;; (runtime/bitwise.c: fixnum fast paths, GMP for bignums); the rest is the SRFI's sample
;; implementation, included unchanged from lib/srfi/151/ (github.com/scheme-requests-for-
;; implementation/srfi-151, srfi-151/: bitwise-33.scm, Olin Shivers, public domain;
;; bitwise-60.scm, Aubrey Jaffer, SLIB licence; bitwise-other.scm, John Cowan, MIT licence).
;; A wrong type is reported by the core operation it reaches ("arithmetic-shift: expected an
;; exact integer, got a").
(define-library (srfi 151)
  (export bitwise-not bitwise-and bitwise-ior bitwise-xor bitwise-eqv
          bitwise-nand bitwise-nor bitwise-andc1 bitwise-andc2
          bitwise-orc1 bitwise-orc2
          arithmetic-shift bit-count integer-length bitwise-if
          bit-set? copy-bit bit-swap any-bit-set? every-bit-set? first-set-bit
          bit-field bit-field-any? bit-field-every? bit-field-clear bit-field-set
          bit-field-replace bit-field-replace-same
          bit-field-rotate bit-field-reverse
          bits->list list->bits bits->vector vector->bits bits
          bitwise-fold bitwise-for-each bitwise-unfold make-bitwise-generator)
  (import (scheme base) (scheme case-lambda)
          (only (regal extras) bitwise-not bitwise-and bitwise-ior bitwise-xor
                arithmetic-shift bit-count integer-length))
  (include "151/bitwise-33.scm")
  (include "151/bitwise-60.scm")
  (include "151/bitwise-other.scm"))
