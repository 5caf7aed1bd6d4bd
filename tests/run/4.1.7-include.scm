; include (R7RS 4.1.7): the forms of the named files, read relative to the including file, at
; the top level, in a body, and nested.
; Expected output written by hand: Chez 9.5 reads nested includes relative to the current
; directory, regal (as R7RS 4.1.7 suggests) relative to the including file.
(import (scheme base) (scheme write))
(include "include/4.1.7-defs.scm")
(write (square 12)) (newline)
(define n 1)
(inc! n)
(write n) (newline)
(write included-from-sub) (newline)
(define (f)
  (include "include/4.1.7-body.scm")
  (+ local-a local-b))
(write (f)) (newline)
