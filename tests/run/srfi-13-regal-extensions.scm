; What (srfi 13) in regal has beyond the SRFI's reference implementation (lib/srfi/13.sld):
; string-tokenize takes a character or a predicate as its token set (no SRFI 14 char-sets);
; string-map and string-for-each take R7RS's several strings as well as SRFI 13's range;
; string-upcase and string-downcase use R7RS's full case mappings (with SRFI 13's range);
; char-titlecase keeps the digraphs' titlecase; string-hash and string-hash-ci take SRFI 13's
; bound of 0 (no bound) and a range. Expected output written by hand from those definitions
; (Chez has no SRFI 13; the reference implementation rejects these calls).
(import (scheme base) (scheme char) (scheme write) (srfi 13) (only (srfi 69) string-ci-hash))
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))
(show (string-tokenize "a,b,,c" char-alphabetic?) (string-tokenize "  x  y z " char-alphabetic? 3)
      (string-tokenize "a-b--c" #\-) (string-tokenize ""))
(show (string-map (lambda (a b) (if (char<? a b) a b)) "adc" "bbb") (string-map char-upcase "abcdef" 4))
(string-for-each (lambda (a b) (display (list a b))) "ab" "xyz")
(newline)
(show (string-upcase "straße") (string-upcase "xstraße" 1 6) (string-downcase "ΧΑΟΣ") (string-titlecase "ǆungla ǉ"))
(show (= (string-hash "abc" 0) (string-hash "abc")) (= (string-hash "--abc--" 0 2 5) (string-hash "abc"))
      (= (string-hash-ci "ABC") (string-ci-hash "abc")))
