;; Regions shared by a cycle of tail calls, under a collector (runtime/region.c,
;; tests/region-gc-stress.sh): a long-running three-state machine (3 million rounds, about
;; 150 MB made in the region its rounds share) whose live set stays small: a ring of 8 lists
;; replaced one per round, a running string of at most 16 characters and the current state's
;; pair. Only results are printed; that memory stays bounded is for tests/memory.sh to measure.
(define (st-a i ring pos s acc)
  (if (= i 0)
      (list ring s acc)
      (st-b i (cons (list i (* i 3)) ring) pos s (+ acc (car (car ring))))))
(define (st-b i ring pos s acc)
  ;; the ring is the first 8 elements of the list just made: the 9th and beyond are dropped
  (let ((ring (if (> pos 7) (list-copy* ring 8) ring)))
    (st-c i ring (if (> pos 7) 0 (+ pos 1)) s (+ acc (cadr (car ring))))))
(define (st-c i ring pos s acc)
  (let ((s (if (= 0 (modulo i 1000))
               (let ((t (string-append s (string (integer->char (+ 97 (modulo (quotient i 1000) 26)))))))
                 (if (> (string-length t) 16) (substring t 8 (string-length t)) t))
               s)))
    (st-a (- i 1) ring pos s (modulo acc 1000000007))))
(define (list-copy* l n) (if (= n 0) '() (cons (car l) (list-copy* (cdr l) (- n 1)))))

(define r (st-a 3000000 (list (list 0 0)) 0 "" 0))
(display (car r)) (newline)
(display (cadr r)) (newline)
(display (caddr r)) (newline)
