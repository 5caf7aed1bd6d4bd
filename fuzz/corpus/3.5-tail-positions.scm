; Tail positions (R7RS 3.5): calls in tail position inside cond, case, and, or, when, unless,
; let, let*, letrec, begin and if do not grow the stack (10,000,000 mutual calls).
(define (a n)
  (cond ((= n 0) 'done)
        (else (let ((m (- n 1)))
                (let* ((k m))
                  (letrec ((z k))
                    (begin
                      (when #t
                        (unless #f
                          (and #t
                               (or #f
                                   (case (remainder z 2)
                                     ((0) (b z))
                                     (else (if #t (b z) #f))))))))))))))
(define (b n) (a n))
(display (a 10000000))
(newline)
