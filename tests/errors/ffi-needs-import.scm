; EXPECT-STATUS: 1
; EXPECT-STDERR: unbound variable 'foreign-procedure' (it is exported by (regal ffi), not imported here)
; A program that imports sees foreign-procedure only from (regal ffi), as every built-in name
; of a library it does not import.
(import (scheme base))
(define f (foreign-procedure "abs" (int) int))
