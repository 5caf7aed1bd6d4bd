; EXPECT-STATUS: 70
; EXPECT-STDOUT: a: 3
; EXPECT-STDOUT: b: 
; EXPECT-STDERR: tests/errors/backtrace-three-calls-deep.scm:17:10: string-length: expected a string, got 5
; EXPECT-STDERR: backtrace, innermost first (tail calls and inlined calls leave no frame):
; EXPECT-STDERR: #0 total-length tests/errors/backtrace-three-calls-deep.scm:14:1
; EXPECT-STDERR: #1 report tests/errors/backtrace-three-calls-deep.scm:18:1
; EXPECT-STDERR: #2 run-all tests/errors/backtrace-three-calls-deep.scm:23:1
; EXPECT-STDERR: #3 <top level> tests/errors/backtrace-three-calls-deep.scm
; COMPILE-FLAGS: -fno-inline
; An error three non-tail calls deep prints its message, then the Scheme frames innermost
; first: each procedure's name and the location of its definition. -fno-inline: at -O2 clang
; inlines procedures called from one place, whose frames then do not show (README, Backtraces).
(define (total-length items)
  (if (null? items)
      0
      (+ (string-length (car items)) (total-length (cdr items)))))
(define (report title items)
  (display title)
  (display (total-length items))
  (newline)
  (length items))
(define (run-all groups)
  (if (null? groups)
      0
      (+ (report (caar groups) (cdar groups)) (run-all (cdr groups)))))
(display (run-all (list (list "a: " "x" "yy") (list "b: " "zzz" 5 "w"))))
(newline)
