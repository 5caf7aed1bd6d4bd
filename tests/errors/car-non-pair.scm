; EXPECT-STATUS: 70
; EXPECT-STDERR: car-non-pair.scm:5:10:
; EXPECT-STDERR: car: expected a pair, got 5
; car of a non-pair (R7RS 6.4) names the primitive, the value and the location.
(display (car 5))
