; import (R7RS 5.2, 5.6.1): the standard libraries and the supported SRFIs are built in, so a
; program's import declarations are accepted as they are, only and except included.
; Expected output: Chez Scheme (without the import form: Chez 9.5 has no R7RS libraries).
(import (scheme base) (scheme case-lambda) (scheme char) (scheme complex) (scheme cxr)
        (scheme eval) (scheme file) (scheme inexact) (scheme lazy) (scheme load)
        (scheme process-context) (scheme read) (scheme repl) (scheme time) (scheme write)
        (scheme r5rs) (srfi 1) (srfi 8) (srfi 69) (only (scheme base) car) (except (srfi 1) fold))
(write (list 'imported (car '(1 2)))) (newline)
