;; global-replace: a global variable set! N times to a new 3-element list computed from its old
;; value; each old list is dropped. Issue 7: a value stored into a global outlives the
;; iteration, yet only the current one is reachable, so peak memory must not grow with N
;; (tests/memory.sh: peak at N = 1,000,000 within 1.2x of the peak at N = 100,000).
;; Usage: global-replace N (default 1000). Prints N and the final value of the global.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define current (list 0 0 0))

(define (replace! i)
  (set! current (list (+ (car current) 1)
                      (remainder (+ (cadr current) i) 1000003)
                      (remainder (+ (caddr current) (* 7 (cadr current)) 1) 1000003))))

(do ((i 0 (+ i 1))) ((= i n)) (replace! i))
(display n) (display " ") (display current) (newline)
; OUTPUT 100000: 100000 (100000 935003 115499)
; OUTPUT 1000000: 1000000 (1000000 6 999930)
