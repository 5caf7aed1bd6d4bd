; EXPECT-STATUS: 70
; EXPECT-STDERR: primitive-as-value-error-location.scm:7:15: car: expected a pair, got x
; A primitive called as a value (here through a parameter: an unknown call) names the call in
; its errors: compiled code sets rt_call_loc with the argument count (runtime/prims.c). Before,
; the message named no place.
(define (pick) (if (> (length (command-line)) 100) cdr car))
(define (g h) (h 'x))
(display (g (pick)))
