; EXPECT-STATUS: 70
; EXPECT-STDERR: tests/errors/letrec-read-before-init.scm:8:21: b: variable used before its definition
; An internal define's variable read by an earlier define's init, before its own init has run
; (R7RS 4.2.2: an error; it read #<undefined> on). compiler/analyze.c marks the reads that can
; run that early; emit.c checks them. tests/run/letrec-reads.scm has the reads that cannot, which
; stay unchecked.
(define (f)
  (define a (list 1 b))
  (define b 2)
  a)
(display (f))
