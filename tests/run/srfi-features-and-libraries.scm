; cond-expand (R7RS 4.2.1) and (features) (6.14) agree, from one table (runtime/features.def):
; every feature (features) lists is one cond-expand takes, and for each srfi-N listed, the
; library (srfi N) is there ((library (srfi N)) holds) and imports. All the installed SRFI
; libraries import together with (scheme base), (scheme char) and (srfi 69): the names they
; share are the same bindings. Expected output written by hand: the features regal claims
; (but the machine's, x86-64 and linux)
; (Chez has neither cond-expand nor these libraries).
(import (scheme base) (scheme char) (scheme write) (scheme process-context)
        (srfi 1) (srfi 2) (srfi 8) (srfi 13) (srfi 26) (srfi 28) (srfi 39) (srfi 69)
        (srfi 128) (srfi 132) (srfi 133) (srfi 143) (srfi 151))
(define-syntax has?
  (syntax-rules () ((_ f) (cond-expand (f #t) (else #f)))))
(write (remove (lambda (f) (memq f (quote (x86-64 aarch64 linux)))) (features))) (newline)
(write (list (has? srfi-2) (has? srfi-8) (has? srfi-13) (has? srfi-26) (has? srfi-28) (has? srfi-39)
             (has? srfi-69) (has? srfi-128) (has? srfi-132) (has? srfi-133) (has? srfi-143) (has? srfi-151)
             (has? r7rs) (has? exact-closed) (has? ratios) (has? full-unicode) (has? regal)
             (has? srfi-1) (has? srfi-14) (has? no-such-feature)))
(newline)
(write (list (cond-expand ((library (srfi 13)) 'srfi-13) (else 'none))
             (cond-expand ((library (srfi 133)) 'srfi-133) (else 'none))
             (cond-expand ((library (srfi 14)) 'srfi-14) (else 'none))))
(newline)
;; one procedure of each, through the shared bindings
(write (list (and-let* ((x 2)) (* x 3)) (receive (a b) (values 1 2) (+ a b)) (string-pad "7" 3 #\0)
             ((cut string-upcase <>) "a") (format "~a" 1) (string-hash "a" 10)
             (<? (make-default-comparator) 1 2) (list-sort < '(2 1)) (vector-count odd? #(1 2 3))
             (fx+ 1 2) (bitwise-and 12 10) (fold + 0 '(1 2)) (string-map char-upcase "ab" 1)))
(newline)
