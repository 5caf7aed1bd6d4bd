; EXPECT-STATUS: 1
; EXPECT-STDERR: 5.5-record-bad-constructor-field.scm:4:41: error: constructor field 'z' is not a field of the record type
; Every constructor field must be a field of the type (R7RS 5.5).
(define-record-type point (make-point x z) point? (x point-x) (y point-y))
