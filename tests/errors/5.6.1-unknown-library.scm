; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.6.1-unknown-library.scm:7:32: error: unknown library (foo bar): not found in tests/errors/libs, tests/errors,
; EXPECT-STDERR: (for foo/bar.sld)
; COMPILE-FLAGS: -I tests/errors/libs
; Importing a library regal neither provides nor finds is a compile error at the library name
; (R7RS 5.6.1), with the directories searched: -I, the program's, the installed libraries'.
(import (scheme base) (srfi 1) (foo bar))
(display "never")
