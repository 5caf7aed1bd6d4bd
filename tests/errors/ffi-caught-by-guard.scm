; EXPECT-STATUS: 0
; EXPECT-STDOUT: caught: toupper: expected a character from U+0000 to U+00FF (char) as argument 1, got #\λ
; EXPECT-STDOUT: caught: strlen: expected a string or #f (string) as argument 1, got sym
; EXPECT-STDOUT: caught: strlen: a string passed to C cannot hold the character U+0000
; EXPECT-STDOUT: caught: labs: expected an exact integer from -2^63 to 2^63-1 (long) as argument 1, got 9223372036854775808
; EXPECT-STDOUT: caught: free: expected an address (an exact integer from 0 to 2^64-1) (void*) as argument 1, got -1
; EXPECT-STDOUT: caught: wrong number of arguments: expected 1, got 2 (the procedure at tests/errors/ffi-caught-by-guard.scm:17:16)
; A foreign procedure's conversion errors are ordinary errors: guard catches them.
(define (try thunk)
  (display (guard (e ((error-object? e) (string-append "caught: " (error-object-message e)))) (thunk)))
  (newline))
(try (lambda () ((foreign-procedure "toupper" (char) char) #\λ)))
(try (lambda () ((foreign-procedure "strlen" (string) size_t) 'sym)))
(try (lambda () ((foreign-procedure "strlen" (string) size_t) (string #\a (integer->char 0)))))
(try (lambda () ((foreign-procedure "labs" (long) long) (expt 2 63))))
(try (lambda () ((foreign-procedure "free" (void*) void) -1)))
(define c-sqrt (foreign-procedure "sqrt" (double) double))
(try (lambda () (apply c-sqrt '(1.0 2.0))))
