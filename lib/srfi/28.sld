;; (srfi 28): basic format strings. (format fmt obj ...) returns fmt with ~a replaced by the
;; next object as display writes it, ~s as write writes it, ~% by a newline and ~~ by a tilde.
;; Written here after the SRFI's reference implementation (Scott G. Miller); any other
;; directive, a missing or extra object, or a tilde at the end is an error naming format.
(define-library (srfi 28)
  (export format)
  (import (scheme base) (scheme write) (only (regal internal) %type-error))
  (begin
    (define (format fmt . objects)
      (if (not (string? fmt)) (%type-error 'format "a format string" fmt))
      (let ((out (open-output-string)) (n (string-length fmt)))
        (let loop ((i 0) (objects objects))
          (cond
            ((>= i n)
             (if (pair? objects)
                 (error "format: more objects than directives in" fmt objects))
             (get-output-string out))
            ((char=? (string-ref fmt i) #\~)
             (if (= (+ i 1) n) (error "format: a tilde at the end of" fmt))
             (let ((c (string-ref fmt (+ i 1))))
               (case c
                 ((#\a #\A #\s #\S)
                  (if (null? objects) (error "format: too few objects for" fmt))
                  (if (memv c '(#\a #\A)) (display (car objects) out) (write (car objects) out))
                  (loop (+ i 2) (cdr objects)))
                 ((#\%) (newline out) (loop (+ i 2) objects))
                 ((#\~) (write-char #\~ out) (loop (+ i 2) objects))
                 (else (error "format: unknown directive (SRFI 28 has ~a ~s ~% ~~)"
                              (string #\~ c))))))
            (else (write-char (string-ref fmt i) out) (loop (+ i 1) objects))))))))
