; EXPECT-STATUS: 70
; EXPECT-STDERR: vector-fold: expected a procedure, got 5
; A procedure of an installed library (lib/srfi/133.sld) given a wrong type raises the error a
; primitive would (through (regal internal)'s %type-error), never a crash.
(import (scheme base) (srfi 133))
(vector-fold 5 0 (vector 1 2))
