; Interning from several threads (runtime/object.c): before a second thread starts, rt_intern
; takes no lock; once one has, every lookup and insertion is under the symbols' lock, so threads
; that make the same new names at once get one symbol per name (eq?) and the table stays whole.
(import (scheme base) (scheme write) (srfi 18))

(define (names tag n)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc)
        (loop (+ i 1) (cons (string->symbol (string-append tag (number->string (modulo (* i 7) n)))) acc)))))

(define before (string->symbol "made-before-any-thread"))
(define workers
  (map (lambda (k) (make-thread (lambda () (names "shared-" 3000))))
       '(1 2 3 4)))
(for-each thread-start! workers)
(define results (map thread-join! workers))
(define mine (names "shared-" 3000))
(display (length results)) (newline)
(display (let all ((rs results))
           (cond ((null? rs) #t)
                 ((and (= (length (car rs)) 3000)
                       (let same ((a (car rs)) (b mine))
                         (or (null? a) (and (eq? (car a) (car b)) (same (cdr a) (cdr b))))))
                  (all (cdr rs)))
                 (else #f))))
(newline)
(display (eq? before (string->symbol "made-before-any-thread"))) (newline)
(display (symbol->string (list-ref mine 10))) (newline)
