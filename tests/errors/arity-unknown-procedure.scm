; EXPECT-STATUS: 70
; EXPECT-STDERR: wrong number of arguments
; EXPECT-STDERR: got 2
; A procedure reached through a data structure called with the wrong number of arguments.
(define (f x) x)
(define table (list f))
(display ((car table) 1 2))
