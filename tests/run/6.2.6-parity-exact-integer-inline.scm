;; R7RS 6.2.6: exact-integer?, odd? and even? compiled inline (a fixnum tag test and low bit;
;; bignums, flonums and errors in the runtime) on fixnums, bignums, integral and other flonums,
;; a ratio and non-numbers. Output checked against Chez Scheme (scheme --script, given
;; (define (exact-integer? x) (and (integer? x) (exact? x))), which Chez 9.5 lacks).
(define (classify x)
  (list (exact-integer? x)
        (guard (e (#t 'error)) (odd? x))
        (guard (e (#t 'error)) (even? x))))
(for-each (lambda (x) (write (classify x)) (newline))
          (list 0 1 -1 2 -2 7 -7 (expt 2 59) (- (expt 2 59)) (- (expt 2 60)) (expt 2 61) (+ 1 (expt 2 70))
                (- 1 (expt 2 70)) 4.0 3.0 -5.0 1/2 1.5 'a "s" #\a))
(define (count-odd n) (let loop ((i 0) (c 0)) (if (= i n) c (loop (+ i 1) (if (odd? i) (+ c 1) c)))))
(write (count-odd 1001)) (newline)
