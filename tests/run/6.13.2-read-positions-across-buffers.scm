; R7RS 6.13.2 read: the line and column a read error names are counted in characters across
; many refills of a file port's buffer (runtime/port.c counts them lazily, over the bytes each
; refill drops), with multi-byte characters before the error and on its line, in a file and
; in a string port of the same text. (Chez Scheme 9.5 reads the same data; its messages
; differ.)
(define (text o)
  (do ((i 0 (+ i 1))) ((= i 3000))
    (write (list i "λλλ €€ 𝄞") o)
    (write-string " ; λ comment λ\n" o))
  (write-string "(λλ\n  € (a b . ))\n" o))
(define name "read-positions-across-buffers.txt")
(when (file-exists? name) (delete-file name))
(call-with-output-file name text)
(define (read-all p)
  (let loop ((n 0))
    (let ((d (guard (c ((read-error? c) (error-object-message c))) (read p))))
      (if (string? d)
          (begin (display n) (newline) (display d) (newline))
          (loop (+ n 1))))))
(call-with-input-file name read-all)
(read-all (open-input-string (call-with-output-string text)))
(delete-file name)
