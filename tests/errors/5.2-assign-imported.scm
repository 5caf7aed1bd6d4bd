; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.2-assign-imported.scm:7:7: error: cannot assign to 'value': it is imported from (bad one)
; COMPILE-FLAGS: -I tests/errors/libs
; Imported bindings cannot be assigned (R7RS 5.2 says the importer may not modify them); the
; library changes its own variables.
(import (scheme base) (bad one))
(set! value 3)
