; Printing of inexact numbers (R7RS 6.2.6 number->string): shortest round-trip form.
(for-each (lambda (x) (write x) (newline))
          (list 1.0 0.5 3.14 -0.0 0.0 1e21 1e20 1e22 123456789.123 1e-7 0.0001 0.001
                0.1 (/ 1.0 3) 100.0 -2.5 1e100 1.5e-10 12345678901234567890.0
                (sqrt 2.0) 6.02e23 -1e-300 1.7976931348623157e308 1e9 1e10 0.00125 1.5e-4
                +nan.0 (/ 1.0 0.0) (/ -1.0 0.0) 2e15 123456789012345680.0))
(display 2.5) (newline)
(display (list 1.5 -0.0)) (newline)
