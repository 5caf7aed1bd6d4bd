; Typed copies of procedures and flonum entries (compiler/version.c, infer.c's
; Lambda.flo_entry): fibfp's procedure, whose argument comes from `read`, checks at its entry
; that it is a flonum and then calls a copy whose parameter and result are C doubles. With a
; fixnum, a bignum or a ratnum the check fails and the original runs, with generic arithmetic
; (exact results, overflow into bignums). R7RS 6.2.6.
(define in (open-input-string "20. 20 10/3 -0.0 +nan.0 +inf.0 12345678901234567890 2.5 7"))
(define (next) (read in))
(define flo (next)) (define fix (next)) (define rat (next)) (define negz (next))
(define nan (next)) (define inf (next)) (define big (next)) (define half (next))
(define seven (next))

(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))

(define (fibfp n)
  (if (< n 2.)
      n
      (+ (fibfp (- n 1.)) (fibfp (- n 2.)))))
(show (fibfp flo) (fibfp fix) (fibfp rat) (fibfp negz) (fibfp half) (fibfp seven))

; several parameters, one of them not a number, a result that is not a flonum
(define (poly x y tag)
  (if (> x 100.)
      (list tag x y)
      (poly (* x 2.) (+ y x) tag)))
(show (poly flo 0. 'a) (poly fix 1/2 'b) (poly rat 0 'c) (poly inf 1. 'e))

; a flonum result from flonum arguments, called with exact ones too
(define (hyp a b) (sqrt (+ (* a a) (* b b) 0.)))
(show (hyp 3. 4.) (hyp flo half) (hyp 3 4) (hyp big 0) (hyp negz negz) (hyp nan 1.))

; the sign of -0.0 and the result of a multiplication that overflows to infinity
(define (scale x k)
  (if (= k 0) x (scale (* x -1e200) (- k 1))))
(show (scale negz 3) (scale flo 2) (scale fix 2) (scale big 1) (scale rat 1))

; a procedure passed as a value: its direct entry converts its flonum argument
(define (twice f x) (f (f x)))
(define (halve x) (/ x 2.))
(show (twice halve flo) (twice halve 8.) (map halve (list 1. 2. 3.)))
