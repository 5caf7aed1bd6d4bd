; EXPECT-STATUS: 70
; EXPECT-STDERR: point-x
; An accessor applied to an object of another type is an error naming the accessor (R7RS 5.5).
(define-record-type point (make-point x y) point? (x point-x) (y point-y))
(define-record-type other (make-other x) other? (x other-x))
(display "before") (newline)
(point-x (make-other 1))
