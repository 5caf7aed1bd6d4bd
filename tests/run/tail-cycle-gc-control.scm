;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): control in the rounds of a cycle. Each round leaves a
;; dynamic-wind by raise (caught by a guard around it) or by an escape-only call/cc, raises
;; and catches (guard, with-exception-handler with raise and
;; raise-continuable, error objects whose irritants are fresh lists), and passes what the
;; handlers and escapes returned to the next round; some of it is kept to the end. One run
;; captures a continuation in the middle of the cycle and re-enters it once after the cycle
;; returned: the second pass must see the same kept objects as the first. Every round also
;; makes a list of vectors and strings in the cycle's region, dropped by the next.
(define wind-log '())
(define (note x) (set! wind-log (cons x (if (> (length wind-log) 8) '() wind-log))))

(define (leave-early i k) (if (= 0 (modulo i 5)) (k (list 'left i (list i))) 'stay))

(define (ctl-a i acc kept hook)
  (if (= i 0)
      (list acc kept)
      (let* ((escaped
              ;; an escape from a dynamic-wind by raise, caught by the guard around it, and
              ;; an escape-only call/cc
              (guard (e ((pair? e) e))
                (dynamic-wind
                 (lambda () (note (list 'in i)))
                 (lambda ()
                   (if (= 0 (modulo i 3)) (raise (list 'escaped i (make-string 2 #\e))))
                   (call/cc (lambda (k) (leave-early i k) (list 'normal i))))
                 (lambda () (note (list 'out i))))))
             (guarded
              (guard (e ((symbol? e) (list e i))
                        ((string? e) (list (string-append e "!")))
                        ((error-object? e)
                         (cons (error-object-message e) (error-object-irritants e))))
                (case (modulo i 4)
                  ((0) (raise 'sym))
                  ((1) (raise (number->string i)))
                  ((2) (error "bad round" i (list i (vector i)) "x"))
                  (else (list 'no-raise i))))))
        (ctl-b i (+ acc (cadr escaped) (length guarded)) kept hook escaped guarded
               (list (vector i (* 2 i) (list i)) (make-string 6 #\s) (list i i i)
                     (make-vector 6 (cons i i)))))))

(define (ctl-b i acc kept hook escaped guarded scratch)
  (let ((cont (with-exception-handler
               (lambda (c) (* 2 (car c)))
               (lambda () (+ 1 (raise-continuable (list i (make-vector 2 i)))))))
        (caught (guard (c ((pair? c) (list 'handled (caddr c))))
                  (with-exception-handler
                   (lambda (c) (raise (cons 'again c)))
                   (lambda () (raise (list 'thrown (list i i)))))))
        (v (hook i)))
    (ctl-a (- i 1) (+ acc cont (car (cadr caught)) v (vector-ref (car scratch) 1)
              (string-length (cadr scratch)) (length (caddr scratch)))
           (if (= 0 (modulo i 997)) (cons (list escaped guarded caught (vector-ref (car scratch) 2)) kept) kept)
           hook)))

(define (show r)
  (display (car r)) (newline)
  (display (length (cadr r))) (newline)
  (for-each (lambda (k) (write k) (newline)) (list-tail (cadr r) (- (length (cadr r)) 4))))

(show (ctl-a 30000 0 '() (lambda (i) 0)))
(write (reverse wind-log)) (newline)

;; re-entry: a continuation captured by the hook at round 15000 is called once after the cycle
;; returned; the rounds after it run again, with the kept list of round 15000.
(define (run-reentry)
  (let ((saved #f) (passes '()))
    (let ((r (ctl-a 30000 0 '()
                    (lambda (i)
                      (if (= i 15000) (call/cc (lambda (k) (set! saved k) 0)) 0)))))
      (set! passes (cons r passes))
      (if (= (length passes) 1)
          (saved 7)
          passes))))
(define passes (run-reentry))
(display (length passes)) (newline)
(for-each show passes)
(display (equal? (cadr (car passes)) (cadr (cadr passes)))) (newline)
(display (- (car (car passes)) (car (cadr passes)))) (newline)
