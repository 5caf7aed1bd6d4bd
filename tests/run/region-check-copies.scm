;; --check-regions and the mutators that copy characters or bytes, not references:
;; string-copy!, string-fill!, bytevector-copy! of a fresh local string or bytevector into a
;; global one store no pointer, and region inference rightly leaves the fresh one in its
;; frame's region. The check took the source for a stored object (a false "store makes an
;; object point into a younger region") before it skipped strings and bytevectors. Output
;; checked by hand (Chez 9.5 has R6RS's five-argument string-copy!).
(import (scheme base) (scheme write))
(define (churn n) (if (> n 0) (begin (make-vector 16 n) (string-append "ab" "cd") (churn (- n 1)))))
(define gs (make-string 4 #\-))
(define gb (make-bytevector 4 0))
(define (c6 dst) (string-copy! dst 0 (string-append "Q" "R")) dst)
(define (c7 dst) (bytevector-copy! dst 1 (bytevector 7 8 9)) 0)
(define (c8 dst) (string-fill! dst (string-ref (string-append "x" "y") 1) 3 4) dst)
(c6 gs)
(c7 gb)
(c8 gs)
(churn 20000)
(display gs) (newline)
(write gb) (newline)
