;; Under AddressSanitizer (make test runs tests/run with -fsanitize=address), a frame region's
;; inline buffer is poisoned while it hands out nothing there (regal.h, R5). A Region declared
;; right after `top:` (count-a's and count-b's rgs: their first test allocates) gets no lifetime
;; from clang, so ASan never clears what the runtime poisoned there when the frame dies: after
;; count-a returned, its poisoned buffer tripped the next frames whose locals lie there (count-b's
;; region descriptor or its compound literal of string-append's arguments), "use-after-poison
;; WRITE", a false report. rt_region_leave now unpoisons it. The depths (deep-a, deep-b) shift the
;; frames against each other so that some pair overlaps whatever the frame layout (reduced from
;; ecraven's compiler, pt).
(define (count-a l n)
  (cond ((char=? (string-ref (symbol->string (car l)) 0) #\a) (count-a (cdr l) (+ n 1)))
        ((null? (cdr l)) n)
        (else (count-a (cdr l) n))))
(define (count-b l n)
  (cond ((string=? (string-append "<" (symbol->string (car l)) ">") "<berry>")
         (count-b (cdr l) (+ n 1)))
        ((null? (cdr l)) n)
        (else (count-b (cdr l) n))))
(define (deep-a k l) (if (= k 0) (count-a l 0) (- (deep-a (- k 1) l) 1)))
(define (deep-b k l) (if (= k 0) (count-b l 0) (- (deep-b (- k 1) l) 1)))
(define syms '(apple banana avocado berry cherry))
(define (sweep f k acc) (if (= k 40) acc (sweep f (+ k 1) (+ acc (f k syms)))))
(display (sweep deep-a 0 0))
(newline)
(display (sweep deep-b 0 0))
(newline)
(display (sweep deep-a 0 0))
(newline)
