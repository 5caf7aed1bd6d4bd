; The nursery (runtime/nursery.c) at its own pace, with no stress mode: windows of the object
; space cut at 16 KiB (a long free run handed out in pieces), objects held only by ambiguous
; roots (globals, C frames) pinned among thousands of dead ones of every size up to 256 bytes,
; pinned again and retired, found through the candidate bitmap in address order; vectors too
; large for the nursery (in libgc, noted) holding young objects, whose bytes start minor
; collections of their own. Every forwarded value checked (REGAL_NURSERY_CHECK); a 1 MiB
; nursery, so that minor collections are many. Outputs from Chez.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: REGAL_NURSERY_SIZE=1 REGAL_NURSERY_CHECK=1
(import (scheme base) (scheme write))

;; a vector of n slots, each a function of seed and index (n from 1 to 31: 16 to 256 bytes)
(define (make-obj seed n)
  (let ((v (make-vector n 0)))
    (let loop ((i 0)) (when (< i n) (vector-set! v i (+ seed i)) (loop (+ i 1))))
    v))
(define (obj-ok? v seed)
  (let loop ((i 0))
    (or (= i (vector-length v))
        (and (= (vector-ref v i) (+ seed i)) (loop (+ i 1))))))

;; a ring of survivors in region memory (an ambiguous root: its objects are pinned, not
;; moved) among garbage of mixed sizes; each survivor replaced now and then
(define ring (make-vector 512 #f))
(define seeds (make-vector 512 0))
(define bad 0)
(let loop ((i 0))
  (when (< i 300000)
    (let* ((n (+ 1 (modulo (* i 7) 31)))
           (v (make-obj i n)))
      (when (= 0 (modulo i 13))
        (let ((k (modulo (quotient i 13) 512)))
          (let ((old (vector-ref ring k)))
            (when (and old (not (obj-ok? old (vector-ref seeds k)))) (set! bad (+ bad 1))))
          (vector-set! ring k v)
          (vector-set! seeds k i)))
      (loop (+ i 1)))))
(define (ring-sum)
  (let loop ((k 0) (acc 0))
    (if (= k 512)
        acc
        (let ((e (vector-ref ring k)))
          (if (and e (obj-ok? e (vector-ref seeds k)))
              (loop (+ k 1) (+ acc (vector-length e)))
              (begin (set! bad (+ bad 1)) (loop (+ k 1) acc)))))))
(display (list 'ring (ring-sum) 'bad bad)) (newline)

;; survivors held only by a deep recursion's frames, across many minor collections
(define last #f)
(define (deep d)
  (if (= d 0)
      (let loop ((i 0) (acc 0))   ; garbage while the frames hold their vectors
        (if (= i 200000) acc (loop (+ i 1) (+ acc (vector-length (make-obj i 9))))))
      (let ((mine (make-obj d (+ 1 (modulo d 31)))))
        (when (= d 150) (set! last mine))   ; so that every frame's vector is in the heap
        (let ((r (deep (- d 1))))
          (if (obj-ok? mine d) (+ r (vector-ref mine 0)) (- r 1000000))))))
(display (list 'deep (deep 300))) (newline)

;; large vectors (over 256 bytes: libgc's) filled with young pairs and flonums
(define keep '())
(let loop ((i 0))
  (when (< i 3000)
    (let ((big (make-vector 100 #f)))
      (let fill ((j 0))
        (when (< j 100)
          (vector-set! big j (cons (* 1.0 (+ i j)) j))
          (fill (+ j 1))))
      (when (= 0 (modulo i 100)) (set! keep (cons big keep))))
    (loop (+ i 1))))
(define (big-ok? big)
  (let loop ((j 0))
    (or (= j 100)
        (let ((p (vector-ref big j)))
          (and (pair? p) (= (cdr p) j) (loop (+ j 1)))))))
(display (list 'big (length keep)
               (let loop ((l keep) (n 0)) (if (null? l) n (loop (cdr l) (if (big-ok? (car l)) (+ n 1) n))))
               (car (vector-ref (car keep) 99))))
(newline)
