;; R7RS 6.8 and 6.7: vector-ref, vector-set!, string-ref, string-set! and string-length compiled
;; inline (one rotate and one unsigned compare test an index of unknown type, emit.c
;; emit_index_test) still raise an error for every bad index (negative, past the end, a
;; flonum, a bignum, a character), a wrong object and a wrong character, whether the object's
;; type is proven (a global vector, a string from make-string) or not. Output checked against
;; Chez Scheme (scheme --script).
(define v (vector 10 20 30))
(define s (make-string 3 #\a))
(define (try thunk)
  (guard (e (#t (display "error") (newline)))
    (let ((r (thunk))) (write r) (newline))))
(define (vref x i) (vector-ref x i))
(define (vset x i y) (vector-set! x i y))
(define (gref i) (vector-ref v i))             ; v is a vector: only the index is tested
(define (gset i y) (vector-set! v i y))
(define (sref x i) (string-ref x i))
(define (sset x i c) (string-set! x i c))
(define (lref i) (string-ref s i))             ; s is a string
(define (lset i) (string-set! s i #\q))        ; a proven character
(define (slen x) (string-length x))
(define big (expt 2 70))
(for-each
 (lambda (i) (try (lambda () (vref v i))) (try (lambda () (gref i))))
 (list 0 2 3 -1 1.0 big (- big) #\a 'x "0" (expt 2 60) (- (expt 2 60))))
(try (lambda () (vref "abc" 0)))
(try (lambda () (vref '(1 2) 0)))
(try (lambda () (vset v 0 'x) v))
(try (lambda () (gset 1 'y) v))
(for-each
 (lambda (i) (try (lambda () (vset v i 'z))) (try (lambda () (gset i 'z))))
 (list 3 -4 2.0 big #f))
(try (lambda () (vset 'v 0 'x)))
(try (lambda () (vset (make-string 2) 0 'x)))
(for-each
 (lambda (i) (try (lambda () (sref "hello" i))) (try (lambda () (lref i))))
 (list 0 2 4 5 -1 'a 1.5 big))
(try (lambda () (sref v 0)))
(try (lambda () (sref 'hello 0)))
(try (lambda () (sset s 1 #\z) s))
(try (lambda () (lset 2) s))
(try (lambda () (sset s 0 #\x3bb) s))
(for-each
 (lambda (i) (try (lambda () (sset s i #\z))) (try (lambda () (lset i))))
 (list 3 -1 0.0 big 'k))
(try (lambda () (sset s 0 "z")))
(try (lambda () (sset s 0 65)))
(try (lambda () (sset v 0 #\z)))
(try (lambda () (slen "hello")))
(try (lambda () (slen (make-string 0))))
(try (lambda () (slen 'hello)))
(try (lambda () (slen v)))
;; a loop over both, as the benchmarks run them
(define (count-a str)
  (let loop ((i 0) (n 0))
    (if (= i (string-length str)) n
        (loop (+ i 1) (if (char=? (string-ref str i) #\a) (+ n 1) n)))))
(write (count-a "banana bandana")) (newline)
(define (vsum vec)
  (do ((i 0 (+ i 1)) (acc 0 (+ acc (vector-ref vec i)))) ((= i (vector-length vec)) acc)))
(write (vsum (vector 1 2 3 4 5))) (newline)
