; EXPECT-STATUS: 70
; EXPECT-STDERR: primitive-as-value-arity-location.scm:6:19: car: wrong number of arguments: expected 1, got 2
; A primitive called as a value with the wrong number of arguments names the call (the outer
; one here: the inner call of car is right). Before, the message named no place.
(define (pick) (if (> (length (command-line)) 100) cdr car))
(define (twice h) (h (h '(1 2)) 3))
(display (twice (pick)))
