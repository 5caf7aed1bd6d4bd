; Hash tables keep a copy of a key made only for the insertion (compiler/regions.c's table keys:
; the call becomes its /own-key variant, and the key string can live in a region that dies
; before the table). Nothing may tell the copy from the original: counts and lookups by
; content are unchanged, a literal key keeps its identity (never copied), and a key that is
; also referenced elsewhere is kept itself (eq? to the stored key).
(define syllables (vector "ka" "lo" "mi"))
(define (word i)
  (let loop ((k (+ 1 (modulo i 3))) (s ""))
    (if (= k 0) s (loop (- k 1) (string-append s (vector-ref syllables (modulo (+ i k) 3)))))))
(define counts (make-hash-table))
(do ((i 0 (+ i 1))) ((= i 3000))
  (hash-table-update!/default counts (word i) (lambda (c) (+ c 1)) 0))
(display (hash-table-count counts)) (newline)
(display (sort (map (lambda (k) (cons k (hash-table-ref counts k))) (hash-table-keys counts))
               (lambda (a b) (string<? (car a) (car b)))))
(newline)
;; hash-table-set! and hash-table-update! with fresh keys
(define t (make-hash-table))
(do ((i 0 (+ i 1))) ((= i 50)) (hash-table-set! t (number->string (modulo i 7)) i))
(do ((i 0 (+ i 1))) ((= i 10)) (hash-table-update! t (number->string (modulo i 7)) (lambda (v) (+ v 100)) (lambda () 0)))
(display (sort (hash-table->alist t) (lambda (a b) (string<? (car a) (car b))))) (newline)
;; a literal key keeps its identity
(define (lit) "abc")
(define tl (make-hash-table))
(hash-table-set! tl (lit) 1)
(display (eq? (car (hash-table-keys tl)) (lit))) (newline)
;; a key that a global also holds: the table keeps that very string
(define g (string-copy "xyz"))
(define (get) g)
(define tg (make-hash-table))
(hash-table-set! tg (get) 1)
(display (eq? (car (hash-table-keys tg)) g)) (newline)
;; a key kept by a variable used after the call: the table keeps it itself
(define tv (make-hash-table))
(define kept
  (let ((k (string-append "k" "v")))
    (hash-table-set! tv k 1)
    k))
(display (eq? (car (hash-table-keys tv)) kept)) (newline)
;; a fresh key in an eq? table can only be found again by walking the table; mutating the
;; caller's copy is impossible (no reference), and the table's key reads back the same
(define te (make-hash-table eq?))
(hash-table-set! te (string-append "e" "q") 'v)
(display (list (hash-table-count te) (hash-table-ref/default te "eq" 'absent) (hash-table-keys te))) (newline)
;; a table with the program's own hash procedure, which keeps what it is given: it must get a
;; key that outlives the loop that made it (the copy), read back intact after the loop
(define seen '())
(define (my-hash s . bound) (set! seen (cons s seen)) (string-length s))
(define tc (make-hash-table (lambda (a b) (string=? a b)) my-hash))
(do ((i 0 (+ i 1))) ((= i 200)) (hash-table-set! tc (string-append "c" (number->string (modulo i 4))) i))
(define (churn n) (do ((i 0 (+ i 1)) (l '() (cons (make-string 8 #\z) l))) ((= i n) (length l))))
(churn 10000)
(let* ((n (length seen)) (last2 (list (car seen) (cadr seen))) (c1 (hash-table-ref tc "c1")))
  (display (list (hash-table-count tc) n last2 c1)) (newline))
