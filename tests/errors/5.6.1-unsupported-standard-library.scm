; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.6.1-unsupported-standard-library.scm:5:23: error: library (scheme eval) is not supported by regal
; A standard library regal does not provide is an error at the import, not a library whose
; names are then unbound.
(import (scheme base) (scheme eval))
(display (eval '(+ 1 2) (environment '(scheme base))))
