;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c; stress it with
;; REGAL_REGION_GC_STRESS=1, tests/region-gc-stress.sh): two procedures calling each other in
;; tail position make about 20 MB of pairs, vectors and strings in the region they share and
;; drop most of it, but keep some across every later round: a list grown every 997th round, a
;; vector made by the first round that later rounds store new objects into, a string that
;; string-set! writes, a string grown with string-append, and a vector made before the cycle.
;; Each would change the checksums below if a live object were freed or overwritten.
(define (mix h x) (modulo (+ (* h 31) x) 1000000007))
(define (checksum x)
  (let walk ((x x) (h 17))
    (cond ((pair? x) (walk (cdr x) (walk (car x) (mix h 1))))
          ((null? x) (mix h 2))
          ((vector? x)
           (let loop ((i 0) (h (mix h 3)))
             (if (= i (vector-length x)) h (loop (+ i 1) (walk (vector-ref x i) h)))))
          ((string? x)
           (let loop ((i 0) (h (mix h 4)))
             (if (= i (string-length x)) h (loop (+ i 1) (mix h (char->integer (string-ref x i)))))))
          ((char? x) (mix h (char->integer x)))
          ((exact-integer? x) (mix h (modulo x 1000000007)))
          ((symbol? x) (walk (symbol->string x) h))
          ((boolean? x) (mix h (if x 5 6)))
          (else (mix h 7)))))

(define old-vec (make-vector 16 "-"))   ; made before the cycle

(define (round-a i keep vec str log acc)
  (if (= i 0)
      (list keep vec str log acc)
      (let* ((junk (list i (* i 2) (list i i) (make-vector 3 i) (number->string i)))
             (acc (+ acc (length junk) (vector-ref (cadddr junk) 1))))
        (round-b (- i 1)
                 (if (= 0 (modulo i 997))
                     (cons (list i (number->string i) (vector i (- i) (cons 'k i))) keep)
                     keep)
                 ;; every 40000th round a fresh copy replaces the old vector, which dies
                 (if (= 0 (modulo i 40000)) (vector-map (lambda (x) x) vec) vec)
                 str
                 (if (= 0 (modulo i 1500))
                     (let ((s (string-append log (number->string i) ",")))
                       (if (> (string-length s) 120) (substring s 60 (string-length s)) s))
                     log)
                 acc
                 junk))))

(define (round-b i keep vec str log acc junk)
  ;; new objects into old vectors and strings
  (vector-set! vec (modulo i (vector-length vec)) (cons i (length junk)))
  (vector-set! old-vec (modulo i 16) (string (integer->char (+ 97 (modulo i 26))) #\!))
  (string-set! str (modulo (* i 7) (string-length str)) (integer->char (+ 65 (modulo i 26))))
  (round-a i keep vec str log (+ acc (string-length (list-ref junk 4)))))

(define (start n) (round-a n '() (make-vector 64 'empty) (make-string 40 #\-) "" 0))

(define r (start 200000))
(define keep (car r))
(display (length keep)) (newline)
(display (list-tail keep (- (length keep) 3))) (newline)
(display (checksum keep)) (newline)
(display (checksum (cadr r))) (newline)
(display (vector-ref (cadr r) 5)) (newline)
(display (caddr r)) (newline)
(display (cadddr r)) (newline)
(display (car (cddddr r))) (newline)
(display old-vec) (newline)
(display (checksum old-vec)) (newline)
;; a second run, to reuse whatever the first left
(display (checksum (start 50000))) (newline)
