; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.2-bad-import-set.scm:8:9: error: malformed import set: (prefix (scheme base))
; EXPECT-STDERR: 5.2-bad-import-set.scm:9:9: error: malformed library name (scheme "base")
; EXPECT-STDERR: 5.2-bad-import-set.scm:10:31: error: malformed rename in an import set (expected (name new-name)): (car)
; Import sets (R7RS 5.2): prefix takes a set and an identifier, a library name is identifiers
; and exact integers, rename takes pairs of identifiers.
(import (scheme write)
        (prefix (scheme base))
        (scheme "base")
        (rename (scheme base) (car))
        (only (scheme base) car))
(display (car '(1)))
