;; loop-objects: a named-let loop of N iterations whose temporaries are not pairs: a vector, a
;; bytevector, two strings (number->string, string-append) and a closure capturing the loop
;; variable and the vector, stored into the vector and called from there. The loop carries only
;; numbers. Issue 7: every kind of object dies with its iteration, so peak memory must not grow
;; with N (tests/memory.sh: peak at N = 1,000,000 within 1.2x of the peak at N = 100,000).
;; Usage: loop-objects N (default 1000). Prints N and the checksum.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (run n)
  (let loop ((i 0) (acc 0))
    (if (= i n)
        acc
        (let* ((v (make-vector 6 i))
               (b (make-bytevector 24 (remainder i 256)))
               (s (number->string i))
               (t (string-append s ":" s))
               (f (lambda (x) (+ x i (vector-length v)))))
          (vector-set! v 0 f)
          (vector-set! v 1 (string-length t))
          (loop (+ i 1)
                (+ acc ((vector-ref v 0) (vector-ref v 1)) (bytevector-u8-ref b 7)
                   (char->integer (string-ref t (quotient (string-length t) 2)))))))))

(display n) (display " ") (display (run n)) (newline)
; OUTPUT 100000: 100000 5020170100
; OUTPUT 1000000: 1000000 500203771636
