; A task's result is copied out of the task's region (runtime/task.c, evacuate.c); a hash table
; the task made there goes with it, its entries made again in the collected heap and hashed
; again: an equal? table hashes a record by its address, so the record keys that came out with
; the table (copies, at new addresses) still find their values, and the table can grow and
; change afterwards. Before 2026-11-28 returning such a table was an error of the task ("a
; task's result cannot hold a hash-table the task made"). Expected output written by hand:
; Chez Scheme has no tasks.
(import (scheme base) (scheme write) (regal extras) (srfi 69))

(define-record-type key (make-key n) key? (n key-n))

(define r
  (touch (spawn (lambda ()
                  (let ((h (make-hash-table)))
                    (let loop ((i 0) (keys '()))
                      (if (= i 100)
                          (begin (hash-table-set! h (string-append "na" "me") "squares")
                                 (cons h keys))
                          (let ((k (make-key i)))
                            (hash-table-set! h k (* i i))
                            (hash-table-set! h (list i) i)
                            (loop (+ i 1) (cons k keys))))))))))

(define h (car r))
(define keys (cdr r))
(write (hash-table-size h)) (newline)
(write (let loop ((ks keys) (sum 0))
         (if (null? ks) sum (loop (cdr ks) (+ sum (hash-table-ref/default h (car ks) 0))))))
(newline)
(write (list (hash-table-ref/default h "name" #f) (hash-table-ref/default h (list 7) #f)
             (hash-table-ref/default h (make-key 5) 'another-record)))
(newline)
(do ((i 0 (+ i 1))) ((= i 1000)) (hash-table-set! h (list 'more i) i))
(hash-table-set! h (car keys) 'changed)
(write (list (hash-table-size h) (hash-table-ref/default h (car keys) #f) (key-n (car keys))))
(newline)
