; EXPECT-STATUS: 1
; EXPECT-STDERR: libs/bad/exports.sld:3:32: error: library (bad exports) exports 'not-here', which it neither defines nor imports
; COMPILE-FLAGS: -I tests/errors/libs
; An export spec names a binding of the library (R7RS 5.6.1).
(import (scheme base) (bad exports))
(defined-here)
