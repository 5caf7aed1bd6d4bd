;; tests/srfi/srfi-143-chez-shim.scm: SRFI 143 over Chez Scheme's R6RS fixnum operations, as
;; the SRFI's srfi-143.sls (github.com/scheme-requests-for-implementation/srfi-143) defines
;; it, for tests/srfi/chez.sh.
(define fx-width (fixnum-width))
(define fx-greatest (greatest-fixnum))
(define fx-least (least-fixnum))
(define fxsqrt exact-integer-sqrt)
(define r6rs:fxbit-count fxbit-count)
(define r6rs:fxbit-set? fxbit-set?)
(define fxfirst-set-bit fxfirst-bit-set)
(define fxbit-field-reverse fxreverse-bit-field)
(define (fxneg i) (fx- i))
(define (fxabs i) (if (fxnegative? i) (fx- i) i))
(define (fxsquare i) (fx* i i))
(define (fxbit-count i) (if (fx>=? i 0) (r6rs:fxbit-count i) (r6rs:fxbit-count (fxnot i))))
(define (fxcopy-bit index to bool)
  (if bool
      (fxior to (fxarithmetic-shift-left 1 index))
      (fxand to (fxnot (fxarithmetic-shift-left 1 index)))))
(define (fxbit-set? index i) (r6rs:fxbit-set? i index))
(define (fxbit-field-rotate i count start end)
  (if (fxnegative? count)
      (fxrotate-bit-field i start end (+ count (- end start)))
      (fxrotate-bit-field i start end count)))
