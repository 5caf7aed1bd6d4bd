; The nursery (runtime/nursery.c) turns itself off when the program keeps what it allocates:
; here a list of 6 M pairs grows and stays alive to the end, so every minor collection
; promotes (copies into libgc) all the pairs made since the last one, as in the ecraven mperm
; (2.2x slower with the nursery on, before this rule). Over the first 16 minor collections
; more than 90% of the bytes handed out are promoted, and it freezes there; without the rule
; (REGAL_NURSERY_SURVIVAL=100) it collects 22 times and never freezes. Outputs from Chez.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: REGAL_NURSERY_STATS=1
; EXPECT-STDERR: regal nursery: 16 minor collections
; EXPECT-STDERR: frozen: its collections cost too much
(import (scheme base) (scheme write))
(define big '())   ; assigned: its pairs are in the collected heap
(define (build n) (when (> n 0) (set! big (cons n big)) (build (- n 1))))
(define (sum l acc) (if (null? l) acc (sum (cdr l) (+ acc (car l)))))
(build 6000000)
(display (sum big 0))
(newline)
(display (length big))
(newline)
