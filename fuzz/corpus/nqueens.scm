;; nqueens.scm: the N-queens problem. Counts the ways to place N queens on an N x N board
;; so that no two attack each other, for N = 1..10, then draws the first solution for N = 8.
;; Run by `make example`.

;; Can a queen go in the next row at column col, given the columns of the queens already
;; placed (most recent row first)?
(define (safe? col placed)
  (let loop ((rest placed) (distance 1))
    (cond ((null? rest) #t)
          ((or (= (car rest) col)
               (= (abs (- (car rest) col)) distance))
           #f)
          (else (loop (cdr rest) (+ distance 1))))))

;; The number of ways to complete a board of size n that has the queens `placed`.
(define (count-solutions n)
  (let place ((row 0) (placed '()))
    (if (= row n)
        1
        (do ((col 0 (+ col 1))
             (total 0 (if (safe? col placed)
                          (+ total (place (+ row 1) (cons col placed)))
                          total)))
            ((= col n) total)))))

;; The first solution found, as a list of columns from the first row down, or #f.
(define (first-solution n)
  (let place ((row 0) (placed '()))
    (if (= row n)
        (reverse placed)
        (let try ((col 0))
          (cond ((= col n) #f)
                ((and (safe? col placed) (place (+ row 1) (cons col placed))))
                (else (try (+ col 1))))))))

(define (draw-board columns n)
  (for-each (lambda (queen-col)
              (do ((c 0 (+ c 1))) ((= c n))
                (display (if (= c queen-col) " Q" " .")))
              (newline))
            columns))

(do ((n 1 (+ n 1))) ((> n 10))
  (display "queens(")
  (display n)
  (display ") = ")
  (display (count-solutions n))
  (newline))
(newline)
(display "first solution for 8 queens: ")
(write (first-solution 8))
(newline)
(draw-board (first-solution 8) 8)
