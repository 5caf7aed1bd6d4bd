; A continuation-passing search whose closures the tail calls of search and step pass on,
; called for a boolean from a procedure's frame (regions.c, rg_dirty_unallocated: the call
; gets that frame's region, released when check returns), many times over a long list, and
; from a loop; results that hold objects of the search (a list of found goals) still go where
; they must. Outputs from Chez Scheme.
(define (search lst goal k)
  (if (null? lst) (k #f)
      (if (equal? (car lst) goal) (k #t)
          (step (cdr lst) goal (lambda (r) (k (and r (list r goal))))))))
(define (step lst goal k) (search lst goal k))
(define (found? lst goal) (search lst goal (lambda (r) (if r #t #f))))
(define (found-how lst goal) (search lst goal (lambda (r) r)))
(define (check lst goal) (if (found? lst goal) 'yes 'no))
(define (iota* n) (let loop ((i (- n 1)) (acc '())) (if (< i 0) acc (loop (- i 1) (cons (list i) acc)))))
(define big (iota* 3000))
(define (count-yes goals)
  (let loop ((g goals) (n 0))
    (if (null? g) n (loop (cdr g) (if (eq? (check big (car g)) 'yes) (+ n 1) n)))))
(write (count-yes (map (lambda (x) (list (* (car x) 7))) (iota* 400)))) (newline)
(write (map (lambda (g) (check big g)) '((0) (2999) (3000) (-1)))) (newline)
(write (found-how (iota* 5) '(3))) (newline)
(write (let loop ((i 0) (acc '())) (if (= i 5) (reverse acc) (loop (+ i 1) (cons (found? big (list (* i 1000))) acc)))))
(newline)
