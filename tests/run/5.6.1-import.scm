; import (R7RS 5.2, 5.6.1): the standard libraries regal provides and the supported SRFIs are
; built in; only and except select from them (tests/run/5.6-libraries.scm has the rest).
; Expected output: Chez Scheme (without the import form: Chez 9.5 has no R7RS libraries).
(import (scheme base) (scheme case-lambda) (scheme char) (scheme cxr)
        (scheme file) (scheme inexact) (scheme lazy)
        (scheme process-context) (scheme read) (scheme time) (scheme write)
        (scheme r5rs) (srfi 1) (srfi 8) (srfi 69) (only (scheme base) car) (except (srfi 1) fold))
(write (list 'imported (car '(1 2)))) (newline)
