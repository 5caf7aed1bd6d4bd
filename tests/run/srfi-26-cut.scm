; SRFI 26 cut and cute from lib/srfi/26.sld (the SRFI's reference syntax-rules): slots <>,
; the rest slot <...>, a slot in operator position, no slots, and cute's evaluation of the
; non-slot expressions once. Examples from the SRFI's text; expected output from Chez Scheme
; 9.5 running the same program after the library's definitions:
; tests/srfi/chez.sh tests/run/srfi-26-cut.scm lib/srfi/26.sld
(import (scheme base) (scheme write) (srfi 26))
(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))
(show ((cut cons (+ 1 2) <>) 4) ((cut list 1 <> 3 <> 5) 'a 'b) ((cut list) ) ((cut list 1 <> 3 <...>) 2 4 5 6))
(show ((cut <> 1 2) +) ((cut <> <> 5) - 3) ((cut list <...>) 1 2 3) ((cut list <...>)))
(show (map (cut * 2 <>) '(1 2 3)) (map (cut vector 'x <> <>) '(1 2) '(a b)))
(define n 0)
(define (next!) (set! n (+ n 1)) n)
(define f (cut list (next!) <>))
(define g (cute list (next!) <>))
(let* ((fa (f 'a)) (fb (f 'b)) (gc (g 'c)) (gd (g 'd))) (show fa fb gc gd n))
(let* ((h (cute cons (next!) <>)) (hp (h 'p)) (hq (h 'q))) (show ((cute + 1 <...>) 2 3) ((cute <> 'x) symbol?) hp hq n))
(define-values (a b) (values (cut - <> 1) (cute - 10 <>)))
(show (a 5) (b 3))
