;; (srfi 143): fixnum operations. Regal's fixnums are 61-bit (runtime/regal.h, RT_FIXNUM_BITS),
;; as Chez Scheme's: fx-width is 61. Every argument is checked to be a fixnum and every result
;; too: where the SRFI says "it is an error" (an overflow, a non-fixnum), regal raises one
;; ("fx+: expected a fixnum result, got 1152921504606846976"), never a bignum. The bit
;; operations are the exact-integer ones of runtime/bitwise.c on fixnums; the others follow
;; the SRFI's sample implementation (srfi-143-impl.scm and carries.scm, John Cowan, MIT
;; licence; github.com/scheme-requests-for-implementation/srfi-143).
(define-library (srfi 143)
  (export fx-width fx-greatest fx-least
          fixnum? fx=? fx<? fx>? fx<=? fx>=?
          fxzero? fxpositive? fxnegative? fxodd? fxeven? fxmax fxmin
          fx+ fx- fxneg fx* fxquotient fxremainder fxabs fxsquare fxsqrt
          fx+/carry fx-/carry fx*/carry
          fxnot fxand fxior fxxor fxarithmetic-shift
          fxarithmetic-shift-left fxarithmetic-shift-right
          fxbit-count fxlength fxif fxbit-set? fxcopy-bit
          fxfirst-set-bit fxbit-field fxbit-field-rotate fxbit-field-reverse)
  (import (scheme base)
          (only (regal extras) bitwise-not bitwise-and bitwise-ior bitwise-xor
                arithmetic-shift bit-count integer-length)
          (only (regal internal) %type-error))
  (begin
    (define fx-width 61)
    (define fx-greatest 1152921504606846975)   ; 2^60 - 1
    (define fx-least -1152921504606846976)     ; -2^60
    (define (fixnum? x) (and (exact-integer? x) (<= fx-least x fx-greatest)))
    (define (arg who x) (if (fixnum? x) x (%type-error who "a fixnum" x)))
    (define (args who xs) (for-each (lambda (x) (arg who x)) xs))
    (define (result who r) (if (fixnum? r) r (%type-error who "a fixnum result" r)))
    ;; a comparison of two or more fixnums
    (define (compare who ok?)
      (lambda (i j . ks)
        (arg who i) (arg who j) (args who ks)
        (let loop ((i i) (j j) (ks ks))
          (and (ok? i j) (or (null? ks) (loop j (car ks) (cdr ks)))))))
    (define fx=? (compare 'fx=? =))
    (define fx<? (compare 'fx<? <))
    (define fx>? (compare 'fx>? >))
    (define fx<=? (compare 'fx<=? <=))
    (define fx>=? (compare 'fx>=? >=))
    (define (fxzero? i) (zero? (arg 'fxzero? i)))
    (define (fxpositive? i) (positive? (arg 'fxpositive? i)))
    (define (fxnegative? i) (negative? (arg 'fxnegative? i)))
    (define (fxodd? i) (odd? (arg 'fxodd? i)))
    (define (fxeven? i) (even? (arg 'fxeven? i)))
    (define (fxmax i . is) (arg 'fxmax i) (args 'fxmax is) (apply max i is))
    (define (fxmin i . is) (arg 'fxmin i) (args 'fxmin is) (apply min i is))

    (define (fx+ i j) (result 'fx+ (+ (arg 'fx+ i) (arg 'fx+ j))))
    (define (fx- i j) (result 'fx- (- (arg 'fx- i) (arg 'fx- j))))
    (define (fxneg i) (result 'fxneg (- (arg 'fxneg i))))
    (define (fx* i j) (result 'fx* (* (arg 'fx* i) (arg 'fx* j))))
    (define (fxquotient i j) (result 'fxquotient (quotient (arg 'fxquotient i) (arg 'fxquotient j))))
    (define (fxremainder i j) (remainder (arg 'fxremainder i) (arg 'fxremainder j)))
    (define (fxabs i) (result 'fxabs (abs (arg 'fxabs i))))
    (define (fxsquare i) (result 'fxsquare (square (arg 'fxsquare i))))
    (define (fxsqrt i)
      (if (negative? (arg 'fxsqrt i)) (%type-error 'fxsqrt "a non-negative fixnum" i))
      (exact-integer-sqrt i))

    ;; R6RS's carry operations (carries.scm): s = s0 + s1 * 2^fx-width with s0 in
    ;; [-2^(fx-width - 1), 2^(fx-width - 1)) (div0 and mod0); the values s0 and s1.
    (define exp-width (expt 2 fx-width))
    (define (balanced s)
      (let* ((r (modulo s exp-width))
             (s0 (if (>= r (quotient exp-width 2)) (- r exp-width) r)))
        (values s0 (quotient (- s s0) exp-width))))
    (define (fx+/carry i j k)
      (args 'fx+/carry (list i j k))
      (balanced (+ i j k)))
    (define (fx-/carry i j k)
      (args 'fx-/carry (list i j k))
      (balanced (- i j k)))
    (define (fx*/carry i j k)
      (args 'fx*/carry (list i j k))
      (balanced (+ (* i j) k)))

    (define (fxnot i) (bitwise-not (arg 'fxnot i)))
    (define (fxand . is) (args 'fxand is) (apply bitwise-and is))
    (define (fxior . is) (args 'fxior is) (apply bitwise-ior is))
    (define (fxxor . is) (args 'fxxor is) (apply bitwise-xor is))
    (define (count who c)
      (if (and (fixnum? c) (< -1 c fx-width)) c
          (%type-error who "a shift count from 0 to fx-width - 1" c)))
    (define (fxarithmetic-shift i c)
      (arg 'fxarithmetic-shift i)
      (if (not (and (fixnum? c) (< (- fx-width) c fx-width)))
          (%type-error 'fxarithmetic-shift "a shift count of magnitude below fx-width" c))
      (result 'fxarithmetic-shift (arithmetic-shift i c)))
    (define (fxarithmetic-shift-left i c)
      (result 'fxarithmetic-shift-left
              (arithmetic-shift (arg 'fxarithmetic-shift-left i) (count 'fxarithmetic-shift-left c))))
    (define (fxarithmetic-shift-right i c)
      (arithmetic-shift (arg 'fxarithmetic-shift-right i) (- (count 'fxarithmetic-shift-right c))))
    (define (fxbit-count i) (bit-count (arg 'fxbit-count i)))
    (define (fxlength i) (integer-length (arg 'fxlength i)))
    (define (fxif mask i j)
      (args 'fxif (list mask i j))
      (bitwise-ior (bitwise-and mask i) (bitwise-and (bitwise-not mask) j)))
    (define (fxbit-set? index i)
      (arg 'fxbit-set? i)
      (if (not (and (fixnum? index) (>= index 0)))
          (%type-error 'fxbit-set? "a non-negative fixnum index" index))
      (odd? (arithmetic-shift i (- index))))
    (define (fxcopy-bit index i bool)
      (arg 'fxcopy-bit i)
      (let ((bit (arithmetic-shift 1 (count 'fxcopy-bit index))))
        (result 'fxcopy-bit (if bool (bitwise-ior i bit) (bitwise-and i (bitwise-not bit))))))
    (define (fxfirst-set-bit i)
      (if (zero? (arg 'fxfirst-set-bit i)) -1 (- (bit-count (bitwise-xor i (- i 1))) 1)))
    (define (field who i start end)
      (arg who i)
      (count who start)
      (if (not (and (fixnum? end) (<= start end fx-width)))
          (%type-error who "an end from start to fx-width" end)))
    (define (mask start end) (bitwise-not (arithmetic-shift -1 (- end start))))
    (define (fxbit-field i start end)
      (field 'fxbit-field i start end)
      (bitwise-and (mask start end) (arithmetic-shift i (- start))))
    ;; srfi-143-impl.scm's fxbit-field-rotate and fxreverse / fxbit-field-reverse
    (define (fxbit-field-rotate n c start end)
      (field 'fxbit-field-rotate n start end)
      (arg 'fxbit-field-rotate c)
      (let ((width (- end start)))
        (if (zero? width)
            n
            (let* ((c (modulo c width))
                   (m (bitwise-not (arithmetic-shift -1 width)))
                   (zn (bitwise-and m (arithmetic-shift n (- start)))))
              (result 'fxbit-field-rotate
                      (bitwise-ior (arithmetic-shift
                                    (bitwise-ior (bitwise-and m (arithmetic-shift zn c))
                                                 (arithmetic-shift zn (- c width)))
                                    start)
                                   (bitwise-and (bitwise-not (arithmetic-shift m start)) n)))))))
    (define (reverse-bits k n)
      (do ((m (if (negative? n) (bitwise-not n) n) (arithmetic-shift m -1))
           (k (- k 1) (- k 1))
           (rvs 0 (bitwise-ior (arithmetic-shift rvs 1) (bitwise-and 1 m))))
          ((negative? k) (if (negative? n) (bitwise-not rvs) rvs))))
    (define (fxbit-field-reverse n start end)
      (field 'fxbit-field-reverse n start end)
      (let* ((width (- end start))
             (m (bitwise-not (arithmetic-shift -1 width)))
             (zn (bitwise-and m (arithmetic-shift n (- start)))))
        (result 'fxbit-field-reverse
                (bitwise-ior (arithmetic-shift (reverse-bits width zn) start)
                             (bitwise-and (bitwise-not (arithmetic-shift m start)) n)))))))
