;; anchor.ss: the allocation loops of bench_runner's "place" measurement written in Chez Scheme,
;; the anchor of the report's allocation tables (issues 15 and 19).
;;
;; Each loop builds the object of one kind for i = 0 .. n-1 with the same contents as
;; bench_runner.c (fixnum i in every slot; a closure over i and i + 1; (+ 2^62 i)) and stores
;; it into slot (i mod 1024) of a ring vector, as bench_runner stores into its ring: so at most
;; 1024 objects are live and every other one is garbage for Chez's nursery. The store is a
;; vector-set! into a long-lived vector, so it pays Chez's write barrier. n is the number
;; bench_runner builds per timing: 16 MiB of objects at Regal's sizes (1 MiB for the bignum
;; addition); report.py checks that the counts agree.
;; Output: CSV rows in bench_runner's format (section "anchor"); the median, min and max of
;; `reps` timings after one warm-up, timed with the monotonic clock.
;; Usage: scheme --optimize-level 2 --program anchor.ss [--csv FILE] [--reps N]
(import (chezscheme))

(define-record-type point (fields x y))

(define ring (make-vector 1024 #f))

;; (name, Regal's object size in bytes (bench_runner's kind_bytes), loop)
(define-syntax kind
  (syntax-rules ()
    [(_ name bytes (i) make)
     (list name bytes
           (lambda (n)
             (do ([i 0 (fx+ i 1)]) ((fx= i n))
               (vector-set! ring (fxand i 1023) make))))]))

(define big (expt 2 62))

(define kinds
  (list
   (kind "pair" 16 (i) (cons i i))
   (kind "flonum" 16 (i) (fixnum->flonum i))
   (kind "box" 16 (i) (box i))
   (kind "closure, 2 free variables" 32 (i) (let ([a i] [b (fx+ i 1)]) (lambda () (fx+ a b))))
   (kind "vector of 3" 32 (i) (vector i i i))
   (kind "vector of 10" 88 (i) (make-vector 10 i))
   (kind "vector of 100" 808 (i) (make-vector 100 i))
   (kind "string of 8 characters" 40 (i) (make-string 8 #\a))
   (kind "record, 2 fields" 32 (i) (make-point i i))
   (kind "vector of 7" 64 (i) (make-vector 7 i))
   (kind "vector of 31" 256 (i) (make-vector 31 i))
   (kind "bignum from (+ 2^62 i)" 16 (i) (+ big i))))

(define (objects name bytes)
  (quotient (if (string=? name "bignum from (+ 2^62 i)") (expt 2 20) (expt 2 24)) bytes))

(define (now-ns)
  (let ([t (current-time 'time-monotonic)])
    (+ (* (time-second t) 1000000000) (time-nanosecond t))))

(define (median xs)
  (let* ([s (list-sort < xs)] [n (length s)])
    (if (odd? n)
        (list-ref s (quotient n 2))
        (/ (+ (list-ref s (- (quotient n 2) 1)) (list-ref s (quotient n 2))) 2))))

(define (csv-string s)
  (string-append "\"" s "\""))

(define (fmt x)
  (let ([r (/ (round (* (inexact x) 10000)) 10000)])
    (format "~,4f" r)))

(define (run out reps)
  (let ([variant (call-with-values scheme-version-number
                   (lambda (major minor patch)
                     (format "Chez Scheme ~a.~a.~a, optimize-level ~a (safe)" major minor patch
                             (optimize-level))))])
    (for-each
     (lambda (k)
       (let* ([name (car k)] [bytes (cadr k)] [loop (caddr k)] [n (objects name bytes)]
              [c0 (collections)])
         (loop n)                                   ; warm-up
         (let ([ts (let rep ([j 0] [acc '()])
                     (if (= j reps)
                         acc
                         (let ([t0 (now-ns)])
                           (loop n)
                           (let ([t1 (now-ns)])
                             (rep (+ j 1) (cons (/ (- t1 t0) n) acc))))))])
           (vector-fill! ring #f)
           (fprintf out "~a,~a,~a,~a,~a,~a,~a,~a,~a\n"
                    (csv-string "anchor") (csv-string name) (csv-string variant)
                    (fmt (median ts)) (fmt (apply min ts)) (fmt (apply max ts))
                    (csv-string "ns/object") n
                    (csv-string (format "~a collections in ~a timings of ~a objects"
                                        (- (collections) c0) (+ reps 1) n)))
           (fprintf (current-error-port) "  anchor ~a: ~a ns\n" name (fmt (median ts))))))
     kinds)))

(define (main args)
  (let loop ([args args] [csv #f] [reps 15])
    (cond
     [(null? args)
      (if csv
          (call-with-output-file csv
            (lambda (out)
              (fprintf out "section,item,variant,median,min,max,unit,count,note\n")
              (run out reps))
            'replace)
          (run (current-output-port) reps))]
     [(and (string=? (car args) "--csv") (pair? (cdr args)))
      (loop (cddr args) (cadr args) reps)]
     [(and (string=? (car args) "--reps") (pair? (cdr args))
           (string->number (cadr args)) (>= (string->number (cadr args)) 1))
      (loop (cddr args) csv (string->number (cadr args)))]
     [else
      (fprintf (current-error-port) "anchor.ss: unknown argument ~a\n" (car args))
      (exit 2)])))

(main (cdr (command-line)))
