; EXPECT-STATUS: 70
; EXPECT-STDERR: unbound variable 'frobnicate'
; An unbound variable in an eval'd form is a run-time error of the evaluated code (the
; datum has no source location).
(import (scheme base) (scheme eval))
(eval '(frobnicate 1) (environment '(scheme base)))
