;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): a cycle whose tail calls pass many arguments (more than 6, so
;; that they go through the runtime's array of extra arguments), rest lists, apply of fresh
;; argument lists, and call-with-values with several values. The objects the rounds pass only
;; live in those argument arrays and rest lists between one procedure's entry and the next
;; tail call; some are kept for the whole run in a list carried in the 9th argument. (Where
;; apply passes them they are in the collected heap; the last cycle passes its 9 and 12
;; arguments directly, so that what it keeps is in the cycle's region.)
(define (v-a i a b c d e f g kept . more)
  ;; 8 fixed arguments and a rest list, called through apply with 11 or more
  (if (= i 0)
      (list a b c d e f g kept (length more))
      (call-with-values
       (lambda () (values (cons i a) (vector i b) (string-append c (string (integer->char (+ 97 (modulo i 26))))) (+ d (length more))))
       (lambda (a2 b2 c2 d2)
         (v-b i (car a2) (vector-ref b2 1)
              (if (> (string-length c2) 20) (substring c2 10 (string-length c2)) c2)
              d2 (list (+ e 1)) (car (list (modulo (+ f d) 1000) g)) g
              (if (= 0 (modulo i 300)) (cons (list i a2 b2 c2 more) kept) kept)
              (make-string 3 #\m) (list i i) (vector i) (- i))))))

(define (v-b i a b c d e f g kept x y z w)
  ;; 13 fixed arguments
  (let ((args (list (- i 1) (+ a (car y)) (+ b (vector-ref z 0)) c
                    (+ d (string-length x)) (car e) (* f 1) (+ g w (* 2 i)) kept
                    'p (list 'q i) (string #\r) (vector x y z) (cons w w))))
    (if (odd? i)
        (apply v-a args)
        (apply v-a (car args) (cadr args) (cddr args)))))

;; a variadic pair: each calls the other with a longer or shorter rest list
(define (grow n acc . xs)
  (if (= n 0) (list acc (length xs) (apply + xs))
      (if (< (length xs) 12)
          (apply shrink (- n 1) (+ acc (apply + xs)) (cons n xs))
          (shrink (- n 1) (+ acc (length xs)) (car xs) (cadr xs)))))
(define (shrink n acc . xs)
  (apply grow n (+ acc 1) (map (lambda (x) (+ x 1)) xs)))

(define r (v-a 40000 0 0 "" 0 0 0 0 '() 1 2 3))
(display (reverse (list-tail (reverse r) 2))) (newline)
(display (length (list-ref r 7))) (newline)
(display (list-ref r 8)) (newline)
(define kept (list-ref r 7))
(display (car kept)) (newline)
(display (list-ref kept 100)) (newline)
(display (apply + (map car kept))) (newline)
(display (apply + (map (lambda (k) (vector-ref (caddr k) 1)) kept))) (newline)
(display (apply string-append (map (lambda (k) (substring (cadddr k) 0 2)) kept))) (newline)
(display (grow 200000 0)) (newline)
;; call-with-values with a variadic consumer, in a cycle with values of every count
(define (spread i acc)
  (if (= i 0) acc
      (call-with-values
       (lambda () (apply values (make-list (modulo i 9) (list i))))
       (lambda vs (gather i (length vs) vs acc)))))
(define (gather i n vs acc)
  (spread (- i 1) (+ acc n (if (null? vs) 0 (car (car vs))))))
(display (spread 100000 0)) (newline)
;; the same without apply: 9 and 12 arguments passed directly (extra arguments and a rest list
;; made by the caller), the kept list in the 9th
(define (m-a i a b c d e f g kept)
  (if (= i 0) (list a b c d e f g (length kept) kept)
      (m-b i (cons i a) (vector i b) (string-append "m" (number->string i)) (list d i) (+ e 1)
           (cons f f) g
           (if (= 0 (modulo i 400)) (cons (list i (string #\k (integer->char (+ 65 (modulo i 26)))) (vector i (list i))) kept) kept)
           (list i) (make-string 2 #\z) (vector 'w i))))
(define (m-b i a b c d e f g kept . rest)
  (m-a (- i 1) (modulo (+ (car a) (cdr a)) 1000) (vector-ref b 0) (string-length c) (car d) e (car f)
       (+ g (length rest) (string-length (cadr rest)) (vector-ref (caddr rest) 1)) kept))
(define m (m-a 60000 0 0 0 0 0 0 0 '()))
(display (list-tail (reverse m) 1)) (newline)
(define mk (car (reverse m)))
(display (list (car mk) (list-ref mk 75) (list-ref mk 149))) (newline)
(display (apply + (map (lambda (k) (+ (car k) (char->integer (string-ref (cadr k) 1)) (car (vector-ref (caddr k) 1)))) mk)))
(newline)
