; EXPECT-STATUS: 70
; EXPECT-STDERR: fx+: expected a fixnum result, got 1152921504606846976
; SRFI 143: an fx+ whose result is not a fixnum is an error (lib/srfi/143.sld), never a
; bignum.
(import (scheme base) (srfi 143))
(fx+ fx-greatest 1)
