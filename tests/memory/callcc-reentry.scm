;; callcc-reentry: one continuation re-entered N times, then a generator that captures a new
;; continuation for each of N items it yields (each a list made in the walker's region) and
;; is resumed by re-entering it. Issue 16 (full continuations): a re-entry replaces the stack
;; with the copy, so the stack does not grow, and dead copies and what their captured regions
;; kept go back to the collector, so peak memory must not grow with N (tests/memory.sh: peak at
;; N = 1,000,000 within 1.2x of the peak at N = 100,000).
;; Usage: callcc-reentry N (default 1000). Prints N, the count and the generator's checksum.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (count-to n)
  (let ((k #f) (i 0))
    (call/cc (lambda (c) (set! k c)))
    (set! i (+ i 1))
    (if (< i n) (k #f))
    i))

(define (make-gen n)
  (define return #f)
  (define resume #f)
  (lambda ()
    (call/cc (lambda (r)
      (set! return r)
      (if resume
          (resume #f)
          (let loop ((i 0))
            (if (= i n)
                (return 'done)
                (let ((item (list i (* 2 i) (remainder i 7))))
                  (call/cc (lambda (k) (set! resume k) (return item)))
                  (loop (+ i 1))))))))))

(define (sum-gen g)
  (let loop ((s 0))
    (let ((x (g)))
      (if (eq? x 'done) s (loop (+ s (car x) (cadr x) (caddr x)))))))

(display n) (display " ") (display (count-to n)) (display " ")
(display (sum-gen (make-gen n))) (newline)
; OUTPUT 100000: 100000 100000 15000149995
; OUTPUT 1000000: 1000000 1000000 1500001499997
