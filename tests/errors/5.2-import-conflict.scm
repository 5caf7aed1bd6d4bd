; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.2-import-conflict.scm:6:33: error: 'value' is imported twice with different bindings (from (bad one) and from (bad two))
; COMPILE-FLAGS: -I tests/errors/libs
; The same identifier imported from two libraries with different bindings is an error (R7RS
; 5.2); prefix or rename resolves it.
(import (scheme base) (bad one) (bad two))
value
