; EXPECT-STATUS: 70
; EXPECT-STDOUT: building
; EXPECT-STDERR: tests/errors/backtrace-recursion-and-raise.scm:17:13: error: uncaught exception: (too-deep 0)
; EXPECT-STDERR: backtrace, innermost first (tail calls and inlined calls leave no frame):
; EXPECT-STDERR: #0 build tests/errors/backtrace-recursion-and-raise.scm:15:1 (4 frames)
; EXPECT-STDERR: #1 start tests/errors/backtrace-recursion-and-raise.scm:20:1
; EXPECT-STDERR: #2 <top level> tests/errors/backtrace-recursion-and-raise.scm
; COMPILE-FLAGS: -fno-inline
; An uncaught raise of any object prints the backtrace too. A run of frames of one procedure
; (a non-tail recursion, 4 calls of build) is one line with its count. `loop` calls build in
; tail position: a tail call replaces its caller's frame (R7RS 3.5), so loop never shows and
; build's frames sit on start's. The raise and start's call are not in tail position: clang
; makes any C call in tail position a jump at -O2 (and so that frame would show at -O0 only).
; (raise obj) reports its location, then the object.
(define (build n)
  (if (= n 0)
      (list (raise (list 'too-deep n)))
      (cons n (build (- n 1)))))
(define (loop k) (if (> k 0) (loop (- k 1)) (build 3)))
(define (start)
  (display "building")
  (newline)
  (let ((r (loop 5)))
    (write r)
    (length r)))
(write (start))
