; Re-entry with objects live in regions (R7RS 6.10 with Regal's region memory): lists and
; strings built in a procedure's own region before the capture are intact after each
; re-entry, including ones big enough to spill out of the region's inline buffer into
; chunks; objects allocated after the capture stay right too; a vector and a pair mutated
; after the capture are seen mutated after a re-entry (one object, not a copy in the frame);
; a loop region recycled after the capture does not disturb what the continuation sees.
(define (build-list n) (let loop ((i n) (acc '())) (if (= i 0) acc (loop (- i 1) (cons i acc)))))
(define (sum l) (if (null? l) 0 (+ (car l) (sum (cdr l)))))

(define (before-and-after)
  (let* ((small (list 1 2 3))
         (big (build-list 2000))                  ; several chunks' worth of pairs
         (name (string-append "reg" "ion"))
         (k #f) (n 0) (out '()))
    (let ((v (call/cc (lambda (c) (set! k c) 0))))
      (let ((later (map (lambda (x) (* x v)) small)))   ; allocated after the capture
        (set! out (cons (list v small (sum big) name later) out))
        (set! n (+ n 1))
        (if (< n 4) (k n))
        (reverse out)))))
(for-each (lambda (x) (write x) (newline)) (before-and-after))

(define (mutation-seen)
  (let ((v (make-vector 3 0))
        (p (cons 'a 'b))
        (k #f))
    (call/cc (lambda (c) (set! k c)))
    (vector-set! v 0 (+ (vector-ref v 0) 1))
    (set-car! p (vector-ref v 0))
    (if (< (vector-ref v 0) 5) (k #f))
    (list v p)))
(write (mutation-seen)) (newline)

(define (loop-regions)
  (let ((k #f) (rounds 0) (out '()))
    (let loop ((i 0))
      (when (< i 3)
        (let ((tmp (list i (* i i) (make-string 3 #\z))))
          (if (and (= i 1) (not k)) (call/cc (lambda (c) (set! k c))))
          (set! out (cons tmp out))
          (loop (+ i 1)))))
    (set! rounds (+ rounds 1))
    (if (< rounds 3) (k #f))
    (reverse out)))
(write (loop-regions)) (newline)

;; a generator whose items are made in the walker's frames while it is suspended
(define (squares-gen n)
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
                (let ((item (list i (* i i) (number->string (* i i)))))
                  (call/cc (lambda (k) (set! resume k) (return item)))
                  (loop (+ i 1))))))))))
(define g (squares-gen 4))
(let loop ((acc '()))
  (let ((x (g)))
    (if (eq? x 'done)
        (begin (write (reverse acc)) (newline))
        (loop (cons x acc)))))
