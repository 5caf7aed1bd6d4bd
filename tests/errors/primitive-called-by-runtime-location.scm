; EXPECT-STATUS: 70
; EXPECT-STDERR: primitive-called-by-runtime-location.scm:7:1: car: expected a pair, got 5
; A primitive called by the runtime for a higher-order primitive (vector-for-each's rt_call)
; names that primitive's call: the location every call through call.c sets (rt_call_loc).
(define (pick) (if (> (length (command-line)) 100) cdr car))
(display "start") (newline)
(vector-for-each (pick) (vector '(1) 5))
