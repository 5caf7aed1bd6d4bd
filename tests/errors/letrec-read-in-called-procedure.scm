; EXPECT-STATUS: 70
; EXPECT-STDERR: tests/errors/letrec-read-in-called-procedure.scm:6:45: b: variable used before its definition
; A letrec variable read in a procedure of the same letrec that an earlier init calls: the
; procedure runs before b's init has been assigned (R7RS 4.2.2 "it is an error"; it read
; #<undefined> on).
(display (letrec ((a (lambda () (list 'b-is b))) (b (a))) (list b)))
