; R7RS 6.13.2: read, the datum reader at run time, from string ports: lists, dotted pairs,
; vectors, bytevectors, strings with escapes, characters, numbers of every kind, booleans,
; symbols with |...|, the quote abbreviations, the three kinds of comments, the eof object,
; and read-error? on malformed input.
(define (read-all s)
  (let ((p (open-input-string s)))
    (let loop ((acc '()))
      (let ((d (read p)))
        (if (eof-object? d) (reverse acc) (loop (cons d acc)))))))
(define (show x) (write x) (newline))
(show (read-all "(a b c) (1 . 2) (a b . c) () #(1 \"two\" #\\3) #u8(0 255 7)"))
(show (read-all "\"a\\tb\\nc\\\\d\\\"e\\x41;\" \"line \\\n    continued\""))
(show (read-all "#\\a #\\space #\\newline #\\x41 #\\x #\\( #\\tab #\\alarm #\\delete #\\λ"))
(show (read-all "42 -17 3.5 -0.25 1e3 #xff #b101 #o17 #e1.5e2 #i3 123456789012345678901234567890 +inf.0 -inf.0 .5"))
(show (read-all "#t #f #true #false"))
(show (read-all "foo Bar |hello world| + - ... ->x <=? λx a.b"))
(show (read-all "'x `(a ,b ,@c) '(quote y)"))
(show (read-all "1 ; a comment\n 2 #| block #| nested |# |# 3 #;(skipped datum) 4 #; 5 6"))
(show (read-all "[a b] (c [d])"))
(show (read-all ""))
(show (read-all "   ; only a comment"))
(show (eof-object? (read (open-input-string ""))))
;; reading symbols gives interned symbols, numbers exact or not as written
(let ((d (read (open-input-string "(define (f x) (* x 2))"))))
  (show (list (eq? (car d) 'define) (eq? (caadr d) 'f) (exact? (caddr (caddr d))))))
(define (read-fails? s)
  (call/cc (lambda (k)
    (with-exception-handler
      (lambda (c) (k (list 'read-error (read-error? c) (error-object? c))))
      (lambda () (read-all s))))))
(show (read-fails? "(1 2"))
(show (read-fails? ")"))
(show (read-fails? "\"unterminated"))
(show (read-fails? "#\\nosuchname"))
