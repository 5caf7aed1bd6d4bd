; memq, memv, member, assq, assv and assoc on a list that is not proper, or an association list
; with an element that is not a pair: an error when the search reaches the bad part (R7RS: it
; is an error; Chez raises), the answer when the key comes first. Inline (compiled calls) and
; through procedure values (the runtime's), the same.
(define (try thunk)
  (call-with-current-continuation
    (lambda (k) (with-exception-handler (lambda (e) (k 'error)) thunk))))
(define (show . xs) (display xs) (newline))
(show (try (lambda () (assq 'x '(1 2))))
      (try (lambda () (assq 'x '((a . 1) . 5))))
      (try (lambda () (assq 'a '((a . 1) 2))))
      (try (lambda () (memq 'x '(a . b))))
      (try (lambda () (memq 'a '(a . b))))
      (try (lambda () (memv 1.5 '(1 . 2))))
      (try (lambda () (memv 'z '(1 . 2))))
      (try (lambda () (assv 2 '((1 . 1) 3))))
      (try (lambda () (assv 1 '((1 . 1) 3))))
      (try (lambda () (member "x" '("a" . "b"))))
      (try (lambda () (member "a" '("a" . "b"))))
      (try (lambda () (assoc "x" '(("a" . 1) . 2))))
      (try (lambda () (assoc 2.0 '((1 . 1) (2.0 . 2) . 3)))))
(define (via f . args) (try (lambda () (apply f args))))
(show (via assq 'x '(1 2)) (via memq 'x '(a . b)) (via memv 'x '(a . b)) (via assv 'x '((a . 1) b))
      (via member 'x '(a . b)) (via assoc 'x '((a . 1) . b)) (via assq 'a '((a . 1) . b)))
(show (assq 'b '((a . 1) (b . 2))) (memq 'c '(a b c)) (assv 2 '((1 . 1) (2 . 2))) (memv 3 '()))
