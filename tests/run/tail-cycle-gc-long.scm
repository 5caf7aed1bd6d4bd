;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): a long-running three-state machine (3 million rounds, about
;; 150 MB made in the region its rounds share) whose live set stays small: a ring of 8 lists
;; replaced one per round, a running string of at most 16 characters, the current state's
;; pair, and a few old objects: a vector made before the first round and a list of 30
;; milestones (one per 100,000 rounds), both kept to the end. Only results are printed; that
;; memory stays bounded is for tests/memory.sh to measure.
(define (st-a i ring pos s acc old)
  (if (= i 0)
      (list ring s acc old)
      (st-b i (cons (list i (* i 3)) ring) pos s (+ acc (car (car ring))) old)))
(define (st-b i ring pos s acc old)
  ;; the ring is the first 8 elements of the list just made: the 9th and beyond are dropped
  (let ((ring (if (> pos 7) (list-copy* ring 8) ring)))
    (st-c i ring (if (> pos 7) 0 (+ pos 1)) s (+ acc (cadr (car ring))) old)))
(define (st-c i ring pos s acc old)
  (let ((s (if (= 0 (modulo i 1000))
               (let ((t (string-append s (string (integer->char (+ 97 (modulo (quotient i 1000) 26)))))))
                 (if (> (string-length t) 16) (substring t 8 (string-length t)) t))
               s)))
    (st-a (- i 1) ring pos s (modulo (+ acc (vector-ref (car old) (modulo i 4))) 1000000007)
          (if (= 0 (modulo i 100000))
              (cons (car old) (cons (list i (string-copy s) (car ring)) (cdr old)))
              old))))
(define (list-copy* l n) (if (= n 0) '() (cons (car l) (list-copy* (cdr l) (- n 1)))))
(define (start n) (st-a n (list (list 0 0)) 0 "" 0 (list (vector 1 20 300 4000))))

;; Run from a procedure, so that the cycle's rounds share a region of its frame, which the
;; runtime collects (a cycle started at top level shares the program's region, which it does not).
(define (main)
  (define r (start 3000000))
  (define old (cadddr r))
  (display (car r)) (newline)
  (display (cadr r)) (newline)
  (display (caddr r)) (newline)
  (display (car old)) (newline)
  (display (length old)) (newline)
  (for-each (lambda (m) (write m) (newline)) (list-tail old 27)))
(main)
