; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.2-unimported-name-used.scm:8:11: error: unbound variable 'cdr' (it is exported by (scheme base), not imported here)
; EXPECT-STDERR: 5.2-unimported-name-used.scm:9:2: error: unbound variable 'when' (it is exported by (scheme base), not imported here)
; EXPECT-STDERR: 5.2-unimported-name-used.scm:10:11: error: unbound variable 'fold' (it is exported by (srfi 1), not imported here)
; A program that imports sees only what it imports (R7RS 5.1): (only (scheme base) car) gives
; car and nothing else, and the message says where a missing standard name comes from.
(import (only (scheme base) car) (scheme write))
(display (cdr '(1 2)))
(when #t (display (car '(1 2))))
(display (fold + 0 '(1 2)))
