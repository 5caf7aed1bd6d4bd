; A promise's thunk is called by force with the collected heap as its region (the promise keeps
; the value: runtime/control.c), so what its result may hold of the variables it captured must
; live there too. (delay-force (delay (list (car x) ...))) made, inside the outer thunk, a closure
; of the heap holding x from a region of f's caller: --check-regions stopped with "a store makes
; an object in region depth 0 point into younger region depth 1" (compiler/regions.c now sends
; such a thunk and what it captures to the heap).
(define (f x n)
  (let* ((p (delay-force (delay (list (car x) n (cadr x)))))
         (q (delay (cons n x)))
         (r (make-promise (list n))))
    (list (force p) (car (force q)) (force r))))
;; x lives in a region of h's frame; what h returns holds none of it
(define (h i)
  (let* ((x (list i (* i i)))
         (r (f x (+ i 10))))
    (+ (car (car r)) (cadr (car r)) (caddr (car r)) (cadr r) (car (caddr r)))))
(define (main)
  (let loop ((i 0) (acc '()))
    (if (< i 5)
        (loop (+ i 1) (cons (h i) acc))
        (reverse acc))))
(for-each (lambda (x) (write x) (newline)) (main))
