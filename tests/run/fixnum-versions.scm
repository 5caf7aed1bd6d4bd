;; Fixnum copies (compiler/version.c): a top-level procedure that calls itself, whose parameters
;; may be fixnums but are not known to be (read at run time here), runs a copy without type
;; tests once its entry has checked that they are fixnums, and each of the copy's calls checks
;; the arguments it computes. What every path must still do: fixnums (the copy), flonums,
;; bignums and exact rationals (the original body), arguments that become bignums in the
;; middle of a recursion (the copy's call sends them back to the original), and errors named
;; as before. tests/codegen/fixnum-versions.scm checks that the copies are made. Outputs from
;; Chez Scheme.
(import (scheme base) (scheme read) (scheme write))

(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))
;; a sum that crosses the largest fixnum on its way down
(define (sum-down n k) (if (= k 0) n (+ 1 (sum-down (+ n 1) (- k 1)))))
(define (count-up n k) (if (< k 1) n (count-up (+ n 1) (- k 1))))
(define (gcd* a b) (if (= b 0) a (gcd* b (remainder a b))))

(define input (open-input-string "20 2 3 1152921504606846970 12 25.0 1/2 462 1071"))
(define n (read input))
(define m (read input))
(define k (read input))
(define big (read input))
(define steps (read input))
(define x (read input))
(define half (read input))
(define g1 (read input))
(define g2 (read input))

(write (list (fib n) (fib x) (fib half))) (newline)
(write (list (ack m k) (ack 2 (+ k 0.0)))) (newline)
(write (list (sum-down big steps) (count-up big steps) (count-up (* big 4) steps) (count-up x steps)))
(newline)
(write (list (gcd* g1 g2) (gcd* (* g1 big) (* g2 big)) (gcd* 7.0 21))) (newline)
(write (guard (e (#t (quote caught))) (fib "20"))) (newline)
