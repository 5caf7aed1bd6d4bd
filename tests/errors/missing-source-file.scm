; EXPECT-STATUS: 1
; COMPILE-PATH: no-such-file.scm
; EXPECT-STDERR: no-such-file.scm
; regal given a file that does not exist: status 1, and the message names the file.
; (The harness compiles COMPILE-PATH, relative to this directory, instead of this file.)
