; EXPECT-STATUS: 70
; EXPECT-STDERR: format: unknown directive (SRFI 28 has ~a ~s ~% ~~) "~x"
; SRFI 28's format has four directives; any other is an error naming it (lib/srfi/28.sld).
(import (scheme base) (srfi 28))
(format "~a ~x" 1 2)
