; One continuation re-entered many times (R7RS 6.10): 100000 re-entries of a continuation
; captured once, each going back into the same frame; the stack does not grow (a re-entry
; replaces the stack with the copy) and nothing accumulates (the run keeps its memory flat:
; tests/memory/callcc-reentry.scm measures it). The count is in an assigned variable, which
; every re-entry sees updated (one location, not a copy in the frame).
(define (count-to n)
  (let ((k #f) (i 0) (sum 0))
    (call/cc (lambda (c) (set! k c)))
    (set! i (+ i 1))
    (set! sum (+ sum i))
    (if (< i n) (k #f))
    (list i sum)))
(write (count-to 100000)) (newline)

;; the value passed to the continuation is what call/cc returns on each entry
(define (values-passed)
  (let ((k #f) (seen '()))
    (let ((v (call/cc (lambda (c) (set! k c) 0))))
      (set! seen (cons v seen))
      (if (< v 5) (k (+ v 1)))
      (reverse seen))))
(write (values-passed)) (newline)

;; several values through a re-entered continuation
(define (multi)
  (let ((k #f) (n 0))
    (call-with-values
      (lambda () (call/cc (lambda (c) (set! k c) (values 1 2))))
      (lambda (a b)
        (set! n (+ n 1))
        (if (< n 3) (k (* a 10) (* b 10)) (list a b n))))))
(write (multi)) (newline)
