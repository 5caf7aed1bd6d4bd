; EXPECT-STATUS: 70
; EXPECT-STDERR: 2.1-hostile-name-used-before-definition.scm:8:24: x", "y"); system("echo INJECTED"); if (0) rt_error_msg(L1, "z: variable used before its definition
; EXPECT-STDOUT: before
; A global read before its definition, whose name would inject C if pasted unescaped into the
; generated check (issue 21): the program must report the name, not run the shell command.
(display "before")
(newline)
(define (use) (display |x", "y"); system("echo INJECTED"); if (0) rt_error_msg(L1, "z|))
(use)
(define |x", "y"); system("echo INJECTED"); if (0) rt_error_msg(L1, "z| 1)
