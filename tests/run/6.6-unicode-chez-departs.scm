; R7RS 6.6 where Chez Scheme 9.5 departs (so this output is Regal's, checked by hand against
; Unicode's tables, not against Chez):
; - char-numeric? is the Numeric_Digit property (Nd, the characters digit-value knows);
;   Chez answers #t for every Numeric character (½, Ⅰ, ²).
; - char-foldcase is Unicode simple case folding (CaseFolding.txt C and S entries): ẞ folds
;   to ß and ᾈ to ᾀ, so char-ci=? holds between ß and ẞ; Chez 9.5 leaves both unchanged.
(write (map char-numeric? (list #\xbd #\x2160 #\xb2 #\x0e53)))
(newline)
(write (map digit-value (list #\xbd #\x2160 #\xb2 #\x0e53)))
(newline)
(write (map char-foldcase (list #\x1e9e #\x1f88 #\xdf)))
(newline)
(write (char-ci=? #\xdf #\x1e9e))
(newline)
; string-foldcase uses the full folding: ẞ and ß both give "ss"
(write (list (string-foldcase "\x1e9e;") (string-ci=? "\x1e9e;" "SS" "ß")))
(newline)
