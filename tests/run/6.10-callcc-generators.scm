; Generators and coroutines with re-entrant continuations (R7RS 6.10): a tree walker that
; yields its leaves one at a time by re-entering the walk where it stopped; two generators
; compared leaf by leaf (same-fringe); a pair of coroutines that pass control back and forth.
(define (make-generator walk)
  ;; walk is called with a yield procedure; the generator returns each value yielded, then
  ;; 'done forever
  (define return #f)
  (define resume #f)
  (define (yield v)
    (call/cc (lambda (k) (set! resume k) (return v))))
  (lambda ()
    (call/cc (lambda (r)
      (set! return r)
      (if resume
          (resume #f)
          (begin
            (walk yield)
            (set! resume (lambda (ignored) (return 'done)))
            (return 'done)))))))

(define (tree-walker tree)
  (lambda (yield)
    (let walk ((t tree))
      (cond ((null? t) 'skip)
            ((pair? t) (walk (car t)) (walk (cdr t)))
            (else (yield t))))))

(define (collect gen)
  (let loop ((acc '()))
    (let ((v (gen)))
      (if (eq? v 'done) (reverse acc) (loop (cons v acc))))))

(write (collect (make-generator (tree-walker '((1 2) (3 (4 5)) 6))))) (newline)

(define (same-fringe? a b)
  (let ((ga (make-generator (tree-walker a)))
        (gb (make-generator (tree-walker b))))
    (let loop ()
      (let ((x (ga)) (y (gb)))
        (cond ((not (eqv? x y)) #f)
              ((eq? x 'done) #t)
              (else (loop)))))))
(write (same-fringe? '(1 (2 3) 4) '((1 2) (3 4)))) (newline)
(write (same-fringe? '(1 (2 3) 4) '((1 2) (3 5)))) (newline)

;; a generator of strings built while walking: what it yields lives past the yield
(define (counter-strings n)
  (make-generator
    (lambda (yield)
      (do ((i 0 (+ i 1))) ((= i n))
        (yield (string-append "item-" (number->string i)))))))
(write (collect (counter-strings 5))) (newline)

;; two coroutines handing control to each other with their continuations
(define (ping-pong n)
  (define log '())
  (define pong-k #f)
  (define ping-k #f)
  (define (pong)
    (let loop ((i 0))
      (set! log (cons (list 'pong i) log))
      (call/cc (lambda (k) (set! pong-k k) (ping-k i)))
      (loop (+ i 1))))
  (call/cc (lambda (done)
    (let loop ((i 0))
      (if (= i n) (done #f))
      (set! log (cons (list 'ping i) log))
      (call/cc (lambda (k)
        (set! ping-k k)
        (if pong-k (pong-k #f) (pong))))
      (loop (+ i 1)))))
  (reverse log))
(write (ping-pong 4)) (newline)
