; part of the body of (libtest util), through include
(define included-part 'included)
