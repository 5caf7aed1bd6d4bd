; syntax-rules ellipsis (R7RS 4.3.2): nested depth, ellipsis followed by more patterns,
; dotted tails after an ellipsis, and the (... ...) escape.
(define-syntax my-let
  (syntax-rules ()
    ((_ ((name val) ...) body1 body2 ...)
     ((lambda (name ...) body1 body2 ...) val ...))))
(write (my-let ((a 1) (b 2)) (+ a b))) (newline)

;; nested ellipsis: depth 2
(define-syntax flatten-lists
  (syntax-rules ()
    ((_ (a b ...) ...) '(a ... (b ... ...)))))
(write (flatten-lists (1 2 3) (4) (5 6))) (newline)

(define-syntax table
  (syntax-rules ()
    ((_ (key val ...) ...) (list (cons 'key (list val ...)) ...))))
(write (table (a 1 2) (b) (c 3))) (newline)

;; ellipsis after a non-final element: (a ... b c)
(define-syntax last-two
  (syntax-rules ()
    ((_ a ... b c) '((a ...) b c))))
(write (last-two 1 2 3 4 5)) (newline)
(write (last-two 1 2)) (newline)

;; dotted tail after the ellipsis
(define-syntax split-tail
  (syntax-rules ()
    ((_ a ... . r) '((a ...) r))))
(write (split-tail 1 2 3)) (newline)

;; vector with ellipsis in the middle
(define-syntax vec-ends
  (syntax-rules ()
    ((_ #(first middle ... last)) '(first last (middle ...)))))
(write (vec-ends #(1 2 3 4))) (newline)
(define-syntax vec-make
  (syntax-rules ()
    ((_ x ...) (quote #(x ... end)))))
(write (vec-make 1 2)) (newline)

;; (... ...) escapes an ellipsis: a macro that defines a macro
(define-syntax def-lister
  (syntax-rules ()
    ((_ name) (define-syntax name
                (syntax-rules ()
                  ((_ args (... ...)) (list 'name args (... ...))))))))
(def-lister tagged)
(write (tagged 1 2 3)) (newline)

;; zero matches of an ellipsis
(define-syntax count-args
  (syntax-rules ()
    ((_) 0)
    ((_ x y ...) (+ 1 (count-args y ...)))))
(write (count-args)) (write (count-args a b c d)) (newline)

;; a pattern variable of depth 0 used inside an ellipsis template
(define-syntax tag-all
  (syntax-rules ()
    ((_ t x ...) '((t x) ...))))
(write (tag-all k 1 2 3)) (newline)
