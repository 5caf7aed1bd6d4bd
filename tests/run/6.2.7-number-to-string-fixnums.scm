;; number->string of fixnums in every radix, at the fixnum range's edges (checked against Chez)
(for-each (lambda (x) (display (list (number->string x) (number->string x 2) (number->string x 16) (number->string x 8))) (newline))
  (list 0 1 -1 255 -255 1152921504606846975 -1152921504606846976 1152921504606846976 123456789))
