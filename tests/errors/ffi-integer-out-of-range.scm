; EXPECT-STATUS: 70
; EXPECT-STDERR: abs: expected an exact integer from -2147483648 to 2147483647 (int) as argument 1, got 2147483648
; An integer argument must fit its C type: int is 32 bits.
(define c-abs (foreign-procedure "abs" (int) int))
(display (c-abs -2147483648)) (newline)
(display (c-abs 2147483648))
