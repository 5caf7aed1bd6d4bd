; cond-expand (R7RS 4.2.1, appendix B): feature identifiers, and/or/not, library requirements
; and else, at the top level, in a body and as an expression.
; Expected output: from R7RS (Chez 9.5 has no cond-expand); regal's features include r7rs,
; regal, full-unicode and srfi-N for the SRFIs it provides.
(cond-expand
  (r7rs (define impl 'r7rs))
  (else (define impl 'other)))
(write impl) (newline)
(cond-expand
  ((and regal (not no-such-feature)) (write 'regal-and-not))
  (else (write 'else)))
(newline)
(cond-expand
  ((or no-such-feature (library (scheme base))) (write 'has-scheme-base))
  (else (write 'no-scheme-base)))
(newline)
(cond-expand
  ((library (no such library)) (write 'wrong))
  (else (write 'else-taken)))
(newline)
(define (f)
  (cond-expand (full-unicode (define u 'unicode)) (else (define u 'ascii)))
  u)
(write (f)) (newline)
(write (list (cond-expand (srfi-69 'hash-tables) (else 'none)) (cond-expand (no-such 1) (else 2))))
(newline)
