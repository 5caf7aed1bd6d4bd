; EXPECT-STATUS: 1
; EXPECT-STDERR: ffi-unknown-type.scm:5:37: error: foreign-procedure: unknown type 'integer' (the types: void int
; EXPECT-STDERR: ffi-unknown-type.scm:6:30: error: foreign-procedure: "not a name" is not a C identifier
; EXPECT-STDERR: ffi-unknown-type.scm:7:41: error: foreign-procedure: void is a result type only
(define f (foreign-procedure "abs" (integer) int))
(define g (foreign-procedure "not a name" () int))
(define h (foreign-procedure "abs" (int void) int))
