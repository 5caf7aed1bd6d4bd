;; tests/srfi/srfi-151-chez-shim.scm: SRFI 151's core operations from Chez Scheme's R6RS
;; bitwise procedures (as the SRFI's srfi-151.sld does for (rnrs arithmetic bitwise)), for
;; tests/srfi/chez.sh before the sample implementation's bitwise-33, -60 and -other files.
(define arithmetic-shift bitwise-arithmetic-shift)
(define integer-length bitwise-length)
(define (bit-count i) (if (>= i 0) (bitwise-bit-count i) (bitwise-bit-count (bitwise-not i))))
