; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.2-import-unexported-name.scm:7:33: error: 'display' is not exported by (scheme base)
; EXPECT-STDERR: 5.2-import-unexported-name.scm:8:38: error: 'secret' is not exported by (bad one)
; COMPILE-FLAGS: -I tests/errors/libs
; only, except and rename name exported identifiers (R7RS 5.2): display is (scheme write)'s,
; and a library's private definitions are not exported.
(import (only (scheme base) car display)
        (rename (bad one) (value v) (secret s)))
(car '(1))
