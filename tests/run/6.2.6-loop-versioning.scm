; Loop versioning (compiler/version.c): a loop whose variables may be flonums gets a typed copy
; entered after a check of their types at its head. The values come from `read`, so inference
; cannot know them: each loop runs with flonums (the check passes), fixnums (it fails, then
; passes once the variables have become flonums), bignums, ratnums and compnums (generic
; arithmetic all along or until they become flonums), -0.0, infinities and NaN. R7RS 6.2.6.
(define in (open-input-string
  "1e1 10 12345678901234567890 7/2 -0.0 +nan.0 +inf.0 1+2i 0.25 1/4 3 -1.5 1e300"))
(define (next) (read in))
(define flo (next)) (define fix (next)) (define big (next)) (define rat (next))
(define negz (next)) (define nan (next)) (define inf (next)) (define cplx (next))
(define quarter (next)) (define qrat (next)) (define three (next)) (define neg (next))
(define huge (next))

(define (show . xs) (for-each (lambda (x) (write x) (display " ")) xs) (newline))

; sumfp's loop: i and sum checked
(define (sum-down n)
  (let loop ((i n) (sum 0.))
    (if (< i 0.) sum (loop (- i 1.) (+ i sum)))))
(show (sum-down flo) (sum-down fix) (sum-down rat) (sum-down three) (sum-down negz))
(show (sum-down (* big 1/1234567890123456789)))

; an exact accumulator: the copy is never entered (sum stays exact until i is a flonum)
(define (sum-exact n)
  (let loop ((i n) (sum 0))
    (if (< i 0) sum (loop (- i 1) (+ i sum)))))
(show (sum-exact fix) (sum-exact rat) (sum-exact flo) (sum-exact (- big 12345678901234567880)))

; mbrot's loop: zr, zi and the free variables cr, ci checked
(define (count cr ci)
  (let loop ((zr cr) (zi ci) (c 0))
    (if (= c 64)
        c
        (let ((zr2 (* zr zr)) (zi2 (* zi zi)))
          (if (> (+ zr2 zi2) 16.)
              c
              (loop (+ (- zr2 zi2) cr) (+ (* 2. (* zr zi)) ci) (+ c 1)))))))
(show (count (- quarter) quarter) (count neg quarter) (count qrat (- qrat)) (count 0 1/2)
      (count fix 0) (count big 0.) (count nan 0.) (count inf 0.) (count negz negz))
; a compnum fails the check: complex arithmetic all along
(define (affine z)
  (let loop ((z z) (k 0))
    (if (= k 3) z (loop (+ (* z 0.5) 1.) (+ k 1)))))
(show (affine cplx) (affine flo) (affine fix) (affine rat) (affine (make-rectangular 1. 2.)))

; -0.0 kept through the copy: (* x -0.0) and (- x)
(define (signs x n)
  (let loop ((x x) (k n) (acc '()))
    (if (= k 0) (reverse acc) (loop (- (* x -0.0)) (- k 1) (cons x acc)))))
(show (signs flo 3) (signs fix 3) (signs negz 3) (signs nan 2) (signs rat 2))

; NaN and infinities in the comparisons of the copy
(define (halve x)
  (let loop ((x x) (n 0))
    (if (or (< x 1.) (> n 2000)) (list x n) (loop (/ x 2.) (+ n 1)))))
(show (halve flo) (halve fix) (halve nan) (halve inf) (halve huge) (halve big) (halve rat))

; a back edge that makes an exact number: x is not checked, the loop stays generic
(define (mixed x)
  (let loop ((x x) (n 0))
    (if (> n 5) x (loop (if (> x 100.) (exact (round x)) (* x 3.)) (+ n 1)))))
(show (mixed flo) (mixed fix) (mixed rat))

; a nested loop jumping back to the outer one, a let-bound intermediate, a closure that
; captures a checked variable
(define (grid x0 n)
  (let outer ((x x0) (i 0) (acc '()))
    (if (= i n)
        (reverse acc)
        (let inner ((y x) (j 0))
          (if (< j 3)
              (inner (+ y 0.5) (+ j 1))
              (let ((f (lambda () (* x y))))
                (outer (+ x 1.) (+ i 1) (cons (f) acc))))))))
(show (grid flo 3) (grid fix 3) (grid rat 2) (grid negz 1))

; overflow into bignums and exact results where the check fails
(define (grow x)
  (let loop ((x x) (k 0))
    (if (= k 4) x (loop (* 1. x x) (+ k 1)))))
(show (grow fix) (grow big) (grow rat) (grow flo) (grow huge))
