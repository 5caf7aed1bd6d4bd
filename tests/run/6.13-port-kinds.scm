; R7RS 6.13: a port is textual or binary. The character operations (read-char, peek-char,
; read-line, read-string, char-ready?, read, write-char, write-string, newline, display,
; write) take a textual port, the byte ones (read-u8, peek-u8, u8-ready?, read-bytevector,
; read-bytevector!, write-u8, write-bytevector) a binary one; the other kind "is an error",
; which Regal raises, as Chez Scheme does: on string and bytevector ports, on file ports
; opened textual or binary, and on the current ports (textual), the default of each
; procedure. flush-output-port takes either kind; get-output-string wants a string port.
; The port stays usable after the error. Files: this test's source is read, /dev/null
; written, so that the -O0 and -O2 runs share no file. Output from Chez Scheme 9.5.
(define (try name thunk)
  (write (list name (guard (e (#t 'error)) (thunk) 'ok)))
  (newline))
(define self "tests/run/6.13-port-kinds.scm")

; string and bytevector ports
(define sin (open-input-string "abc"))
(define sout (open-output-string))
(define bin (open-input-bytevector (bytevector 97 98 99)))
(define bout (open-output-bytevector))
(try 'read-u8/string (lambda () (read-u8 sin)))
(try 'peek-u8/string (lambda () (peek-u8 sin)))
(try 'u8-ready?/string (lambda () (u8-ready? sin)))
(try 'read-bytevector/string (lambda () (read-bytevector 2 sin)))
(try 'read-bytevector!/string (lambda () (read-bytevector! (make-bytevector 2) sin)))
(try 'write-u8/string (lambda () (write-u8 65 sout)))
(try 'write-bytevector/string (lambda () (write-bytevector (bytevector 65) sout)))
(try 'read-char/bytevector (lambda () (read-char bin)))
(try 'peek-char/bytevector (lambda () (peek-char bin)))
(try 'char-ready?/bytevector (lambda () (char-ready? bin)))
(try 'read-line/bytevector (lambda () (read-line bin)))
(try 'read-string/bytevector (lambda () (read-string 2 bin)))
(try 'read/bytevector (lambda () (read bin)))
(try 'write-char/bytevector (lambda () (write-char #\a bout)))
(try 'write-string/bytevector (lambda () (write-string "a" bout)))
(try 'newline/bytevector (lambda () (newline bout)))
(try 'display/bytevector (lambda () (display "a" bout)))
(try 'write/bytevector (lambda () (write 'a bout)))
(try 'get-output-string/bytevector (lambda () (get-output-string bout)))
(try 'flush-output-port/bytevector (lambda () (flush-output-port bout)))
(try 'flush-output-port/string (lambda () (flush-output-port sout)))
; nothing was read or written by the failed calls
(write (list (read-char sin) (read-u8 bin) (get-output-string sout) (get-output-bytevector bout)))
(newline)
(write-u8 66 bout)
(write-char #\b sout)
(write (list (get-output-string sout) (get-output-bytevector bout)))
(newline)

; file ports, textual and binary
(define tin (open-input-file self))
(define fbin (open-binary-input-file self))
(define tout (open-output-file "/dev/null"))
(define fbout (open-binary-output-file "/dev/null"))
(try 'read-u8/textual-file (lambda () (read-u8 tin)))
(try 'read-bytevector/textual-file (lambda () (read-bytevector 4 tin)))
(try 'write-u8/textual-file (lambda () (write-u8 65 tout)))
(try 'write-bytevector/textual-file (lambda () (write-bytevector (bytevector 65) tout)))
(try 'read-char/binary-file (lambda () (read-char fbin)))
(try 'read-line/binary-file (lambda () (read-line fbin)))
(try 'write-char/binary-file (lambda () (write-char #\a fbout)))
(try 'display/binary-file (lambda () (display 42 fbout)))
(write (list (read-char tin) (read-u8 fbin)))
(newline)
(for-each close-port (list tin fbin tout fbout))

; the current ports are textual
(try 'write-u8/current-output (lambda () (write-u8 65)))
(try 'write-u8/current-output-port (lambda () (write-u8 65 (current-output-port))))
(try 'write-bytevector/current-error-port
     (lambda () (write-bytevector (bytevector 65) (current-error-port))))
(try 'read-u8/current-input (lambda () (read-u8)))
(try 'parameterize/bytevector (lambda () (parameterize ((current-output-port bout)) 'x)))
(define sout2 (open-output-string))
(try 'parameterize/string (lambda () (parameterize ((current-output-port sout2)) (write-char #\c))))
(write (get-output-string sout2))
(newline)
