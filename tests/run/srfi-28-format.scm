; SRFI 28 format from lib/srfi/28.sld: ~a (display), ~s (write), ~% and ~~, upper-case
; directives, objects of every kind, and the errors (too few or too many objects, a format
; that is not a string, an unknown directive), which guard catches. Expected output from Chez
; Scheme 9.5's own format (a superset of SRFI 28) on the same program:
; tests/srfi/chez.sh tests/run/srfi-28-format.scm
(import (scheme base) (scheme write) (srfi 28))
(define-syntax fails
  (syntax-rules () ((_ e) (guard (c (#t 'error)) e 'no-error))))
(write (format "Hello, ~a" "World!")) (newline)
(write (format "Error, list is too short: ~s~%" '(one "two" 3))) (newline)
(display (format "~a ~s ~A ~S~~~%" "str" "str" #\c #\c))
(display (format "~a|~s|~a|~s|~a~%" 1/3 'sym '(1 "a" #\b 2.5) (vector 1 "x") #t))
(display (format "no directives~%"))
(write (format "")) (newline)
(write (list (fails (format "~a ~a" 1)) (fails (format "~a" 1 2)) (fails (format 'x))))
(newline)
