; A custom ellipsis identifier (R7RS 4.3.2: (syntax-rules <ellipsis> (literal ...) rule ...)),
; and ... as a literal when it is listed among the literals. R7RS only (Chez Scheme, an R6RS
; system, rejects it): the expected output was written by hand from R7RS 4.3.2.
(define-syntax my-list-of-lists
  (syntax-rules ::: ()
    ((_ (x :::) :::) (list (list x :::) :::))))
(write (my-list-of-lists (1 2) (3) ())) (newline)

;; with ::: as the ellipsis, ... is an ordinary pattern variable
(define-syntax dots
  (syntax-rules ::: ()
    ((_ ... x :::) (list ... x :::))))
(write (dots 10 20 30)) (newline)

;; a macro-defining macro: the inner macro's ellipsis is the outer's ordinary identifier
(define-syntax def-collector
  (syntax-rules ()
    ((_ name) (define-syntax name
                (syntax-rules ::: ()
                  ((_ args :::) (list 'name args :::)))))))
(def-collector coll)
(write (coll 1 2 3)) (newline)
