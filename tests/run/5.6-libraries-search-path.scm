; COMPILE-FLAGS: -I tests/run/libdirs/first -I tests/run/libdirs/second
; Where libraries are found (R7RS 5.6.1 leaves it to the implementation; regal as Chibi and
; Gauche): (a b) is a/b.sld in each -I directory in order (the first -I has (sp which), so the
; second's is never read), then the importing file's directory ((sp deep) in the second -I
; imports (helper-here) beside it), the program's, the installed libraries'. A define-library
; in the program's own file is a library too, imported like the others (its body runs when it
; is imported, once). Expected output written by hand (Chez 9.5 does not read .sld files).
(define-library (inline counter)
  (export tick! ticks)
  (import (scheme base) (scheme write))
  (begin
    (define ticks 0)
    (define (tick!) (set! ticks (+ ticks 1)) ticks)
    (display "inline body") (newline)))

(import (scheme base) (scheme write) (sp which) (sp deep) (inline counter)
        (only (inline counter) tick!))

(write which) (newline)
(write (deep)) (newline)
(tick!)
(tick!)
(write ticks) (newline)
