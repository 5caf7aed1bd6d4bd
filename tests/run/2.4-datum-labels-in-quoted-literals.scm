; R7RS 2.4: datum labels in the program's quoted literals. #n= names a datum, #n# is the same
; object (eq?), and a reference inside the labelled datum makes it circular; the compiler
; emits such constants as static C data that point at each other. (Chez Scheme 9.5 prints
; the same, after its "cycle detected" warnings, up to the circular vector written without
; quote: R7RS's vectors are self-evaluating literals, Chez rejects that one as syntax.)
(define (show x) (write x) (newline))
(define x '#0=(1 2 . #0#))
(show x)
(show (eq? x (cddr x)))
(define y '(#0=(a b) #0# #0#))
(show y)
(show (and (eq? (car y) (cadr y)) (eq? (cadr y) (caddr y))))
(define v '#0=#(1 #0# #1=(x . #1#)))
(show v)
(show (eq? v (vector-ref v 1)))
(show '#0=((nested #0#) b))
(show '(#0=a #1=#0# #1#))
(show '(p #0=(q r) . #0#))
(define s '(#0="shared" #0#))
(show (eq? (car s) (cadr s)))
; a literal whose cycle runs through the quote form itself
(define z '#0=(display '#0#))
(show (eq? z (cadr (cadr z))))
(show (equal? '#0=(1 2 . #0#) '#1=(1 2 1 2 . #1#)))
; labels nest deeper than the text does
(show '(#0=(x) #1=(#0#) #2=(#1#) #2#))
; self-evaluating vectors may be circular too
(show (let ((w #0=#(w #0#))) (eq? w (vector-ref w 1))))
; the same literal each time the expression is evaluated
(define (f) '#0=(k . #0#))
(show (eq? (f) (f)))
