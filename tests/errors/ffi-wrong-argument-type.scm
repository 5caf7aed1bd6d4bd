; EXPECT-STATUS: 70
; EXPECT-STDERR: ffi-wrong-argument-type.scm:6:16: sqrt: expected a flonum (double) as argument 1, got "four"
; A foreign procedure checks each argument against its C type before the call (Chez Scheme's
; rule: a double takes a flonum): a wrong type is a Scheme error naming the C function, the
; argument and the place of the foreign-procedure form, never a crash.
(define c-sqrt (foreign-procedure "sqrt" (double) double))
(display (c-sqrt 4.0)) (newline)
(display (c-sqrt "four"))
