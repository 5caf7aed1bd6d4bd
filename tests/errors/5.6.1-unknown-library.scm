; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.6.1-unknown-library.scm:4:32: error: unknown library (foo bar)
; Importing a library regal does not provide is a compile error at the library name (R7RS 5.6.1).
(import (scheme base) (srfi 1) (foo bar))
(display "never")
