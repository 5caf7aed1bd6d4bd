; EXPECT-STATUS: 70
; EXPECT-STDERR: srfi-151-wrong-type.scm:5:1: bitwise-and: expected an exact integer, got 1.5
; The core bitwise operations (runtime/bitwise.c) check their arguments as every primitive does.
(import (scheme base) (srfi 151))
(bitwise-and 3 1.5)
