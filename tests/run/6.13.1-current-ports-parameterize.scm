; R7RS 6.13.1: current-output-port, current-error-port and current-input-port are parameter
; objects, so parameterize captures output and redirects input, and every escape (a
; continuation, a raise caught by guard) gives the old port back; with-output-to-string,
; call-with-output-string and with-input-from-string (Chez Scheme's) bind the same way.
; Chez Scheme 9.5 prints the same with tests/conformance/chez-prelude.scm (for read-line and
; call-with-output-string, which it lacks).
(define (show x) (write x) (newline))
(define out (open-output-string))
(parameterize ((current-output-port out))
  (display "captured ")
  (write '(1 "two")))
(show (get-output-string out))
(show (with-output-to-string (lambda () (display "hello") (newline))))
(show (call-with-output-string (lambda (p) (write 'sym p))))
(show (with-input-from-string "(a b) c" (lambda () (let* ((x (read)) (y (read))) (list y x)))))
(show (parameterize ((current-input-port (open-input-string "line 1\nline 2"))) (read-line) (read-line)))
; an escape out of the parameterize body: the output is back on stdout
(define k-out (open-output-string))
(show (call/cc (lambda (k) (parameterize ((current-output-port k-out)) (display "partial") (k 'escaped)))))
(display "on stdout again\n")
(show (get-output-string k-out))
(define g-out (open-output-string))
(show (guard (e ((symbol? e) (list e (get-output-string g-out))))
        (parameterize ((current-output-port g-out)) (display "before the raise") (raise 'oops))))
; nested captures, and the error port
(show (with-output-to-string
        (lambda () (display "outer[") (display (with-output-to-string (lambda () (display "inner")))) (display "]"))))
(define e (open-output-string))
(parameterize ((current-error-port e)) (display "to the error port" (current-error-port)))
(show (get-output-string e))
; the current port is a value that outlives a loop's iterations
(define (capture-all n)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc)
        (loop (+ i 1) (cons (with-output-to-string (lambda () (display i) (display "!"))) acc)))))
(show (capture-all 5))
