; case compares with eqv? (R7RS 4.2.1): numbers of either exactness, characters, symbols,
; booleans, the empty list, big integers.
(define (classify x)
  (case x
    ((1) 'exact-one)
    ((2.5) 'two-and-a-half)
    ((#\a) 'char-a)
    ((#t) 'true)
    ((#f) 'false)
    ((()) 'empty)
    ((100000000000000000000) 'big)
    ((sym other) 'symbol)
    (else 'none)))
(write (map classify (list 1 1.0 2.5 #\a #\b #t #f '() (* 10000000000 10000000000) 'other "sym")))
(newline)
