; EXPECT-STATUS: 70
; EXPECT-STDERR: tests/errors/backtrace-default-flags.scm:11:7: vector-ref: index 0 out of range for vector of length 0
; EXPECT-STDERR: backtrace, innermost first (tail calls and inlined calls leave no frame):
; EXPECT-STDERR: #0 build tests/errors/backtrace-default-flags.scm:9:1 (3 frames)
; EXPECT-STDERR: <top level> tests/errors/backtrace-default-flags.scm
; The backtrace with no flag: a recursion keeps its frames at -O2 (clang cannot inline it
; away), while `show`, called from one place, is inlined at -O2 and shows at -O0 only (so
; this test does not name it).
(define (build n)
  (if (= n 0)
      (vector-ref (vector) 0)
      (cons n (build (- n 1)))))
(define (show n)
  (write (build n))
  (newline))
(show 2)
(show 2)
