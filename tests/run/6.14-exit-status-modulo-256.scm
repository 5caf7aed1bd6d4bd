; EXPECT-STATUS: 254
; exit with an exact integer outside 0..255 (R7RS 6.14): its low 8 bits are the status, as C's
; exit and Chez Scheme give them (-2 exits 254, 256 would exit 0, 300 44).
(display "wrapped") (newline)
(exit -2)
(display "not reached") (newline)
