; The nursery (runtime/nursery.c) turns itself off when it does not pay: here every new pair
; is stored into a long-lived vector of the collected heap, so every store is remembered and
; every pair promoted, as in the ecraven fft (2.2x slower with the nursery on); after 16
; minor collections over the limits it freezes, and the program goes on with libgc's free
; lists, its results unchanged. Outputs from Chez.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: REGAL_NURSERY_STATS=1
; EXPECT-STDERR: frozen: its collections cost too much
(import (scheme base) (scheme write))
(define n 100000)
(define v #f)
(set! v (make-vector n (cons 0.0 0)))   ; assigned: in the collected heap
(define (pass! k)
  (let loop ((i 0))
    (when (< i n)
      (vector-set! v i (cons (+ (car (vector-ref v i)) 1.0) k))
      (loop (+ i 1)))))
(let loop ((k 0)) (when (< k 60) (pass! k) (loop (+ k 1))))
(define (total)
  (let loop ((i 0) (s 0.0)) (if (= i n) s (loop (+ i 1) (+ s (car (vector-ref v i)))))))
(display (total)) (newline)
(display (list (vector-ref v 0) (vector-ref v (- n 1)))) (newline)
