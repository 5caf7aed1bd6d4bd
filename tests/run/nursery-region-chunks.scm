; Region memory as the nursery's roots (runtime/nursery.c, ns_scan_regions): young objects
; held only by lists in frame regions that span several 64 KiB chunks, so that each minor
; collection must read every chunk of those regions up to what was handed out of it: the
; newest up to the region's bump pointer, an older one up to what the next newer one recorded
; (prev_used). A recursion whose frames each hold such a list, in chunks reused from the pool
; (whose stale words past the bump pointer are no roots), and a loop whose iteration region
; is recycled. Every forwarded value checked (REGAL_NURSERY_CHECK); a 1 MiB nursery, so that
; minor collections are many. Output from Chez.
; RUN-ENV: REGAL_NURSERY_SIZE=1 REGAL_NURSERY_CHECK=1
(import (scheme base) (scheme write))

(define last #f)
;; a young vector of 3 slots (stored into a global once: its site is the collected heap's)
(define (make-obj seed)
  (let ((v (vector seed (* 2 seed) (* 3 seed))))
    (when (= 0 (modulo seed 1000)) (set! last v))
    v))
(define (obj-ok? v seed)
  (and (vector? v) (= (vector-ref v 0) seed) (= (vector-ref v 1) (* 2 seed)) (= (vector-ref v 2) (* 3 seed))))

;; a list of n young vectors; its pairs in the caller's region (96 KiB for 6000: two chunks)
(define (build seed n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons (make-obj (+ seed i)) acc)))))
;; how many of the list's vectors are intact
(define (count-ok l seed n)
  (let loop ((l l) (i (- n 1)) (k 0))
    (if (null? l) k (loop (cdr l) (- i 1) (if (obj-ok? (car l) (+ seed i)) (+ k 1) k)))))
;; garbage in the collected heap: many minor collections
(define (churn n)
  (let loop ((i 0) (acc 0))
    (if (= i n) acc (loop (+ i 1) (+ acc (vector-ref (make-obj i) 2))))))

(define (nest d)
  (if (= d 0)
      (if (> (churn 2000000) 0) 0 -1)
      (let* ((seed (* d 100000))
             (l (build seed (+ 4000 (* 500 d)))))
        (let ((r (nest (- d 1))))
          (+ r (count-ok l seed (+ 4000 (* 500 d))))))))
(display (list 'nest (nest 6))) (newline)

;; a loop whose iteration builds a list over several chunks, checked after garbage
(let loop ((k 0) (total 0))
  (if (= k 8)
      (begin (display (list 'loop total)) (newline))
      (let ((l (build (* k 1000000) 9000)))
        (churn 400000)
        (loop (+ k 1) (+ total (count-ok l (* k 1000000) 9000))))))
