;; Carry regions (compiler/regions.c): what a loop's back edge makes for a loop variable read
;; only after the loop's last iteration lives in a region emptied before each back edge's
;; arguments. Each loop below is either such a loop, or one that must not be (the previous
;; value is still read, captured, returned or kept), and every result is checked.
(define (make-tree d) (if (= d 0) (list d) (list d (make-tree (- d 1)) (make-tree (- d 1)))))
(define (count t) (if (pair? t) (+ 1 (count (car t)) (count (cdr t))) 0))
(define (thunk-of d) (lambda () (make-tree d)))

;; the harness: result looked at only by the exit branch
(define (run-bench n thunk ok?)
  (let loop ((i 0) (result #f))
    (cond ((< i n) (loop (+ i 1) (thunk)))
          ((ok? result) (list 'ok (count result)))
          (else 'wrong))))
(display (run-bench 1000 (thunk-of 6) pair?)) (newline)

;; two carry variables, one replaced on only some back edges
(define (two n)
  (let loop ((i 0) (a '()) (b '()))
    (if (< i n)
        (if (even? i) (loop (+ i 1) (make-tree 3) b) (loop (+ i 1) a (make-tree 2)))
        (list (count a) (count b)))))
(display (two 101)) (newline)

;; the previous value is read on the way round: not a carry variable
(define (reads n)
  (let loop ((i 0) (r (list 0)))
    (if (< i n) (loop (+ i 1) (list (+ 1 (car r)) (make-tree 2))) (car r))))
(display (reads 500)) (newline)

;; captured by a closure made on the way round
(define (captures n)
  (let loop ((i 0) (r (list 0)) (k (lambda () 0)))
    (if (< i n)
        (loop (+ i 1) (list i (make-tree 1)) (lambda () (car r)))
        (list (car r) (k)))))
(display (captures 300)) (newline)

;; returned by the loop: needed after it
(define (returns n)
  (let loop ((i 0) (r #f))
    (if (< i n) (loop (+ i 1) (make-tree 2)) r)))
(define kept (returns 100))
(display (count kept)) (newline)

;; the new value also goes into a global: the heap
(define last #f)
(define (stores n)
  (let loop ((i 0) (r #f))
    (if (< i n)
        (loop (+ i 1) (let ((t (make-tree 2))) (set! last t) t))
        (count r))))
(display (list (stores 50) (count last))) (newline)

;; nested: the inner loop's carry region lives across the outer loop's iterations
(define (nested n m)
  (let outer ((j 0) (acc 0))
    (if (< j n)
        (outer (+ j 1)
               (+ acc (let inner ((i 0) (r #f))
                        (if (< i m) (inner (+ i 1) (make-tree (modulo i 4))) (count r)))))
        acc)))
(display (nested 20 30)) (newline)

;; a string built in the exit branch from the carried value, which is a string
(define (strings n)
  (let loop ((i 0) (s ""))
    (if (< i n)
        (loop (+ i 1) (number->string (* i i)))
        (string-append "last: " s))))
(display (strings 1000)) (newline)

;; a continuation captured while making the carried value, called again after the loop
;; has exited: the loop's regions come back with the continuation
(define (with-k n)
  (let ((saved #f) (calls 0) (out '()))
    (let ((c (let loop ((i 0) (r #f))
               (if (< i n)
                   (loop (+ i 1) (call-with-current-continuation
                                   (lambda (k) (if (= i 5) (set! saved k)) (make-tree 2))))
                   (count r)))))
      (set! out (cons c out))
      (set! calls (+ calls 1))
      (if (< calls 3) (saved (list 1 2 3)))
      out)))
(display (with-k 10)) (newline)

;; at top level, and in a do loop
(let loop ((i 0) (r #f))
  (if (< i 10) (loop (+ i 1) (make-tree 3)) (begin (display (count r)) (newline))))
(display (do ((i 0 (+ i 1)) (r #f (make-tree (modulo i 3)))) ((= i 10) (count r)))) (newline)
