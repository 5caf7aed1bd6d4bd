; EXPECT-STATUS: 1
; exit with an exact integer past the fixnums (R7RS 6.14): status 1, as Chez Scheme (whose
; fixnums are Regal's), rather than its low 8 bits (0 here: success); it raised before.
(display "big") (newline)
(exit (expt 2 72))
