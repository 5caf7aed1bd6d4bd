;; sieve.scm: the sieve of Eratosthenes on a vector of booleans. Prints the primes below 100,
;; the number of primes below 10^k for k = 1..6, and the largest prime below 1,000,000.

(define (make-sieve n)
  ;; Element i is #t when i is prime, for 0 <= i < n.
  (let ((v (make-vector n #t)))
    (vector-set! v 0 #f)
    (if (> n 1) (vector-set! v 1 #f))
    (let loop ((i 2))
      (when (< (* i i) n)
        (when (vector-ref v i)
          (do ((j (* i i) (+ j i))) ((>= j n))
            (vector-set! v j #f)))
        (loop (+ i 1))))
    v))

(define (primes-below sieve limit)
  (let loop ((i (- limit 1)) (acc '()))
    (cond ((< i 0) acc)
          ((vector-ref sieve i) (loop (- i 1) (cons i acc)))
          (else (loop (- i 1) acc)))))

(define (count-below sieve limit)
  (do ((i 0 (+ i 1))
       (count 0 (if (vector-ref sieve i) (+ count 1) count)))
      ((= i limit) count)))

(define sieve (make-sieve 1000000))

(display "primes below 100: ")
(display (primes-below sieve 100))
(newline)
(let loop ((limit 10) (k 1))
  (when (<= limit 1000000)
    (display "pi(10^")
    (display k)
    (display ") = ")
    (display (count-below sieve limit))
    (newline)
    (loop (* limit 10) (+ k 1))))
(display "largest prime below 1000000: ")
(display (let loop ((i 999999)) (if (vector-ref sieve i) i (loop (- i 1)))))
(newline)
