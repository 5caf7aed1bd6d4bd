; -fprofile-heap: each allocation site that region inference puts in the collected heap
; allocates through a stand-in region of its own, which counts what it makes there; the
; program prints the sites by bytes at exit, with why each is in the heap (the reasons of
; --explain-regions) and the bytes by reason. Here a list kept in a global holds a vector per
; iteration: the cons goes to the heap as a global's value, the call making the vector as
; its result passed to a procedure that keeps it (the callee's vector counted against that
; call site). Output from Chez.
; COMPILE-FLAGS: -fprofile-heap
; EXPECT-STDERR: regal heap profile:
; EXPECT-STDERR: KiB in 2000 objects
; EXPECT-STDERR: 1000  tests/run/profile-heap.scm:21:16, result of 'make-point': passed to 'remember!', which keeps it at tests/run/profile-heap.scm:21:5
; EXPECT-STDERR: 1000  tests/run/profile-heap.scm:17:34, cons: assigned to global 'kept' at tests/run/profile-heap.scm:17:23
; EXPECT-STDERR: 60.0%  passed to a procedure that keeps them
; EXPECT-STDERR: 40.0%  a global's value
(import (scheme base) (scheme write))
(define kept '())
(define (remember! x) (set! kept (cons x kept)))
(define (make-point x y) (vector x y))
(define (loop i)
  (when (< i 1000)
    (remember! (make-point i (* i i)))
    (loop (+ i 1))))
(loop 0)
(define (sum-points l acc)
  (if (null? l) acc (sum-points (cdr l) (+ acc (vector-ref (car l) 1)))))
(display (sum-points kept 0))
(newline)
