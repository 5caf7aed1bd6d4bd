;; R7RS 6.2.6: quotient, remainder and modulo of a dividend that is a tree of + - * too wide
;; for the inline __int128 path (over 125 bits when its leaves are fixnums). The division
;; used the tree's first leaf as the dividend (ecraven's pi benchmark: pi-borwein2 gave
;; 10056481894683451687601035751656329202071972032859748), and evaluated the leaves twice.
(define calls 0)
(define (f x) (set! calls (+ calls 1)) x)
(define (g one x y one^2 sqrt-x)
  (list (quotient (* one (+ (* x y) one^2)) (* (+ y one) sqrt-x))
        (remainder (* one (+ (* x y) one^2)) (* (+ y one) sqrt-x))
        (modulo (- (* one (+ (* x y) one^2))) (* (+ y one) sqrt-x))
        (quotient (- (* one (+ (* x y) one^2))) (* (+ y one) sqrt-x))))
(define one (expt 10 50))
(write (g one 101505176512821780487431272339684540516650317741030
          118920711500272106671749997056047591529297209246381 (* one one)
          100749777425472152001470807747821489353644443919670))
(newline)
;; small leaves whose tree still counts as too wide: 4 x 61 bits
(define (h a b c d e) (quotient (* (f a) (* (f b) (* (f c) (f d)))) e))
(write (h 3 5 7 11 4)) (newline)
(write (h 1000000007 1000000009 998244353 754974721 97)) (newline)
(write calls) (newline)
