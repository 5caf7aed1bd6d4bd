; EXPECT-STATUS: 70
; EXPECT-STDOUT: (#<values 1 2>)
; EXPECT-STDERR: 6.10-values-in-single-value-context.scm:11:10: +: expected a number, got #<values 2 3>
; Several values given to a continuation that takes one (R7RS 6.10: unspecified; Chez raises
; an error). Regal passes them on as one multiple-values object, which the printer shows as
; #<values ...>, never as the values side by side: (list (values 1 2)) printed (1 2), which
; reads as a list of two elements. An arithmetic operation on it raises, showing it the
; same way.
(display (list (values 1 2)))
(newline)
(display (+ 1 (values 2 3)))
(newline)
