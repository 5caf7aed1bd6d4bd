; Numerical comparisons and predicates (R7RS 6.2.6).
(write (list (= 1 1) (= 1 2) (= 1 1 1) (= 1 1 2))) (newline)
(write (list (< 1 2) (< 2 1) (< 1 2 3) (< 1 3 2))) (newline)
(write (list (> 3 2) (> 3 2 1) (> 3 3))) (newline)
(write (list (<= 1 1 2) (<= 2 1) (>= 3 3 1) (>= 1 2))) (newline)
(write (list (= 1 1.0) (< 1 1.5) (> 2.5 2) (= 0.0 -0.0))) (newline)
(write (list (zero? 0) (zero? 1) (zero? 0.0) (positive? 5) (positive? -5) (positive? 0))) (newline)
(write (list (negative? -1) (negative? 0) (odd? 7) (odd? -7) (even? 0) (even? -4) (odd? 4))) (newline)
(write (list (< -4611686018427387904 4611686018427387903) (= 4611686018427387903 4611686018427387903))) (newline)
