;; strings: build strings with string-append and number->string, intern them as symbols,
;; and turn symbols back into strings.
(define (name i) (string-append "sym-" (number->string (modulo i 5000)) "-x"))
(define (run n acc)
  (if (= n 0) acc
      (let* ((s (string->symbol (name n)))
             (t (symbol->string s))
             (u (string-append t t)))
        (run (- n 1) (+ acc (string-length u) (if (eq? s (string->symbol (name (+ n 5000)))) 1 0))))))
(define (build n)
  (let loop ((i 0) (parts '()))
    (if (= i n) (apply string-append parts)
        (loop (+ i 1) (cons (number->string i) parts)))))
(define (digits s)
  (let loop ((i 0) (c 0))
    (if (= i (string-length s)) c
        (loop (+ i 1) (if (char=? (string-ref s i) #\7) (+ c 1) c)))))
(display (run 1800000 0)) (newline)
(display (let loop ((k 0) (acc 0)) (if (= k 600) acc (loop (+ k 1) (+ acc (digits (build 1000)))))))
(newline)
