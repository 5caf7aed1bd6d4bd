;; loaded by tests/run/6.12-load.scm: the second form is an error
(define before-error 1)
(car '())
(define after-error 2)
