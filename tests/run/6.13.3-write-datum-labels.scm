; R7RS 6.13.3 and 2.4: display and write label the parts of cycles, so printing a circular
; structure terminates; write-shared labels everything reached twice; write-simple labels
; nothing. Chez Scheme 9.5 agrees on write (it warns first) but its display of a circular list
; never returns, and it lacks write-shared and write-simple (its print-graph is write-shared,
; labelling shared strings as well, which R7RS does not ask for).
(define (circular . items) (let ((l (list-copy items))) (set-cdr! (list-tail l (- (length l) 1)) l) l))
(define x (circular 1 2 3))
(write x) (newline)
(display x) (newline)
(display (list "a" (circular "b" #\c))) (newline)
(define v (vector 'a 'b))
(vector-set! v 1 v)
(write (list v v)) (newline)
(define y (list 1 2))
(write (list y y)) (newline)
(write-shared (list y y (vector y))) (newline)
(write-simple (list y y)) (newline)
; a cycle through a car and a cdr at once, and two cycles
(define z (list 'head 'mid 'tail))
(set-car! (cdr z) z)
(set-cdr! (cddr z) (cdr z))
(write z) (newline)
(write (list (circular 'p) (circular 'q))) (newline)
; records and boxes in a cycle
(define-record-type node (make-node next) node? (next node-next set-node-next!))
(define n (make-node #f))
(set-node-next! n n)
(write n) (newline)
; a long cycle and a long list with a cycle at its end print in linear time
(define long (let loop ((i 0) (acc '())) (if (= i 100000) acc (loop (+ i 1) (cons i acc)))))
(set-cdr! (list-tail long 99999) (list-tail long 99990))
(define s (let ((p (open-output-string))) (write long p) (get-output-string p)))
(display (string-length s)) (newline)
(display (substring s (- (string-length s) 40) (string-length s))) (newline)
; error messages print cyclic irritants with labels too
(display (guard (e (#t (error-object-irritants e))) (error "cyclic" x))) (newline)
