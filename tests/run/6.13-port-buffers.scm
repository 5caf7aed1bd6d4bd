; R7RS 6.13: text and bytes through the ports' buffers (16 KiB in Regal), across many refills
; and flushes: characters of 1 to 4 bytes in UTF-8, so that sequences are cut by the end of a
; buffer at every offset; read-char against peek-char, read-line (a line longer than a
; buffer, CR LF kept as CR), read-string in chunks, read of data crossing refills, binary
; ports (read-bytevector across refills, peek-u8, read-u8 at the end), a sequence cut by the
; end of file, peek-char at the end, close-port, string ports of the same text.
; (The output is Chez Scheme's, with Chez 9.5's names for the R7RS procedures it lacks.)
(define chars (vector #\a #\x3bb #\x20ac #\x1d11e #\space #\newline #\b #\return #\x7f #\x80))
(define (text-char i) (vector-ref chars (modulo (* i 7) (if (< i 100000) 10 6))))
(define n 150000)
(define (sum-update sum c) (modulo (+ (* sum 31) (char->integer c)) 1000003))

(define (write-text port)
  (do ((i 0 (+ i 1))) ((= i n)) (write-char (text-char i) port)))

(when (file-exists? "port-buffers.txt") (delete-file "port-buffers.txt"))
(call-with-output-file "port-buffers.txt" write-text)

; the text itself: length and checksum
(define (expected)
  (let loop ((i 0) (sum 0))
    (if (= i n) sum (loop (+ i 1) (sum-update sum (text-char i))))))
(display (list 'written n (expected))) (newline)

; read-char
(define (read-all port)
  (let loop ((k 0) (sum 0))
    (let ((c (read-char port)))
      (if (eof-object? c) (list k sum) (loop (+ k 1) (sum-update sum c))))))
(display (cons 'read-char (call-with-input-file "port-buffers.txt" read-all))) (newline)

; peek-char then read-char, each character compared
(define (peek-read port)
  (let loop ((k 0) (bad 0))
    (let* ((p (peek-char port)) (c (read-char port)))
      (cond ((eof-object? c) (list k bad (eof-object? p) (eof-object? (peek-char port))
                                   (eof-object? (read-char port))))
            (else (loop (+ k 1) (if (eqv? p c) bad (+ bad 1))))))))
(display (cons 'peek-char (call-with-input-file "port-buffers.txt" peek-read))) (newline)

; read-line: lines, characters, the longest line, lines ending in CR
(define (lines port)
  (let loop ((k 0) (total 0) (longest 0) (cr 0) (sum 0))
    (let ((l (read-line port)))
      (if (eof-object? l)
          (list k total longest cr sum)
          (let ((len (string-length l)))
            (loop (+ k 1) (+ total len) (max longest len)
                  (if (and (> len 0) (char=? (string-ref l (- len 1)) #\return)) (+ cr 1) cr)
                  (let s ((j 0) (sum sum))
                    (if (= j len) sum (s (+ j 1) (sum-update sum (string-ref l j)))))))))))
(display (cons 'read-line (call-with-input-file "port-buffers.txt" lines))) (newline)

; read-string in chunks of 1000 and of 16385 characters
(define (chunks k)
  (lambda (port)
    (let loop ((count 0) (total 0) (sum 0))
      (let ((s (read-string k port)))
        (if (eof-object? s)
            (list count total sum)
            (loop (+ count 1) (+ total (string-length s))
                  (let c ((j 0) (sum sum))
                    (if (= j (string-length s)) sum (c (+ j 1) (sum-update sum (string-ref s j)))))))))))
(display (cons 'read-string-1000 (call-with-input-file "port-buffers.txt" (chunks 1000)))) (newline)
(display (cons 'read-string-16385 (call-with-input-file "port-buffers.txt" (chunks 16385)))) (newline)

; the same text from a string port, and written through write-string to a file
(define whole (call-with-input-file "port-buffers.txt" (lambda (p) (read-string (* 2 n) p))))
(display (list 'string (string-length whole) (equal? whole (read-string (* 2 n) (open-input-string whole)))))
(newline)
(display (cons 'string-port (read-all (open-input-string whole)))) (newline)
(when (file-exists? "port-buffers2.txt") (delete-file "port-buffers2.txt"))
(call-with-output-file "port-buffers2.txt"
  (lambda (p)
    (let loop ((i 0))
      (when (< i (string-length whole))
        (write-string (substring whole i (min (string-length whole) (+ i 777))) p)
        (loop (+ i 777))))))
(display (cons 'write-string (call-with-input-file "port-buffers2.txt" read-all))) (newline)

; a line longer than a buffer, and a last line without a newline
(when (file-exists? "port-buffers3.txt") (delete-file "port-buffers3.txt"))
(call-with-output-file "port-buffers3.txt"
  (lambda (p)
    (write-string (make-string 40000 #\x3bb) p) (newline p)
    (write-string "short" p) (write-char #\return p) (newline p)
    (write-string "last" p)))
(call-with-input-file "port-buffers3.txt"
  (lambda (p)
    (let* ((a (read-line p)) (b (read-line p)) (c (read-line p)) (d (read-line p)))
      (write (list (string-length a) (string=? a (make-string 40000 #\x3bb)) b c (eof-object? d))))))
(newline)

; read: data that cross refills
(when (file-exists? "port-buffers4.txt") (delete-file "port-buffers4.txt"))
(call-with-output-file "port-buffers4.txt"
  (lambda (p)
    (do ((i 0 (+ i 1))) ((= i 4000))
      (write (list i "str\x3bb;ing" #\x20ac (* i 1.5) 'sym-bol (vector i (- i))) p)
      (newline p))))
(call-with-input-file "port-buffers4.txt"
  (lambda (p)
    (let loop ((i 0) (ok 0))
      (let ((d (read p)))
        (if (eof-object? d)
            (begin (write (list 'read i ok)) (newline))
            (loop (+ i 1)
                  (if (equal? d (list i "str\x3bb;ing" #\x20ac (* i 1.5) 'sym-bol (vector i (- i))))
                      (+ ok 1)
                      ok)))))))

; binary ports: bytes across refills, a sequence cut by the end of file read as text
(when (file-exists? "port-buffers.bin") (delete-file "port-buffers.bin"))
(let ((p (open-binary-output-file "port-buffers.bin")))
  (do ((i 0 (+ i 1))) ((= i 50000)) (write-u8 (modulo (* i 13) 256) p))
  (write-bytevector (bytevector 97 226 130 172 98 255 99 226 130) p)
  (close-port p))
(let ((p (open-binary-input-file "port-buffers.bin")))
  (let loop ((total 0) (sum 0))
    (let ((b (read-bytevector 7001 p)))
      (if (eof-object? b)
          (begin (write (list 'bytes total sum (eof-object? (peek-u8 p)) (eof-object? (read-u8 p)))) (newline))
          (loop (+ total (bytevector-length b))
                (let s ((j 0) (sum sum))
                  (if (= j (bytevector-length b)) sum
                      (s (+ j 1) (modulo (+ (* sum 31) (bytevector-u8-ref b j)) 1000003)))))))))
(call-with-input-file "port-buffers.bin"
  (lambda (p)
    (read-string 50000 p)
    (let loop ((l '()))
      (let ((c (read-char p)))
        (if (eof-object? c)
            (begin (write (reverse l)) (newline))
            (loop (cons (char->integer c) l)))))))

; close-port: closed for reading; closing again is harmless
(define p (open-input-file "port-buffers.txt"))
(read-char p)
(close-port p)
(close-port p)
(display (input-port-open? p)) (newline)
(for-each delete-file '("port-buffers.txt" "port-buffers2.txt" "port-buffers3.txt"
                        "port-buffers4.txt" "port-buffers.bin"))
