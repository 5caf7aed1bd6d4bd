; EXPECT-STATUS: 1
; EXPECT-STDERR: libs/cyc/b.sld:5:11: error: import cycle: (cyc a) (tests/errors/libs/cyc/a.sld) imports (cyc b) (tests/errors/libs/cyc/b.sld) imports (cyc a)
; COMPILE-FLAGS: -I tests/errors/libs
; Libraries that import each other are an error at the import that closes the cycle, naming
; the files (R7RS 5.6.1: a library cannot import itself, directly or not).
(import (scheme base) (cyc a))
(a)
