;; loop-carry: a named-let loop of N iterations whose loop variable carries a list freshly
;; allocated from the previous one at each iteration; the old list is dropped. Issue 7: only
;; one or two such lists are ever live, so peak memory must not grow with N (tests/memory.sh:
;; peak at N = 10,000,000 within 1.2x of the peak at N = 1,000,000).
;; Usage: loop-carry N (default 1000). Prints N and the final list.
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (run n)
  (let loop ((i 0) (l (list 0 1 2)))
    (if (= i n)
        l
        (loop (+ i 1)
              (list (+ (car l) 1)
                    (remainder (+ (cadr l) i) 1000003)
                    (remainder (+ (caddr l) (* 3 (car l))) 1000003))))))

(display n) (display " ") (display (run n)) (newline)
; OUTPUT 1000000: 1000000 (1000000 7 20)
; OUTPUT 10000000: 10000000 (10000000 466 1397)
