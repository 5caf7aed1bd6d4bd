; Ports shared by threads (SRFI 18): once the program has started a thread, every port
; operation takes the port's lock (runtime/port.c), so threads writing to one string port or
; one file port lose nothing and never split a write-string, and threads reading lines from
; one port each get whole lines, every line once. tests/tsan.sh runs it under ThreadSanitizer.
; (Chez Scheme 9.5, through tests/chez/check.sh with write-string and read-line defined, gives
; this output when its threads do not overlap; its ports take no lock, and it loses lines when
; they do.)
(import (scheme base) (scheme write) (scheme file) (scheme read) (srfi 18))

(define (line-of k i)
  (string-append "thread " (number->string k) " line " (number->string i) "\n"))
(define (writers port)
  (map (lambda (k)
         (thread-start!
          (make-thread
           (lambda ()
             (do ((i 0 (+ i 1))) ((= i 2000)) (write-string (line-of k i) port))))))
       '(0 1 2 3)))

; a line "thread K line I" read back: (K I), or #f when it is not whole
(define (parse l)
  (let* ((p (open-input-string l)) (a (read p)) (k (read p)) (b (read p)) (i (read p)))
    (and (eq? a 'thread) (integer? k) (eq? b 'line) (integer? i) (eof-object? (read p))
         (list k i))))

; every writer's lines, in its order, whole
(define (check-lines lines)
  (let ((next (make-vector 4 0)) (bad 0))
    (for-each (lambda (l)
                (let ((ki (parse l)))
                  (if (and ki (= (cadr ki) (vector-ref next (car ki))))
                      (vector-set! next (car ki) (+ 1 (vector-ref next (car ki))))
                      (set! bad (+ bad 1)))))
              lines)
    (list (vector->list next) bad)))

(define (port-lines port)
  (let loop ((l '()))
    (let ((x (read-line port)))
      (if (eof-object? x) (reverse l) (loop (cons x l))))))

; four writers on one string port
(define out (open-output-string))
(for-each thread-join! (writers out))
(define text (get-output-string out))
(write (cons 'string-port (check-lines (port-lines (open-input-string text))))) (newline)

; four writers on one file port
(when (file-exists? "shared-ports.txt") (delete-file "shared-ports.txt"))
(define f (open-output-file "shared-ports.txt"))
(for-each thread-join! (writers f))
(close-port f)
(write (cons 'file-port (call-with-input-file "shared-ports.txt"
                          (lambda (p) (check-lines (port-lines p))))))
(newline)

; four readers of one input port: whole lines, each read once
(define (readers port)
  (map (lambda (k)
         (thread-start!
          (make-thread
           (lambda ()
             (let loop ((n 0) (bad 0))
               (let ((l (read-line port)))
                 (if (eof-object? l)
                     (list n bad)
                     (loop (+ n 1) (if (parse l) bad (+ bad 1))))))))))
       '(0 1 2 3)))
(define (total results)
  (list (apply + (map car results)) (apply + (map cadr results))))
(write (cons 'string-readers (total (map thread-join! (readers (open-input-string text))))))
(newline)
(define in (open-input-file "shared-ports.txt"))
(write (cons 'file-readers (total (map thread-join! (readers in)))))
(newline)
(close-port in)
(delete-file "shared-ports.txt")

; characters one at a time: four threads write-char and display to one port, four read-char
; and peek-char from one port; every character arrives, and is read, once
(define chars (open-output-string))
(for-each thread-join!
          (map (lambda (c)
                 (thread-start!
                  (make-thread
                   (lambda ()
                     (do ((i 0 (+ i 1))) ((= i 3000))
                       (write-char c chars)
                       (display 7 chars))))))
               (list #\a #\x3bb #\b #\x20ac)))
(define (count-chars s)
  (let ((v (make-vector 5 0)))
    (string-for-each
     (lambda (c)
       (let ((i (case c ((#\a) 0) ((#\x3bb) 1) ((#\b) 2) ((#\x20ac) 3) ((#\7) 4) (else #f))))
         (when i (vector-set! v i (+ 1 (vector-ref v i))))))
     s)
    (vector->list v)))
(define chars-text (get-output-string chars))
(write (cons 'write-char (count-chars chars-text))) (newline)
(define cin (open-input-string chars-text))
(write (cons 'read-char
             (apply map +
                    (map thread-join!
                         (map (lambda (k)
                                (thread-start!
                                 (make-thread
                                  (lambda ()
                                    (let loop ((l '()))
                                      (peek-char cin)
                                      (let ((c (read-char cin)))
                                        (if (eof-object? c)
                                            (count-chars (list->string l))
                                            (loop (cons c l)))))))))
                              '(0 1 2 3))))))
(newline)
