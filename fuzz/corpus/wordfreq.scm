;; wordfreq.scm: word frequencies of a text. Splits the text into lower-case words, counts them
;; in an association list, sorts by decreasing count then alphabetically (a merge sort), and
;; prints the most frequent words with a bar, plus a few statistics.

(define text
  "It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of
incredulity, it was the season of Light, it was the season of Darkness, it was the
spring of hope, it was the winter of despair, we had everything before us, we had
nothing before us, we were all going direct to Heaven, we were all going direct
the other way.")

(define (split-words s)
  ;; The maximal runs of letters (and apostrophes) in s, lower-cased.
  (let loop ((chars (string->list s)) (word '()) (words '()))
    (define (flush) (if (null? word) words (cons (list->string (reverse word)) words)))
    (cond ((null? chars) (reverse (flush)))
          ((or (char-alphabetic? (car chars)) (char=? (car chars) #\'))
           (loop (cdr chars) (cons (char-downcase (car chars)) word) words))
          (else (loop (cdr chars) '() (flush))))))

(define (count-words words)
  (let loop ((words words) (counts '()))
    (if (null? words)
        counts
        (let ((entry (assoc (car words) counts)))
          (if entry
              (begin (set-cdr! entry (+ (cdr entry) 1)) (loop (cdr words) counts))
              (loop (cdr words) (cons (cons (car words) 1) counts)))))))

(define (merge-sort less? l)
  (define (merge a b)
    (cond ((null? a) b)
          ((null? b) a)
          ((less? (car b) (car a)) (cons (car b) (merge a (cdr b))))
          (else (cons (car a) (merge (cdr a) b)))))
  (define (halve l)
    (if (or (null? l) (null? (cdr l)))
        (list l '())
        (let ((rest (halve (cddr l))))
          (list (cons (car l) (car rest)) (cons (cadr l) (cadr rest))))))
  (if (or (null? l) (null? (cdr l)))
      l
      (let ((halves (halve l)))
        (merge (merge-sort less? (car halves)) (merge-sort less? (cadr halves))))))

(define (by-frequency a b)
  (or (> (cdr a) (cdr b))
      (and (= (cdr a) (cdr b)) (string<? (car a) (car b)))))

(define (pad s width)
  (if (>= (string-length s) width) s (pad (string-append s " ") width)))

(define (take l n) (if (or (= n 0) (null? l)) '() (cons (car l) (take (cdr l) (- n 1)))))

(define words (split-words text))
(define table (merge-sort by-frequency (count-words words)))

(display "words: ") (display (length words)) (newline)
(display "distinct words: ") (display (length table)) (newline)
(display "longest word: ")
(display (let loop ((ws words) (best ""))
           (cond ((null? ws) best)
                 ((> (string-length (car ws)) (string-length best)) (loop (cdr ws) (car ws)))
                 (else (loop (cdr ws) best)))))
(newline)
(newline)
(for-each (lambda (entry)
            (display (pad (car entry) 8))
            (display (pad (number->string (cdr entry)) 4))
            (display (make-string (cdr entry) #\*))
            (newline))
          (take table 10))
(newline)
(display "words seen once: ")
(display (map car (merge-sort (lambda (a b) (string<? (car a) (car b)))
                              (let loop ((t table) (acc '()))
                                (cond ((null? t) acc)
                                      ((= (cdr (car t)) 1) (loop (cdr t) (cons (car t) acc)))
                                      (else (loop (cdr t) acc)))))))
(newline)
