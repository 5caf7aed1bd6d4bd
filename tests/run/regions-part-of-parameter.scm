;; Region inference: an element of a list parameter is a part of that parameter, whatever its
;; type. search conses each var, the car of try's list parameter lst, onto partial, and search
;; keeps partial (ok? stores it in a global); so the pair goes to the collected heap, and with
;; it the lists the domains return, which hold the vars. Inference used to drop lst's token from
;; (car lst) because a list is no vector, leaving the vars in the region of search's caller:
;; a heap pair pointed into a region (R4; --check-regions stopped the program), and `last`
;; into freed memory once that region was left. (ecraven nucleic's search, reduced.)
;; Output from Chez Scheme.
(define (search partial domains ok?)
  (if (null? domains)
      (list partial)
      (let ((rest (cdr domains)))
        (define (try lst)
          (if (null? lst)
              '()
              (let ((var (car lst)))
                (if (ok? var partial)
                    (let* ((s1 (search (cons var partial) rest ok?))
                           (s2 (try (cdr lst))))
                      (append s1 s2))
                    (try (cdr lst))))))
        (try ((car domains) partial)))))
(define (mk i) (lambda (p) (list (vector i (length p) (make-string 3 #\x)) (vector (+ i 10) (length p) "y"))))
(define last #f)
(define (ok? v p) (set! last p) (case (vector-ref v 0) ((1) (pair? p)) (else #t)))
(define doms (list (mk 0) (mk 1) (mk 2)))
(define (run input) (search input doms ok?))
(define (go) (length (run '())))
(display (go))
(newline)
;; the frames and regions of go are gone: reuse their memory, then read what last holds
(define (churn n acc) (if (= n 0) (length acc) (churn (- n 1) (cons (make-vector 3 n) acc))))
(display (churn 10000 '()))
(newline)
(write last)
(newline)
