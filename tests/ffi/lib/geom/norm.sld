;; A library that reaches C through (regal ffi): libm's hypot, and dot3 from vec.c.
(define-library (geom norm)
  (export norm2 dot)
  (import (scheme base) (regal ffi))
  (begin
    (define norm2 (foreign-procedure "hypot" (double double) double))
    (define dot (foreign-procedure "dot3" (double double double double double double) double))))
