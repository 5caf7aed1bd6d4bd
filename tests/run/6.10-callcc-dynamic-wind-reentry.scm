; Re-entrant continuations and dynamic-wind (R7RS 6.10): the standard's own example, where a
; continuation captured inside a dynamic-wind is re-entered after the wind was left, so its
; before thunk runs again; a continuation passed out of dynamic-wind and re-entered several
; times; nested winds entered and left in the right order; parameterize's value restored on
; every entry and exit (parameterize is a dynamic-wind that swaps).
(define (r7rs-example)
  (let ((path '())
        (c #f))
    (let ((add (lambda (s) (set! path (cons s path)))))
      (dynamic-wind
        (lambda () (add 'connect))
        (lambda () (add (call-with-current-continuation (lambda (c0) (set! c c0) 'talk1))))
        (lambda () (add 'disconnect)))
      (if (< (length path) 4)
          (c 'talk2)
          (reverse path)))))
(write (r7rs-example)) (newline)

;; the continuation leaves two nested winds and comes back into them, three times
(define (nested)
  (let ((log '()) (k #f) (n 0))
    (define (note x) (set! log (cons x log)))
    (dynamic-wind
      (lambda () (note 'in1))
      (lambda ()
        (dynamic-wind
          (lambda () (note 'in2))
          (lambda () (note (call/cc (lambda (c) (set! k c) 'first))))
          (lambda () (note 'out2))))
      (lambda () (note 'out1)))
    (set! n (+ n 1))
    (if (< n 3) (k n))
    (reverse log)))
(write (nested)) (newline)

;; a continuation passed out of the dynamic-wind as its result, called from outside
(define (passed-out)
  (let ((log '()) (count 0))
    (let ((k (dynamic-wind
               (lambda () (set! log (cons 'before log)))
               (lambda () (call/cc (lambda (c) c)))
               (lambda () (set! log (cons 'after log))))))
      (set! count (+ count 1))
      (if (procedure? k) (k 'value))
      (list k count (reverse log)))))
(write (passed-out)) (newline)

;; re-entering from inside another dynamic-wind: that wind's after thunk runs first
(define (across)
  (let ((log '()) (k #f) (done #f))
    (define (note x) (set! log (cons x log)))
    (dynamic-wind
      (lambda () (note 'a-in))
      (lambda () (call/cc (lambda (c) (set! k c))) (note 'a-body))
      (lambda () (note 'a-out)))
    (if (not done)
        (begin
          (set! done #t)
          (dynamic-wind
            (lambda () (note 'b-in))
            (lambda () (k #f))
            (lambda () (note 'b-out)))))
    (reverse log)))
(write (across)) (newline)

;; parameterize: the value inside is back on re-entry, the outer one after each exit
(define p (make-parameter 'outer))
(define (params)
  (let ((k #f) (seen '()))
    (parameterize ((p 'inner))
      (call/cc (lambda (c) (set! k c)))
      (set! seen (cons (p) seen)))
    (set! seen (cons (p) seen))
    (if (< (length seen) 6) (k #f))
    (reverse seen)))
(write (params)) (newline)
(write (p)) (newline)
