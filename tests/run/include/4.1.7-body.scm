(define local-a 1)
(define local-b 2)
