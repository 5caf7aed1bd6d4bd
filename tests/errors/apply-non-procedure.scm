; EXPECT-STATUS: 70
; EXPECT-STDERR: apply-non-procedure.scm:5:1:
; EXPECT-STDERR: expected a procedure, got 5
; Applying a value that is not a procedure (R7RS 4.1.3).
((car (list 5)) 1)
