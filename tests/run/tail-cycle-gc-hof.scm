;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): the runtime's higher-order primitives called in the rounds of a
;; cycle with procedures that allocate: sort and list-sort with a comparison that makes strings,
;; vector-map, vector-for-each and string-for-each whose procedures cons, map with several
;; lists, fold-right and fold-left building lists, assoc and member with custom predicates.
;; While a primitive runs, its partial results are reachable only from the primitive's own C
;; frame; the results are passed to the next round, and every 250th round's kept to the end.
(define (key-of x) (string-append (number->string (modulo (* x 7919) 1009)) ":" (number->string x)))

(define (hof-a i prev kept acc)
  (if (= i 0)
      (list kept acc)
      (let* ((nums (map (lambda (k) (modulo (* (+ i k) 7919) 1009)) '(0 1 2 3 4 5 6 7 8 9 10 11)))
             (sorted (sort nums (lambda (a b) (string<? (key-of a) (key-of b)))))
             (sorted2 (list-sort (lambda (a b) (< (car a) (car b)))
                                 (map (lambda (x y) (list x (number->string y))) nums sorted)))
             ;; the objects sorted are the round's own: while the comparison allocates, they
             ;; are referenced only from sort's scratch arrays
             (psorted (sort (map (lambda (x) (cons x (number->string x))) nums)
                            (lambda (a b) (string<? (string-append (cdr a) ":") (string-append (cdr b) ":")))))
             (vsorted (vector-sort (lambda (a b)
                                     (let ((ka (string-append (cdr a) "-")) (kb (string-append (cdr b) "-")))
                                       (or (< (string-length ka) (string-length kb))
                                           (and (= (string-length ka) (string-length kb)) (< (car a) (car b))))))
                                   (list->vector psorted)))
             (vec (vector-map (lambda (x) (cons x (make-string 2 #\v))) (list->vector sorted)))
             (collected '()))
        (vector-for-each (lambda (p) (set! collected (cons (list (car p) (cdr p)) collected))) vec)
        (hof-b i prev kept acc sorted sorted2 vec collected psorted vsorted))))

(define (hof-b i prev kept acc sorted sorted2 vec collected psorted vsorted)
  (let* ((chars '())
         (_ (string-for-each (lambda (c) (set! chars (cons (string c c) chars))) (key-of i)))
         (folded (fold-right (lambda (x acc) (cons (* x 2) acc)) '() sorted))
         (summed (fold-left (lambda (acc x) (cons (+ x (if (null? acc) 0 (car acc))) acc)) '() sorted))
         (found (assoc (number->string (car (car sorted2))) (map (lambda (p) (cons (cadr p) (car p))) sorted2)
                       (lambda (a b) (string=? a b))))
         (near (member (+ 1 (car sorted)) sorted (lambda (a b) (= (+ a 1) (+ b 1)))))
         (round-result (list (car sorted) (length chars) (car folded) (car summed)
                             (if found (cdr found) 'none) (if near (length near) 0)
                             (cdr (vector-ref vec 0)) (car collected)
                             (cdr (car psorted)) (vector-ref vsorted 11))))
    (hof-a (- i 1) round-result
           (if (= 0 (modulo i 625)) (cons (list i round-result sorted2 prev) kept) kept)
           (+ acc (apply + folded) (car summed) (length chars) (caar collected)))))

;; Run from a procedure, so that the cycle's rounds share a region of its frame, which the
;; runtime collects (a cycle started at top level shares the program's region, which it does not).
(define (main)
  (define r (hof-a 20000 '() '() 0))
  (define kept (car r))
  (display (cadr r)) (newline)
  (display (length kept)) (newline)
  (for-each (lambda (k) (write k) (newline)) (list-tail kept (- (length kept) 2)))
  (display (apply + (map (lambda (k) (apply + (map car (caddr k)))) kept))) (newline)
  (display (apply string-append (map (lambda (k) (cadr (car (caddr k)))) kept))) (newline))
(main)
