; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.6.1-library-private-name.scm:8:10: error: unbound variable 'secret'
; COMPILE-FLAGS: -I tests/errors/libs
; A library's definitions are private unless exported (R7RS 5.6.1): the program cannot
; reach `secret` of (bad one).
(import (scheme base) (scheme write) (bad one))
(display value)
(display secret)
