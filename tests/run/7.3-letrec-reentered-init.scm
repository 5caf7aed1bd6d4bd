; R7RS 7.3 (and 4.2.2): letrec, unlike letrec*, evaluates every init into a temporary before
; it assigns any variable, so re-entering the continuation of an init evaluates the later inits
; again and then assigns every variable again, from the values of the pass that captured the
; continuation. Regal's letrec was letrec* there: a variable whose init ran before kept the
; value of a later pass or of a set!. Expected output: Chez Scheme 9.5 running this file with
; letrec defined as R7RS 7.3's syntax-rules (Chez's own letrec gives 1 for the second).
(import (scheme base) (scheme write))

; r5rs_pitfalls 1.1: #t
(write (letrec ((x (call/cc list)) (y (call/cc list)))
         (cond ((procedure? x) (x (pair? y)))
               ((procedure? y) (y (pair? x))))
         (let ((x (car x)) (y (car y)))
           (and (call/cc x) (call/cc y) (call/cc x)))))
(newline)

; r5rs_pitfalls 1.2: 0, both variables assigned again from the temporaries
(write (let ((cont #f))
         (letrec ((x (call/cc (lambda (c) (set! cont c) 0)))
                  (y (call/cc (lambda (c) (set! cont c) 0))))
           (if cont
               (let ((c cont))
                 (set! cont #f)
                 (set! x 1)
                 (set! y 1)
                 (c 0))
               (+ x y)))))
(newline)

; a variable with a constant init, set! by the body, is assigned its init's value again when
; a later init's continuation is re-entered: (2 first again)
(write (let ((n 0))
         (letrec ((a 'first) (k (call/cc (lambda (c) c))))
           (set! n (+ n 1))
           (if (procedure? k)
               (begin (set! a 'changed) (k 'again))
               (list n a k)))))
(newline)

; likewise a procedure the body replaces: (2 original)
(write (let ((n 0))
         (letrec ((f (lambda () 'original)) (k (call/cc (lambda (c) c))))
           (set! n (+ n 1))
           (if (procedure? k)
               (begin (set! f (lambda () 'replaced)) (k #f))
               (list n (f))))))
(newline)

; procedures that are never assigned keep working as before, called from the body after
; each pass (in whichever order the inits run): (3 (30 20) (odd even))
(define (count-passes)
  (let ((n 0) (again #f))
    (letrec ((ev? (lambda (k) (if (= k 0) 'even (od? (- k 1)))))
             (od? (lambda (k) (if (= k 0) 'odd (ev? (- k 1)))))
             (a (call/cc (lambda (c) (set! again c) 10)))
             (b (call/cc (lambda (c) 20))))
      (set! n (+ n 1))
      (if (< n 3) (again (* 10 (+ n 1))))
      (list n (list a b) (list (ev? 3) (od? 3))))))
(write (count-passes))
(newline)
