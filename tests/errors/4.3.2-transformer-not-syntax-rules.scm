; EXPECT-STATUS: 1
; EXPECT-STDERR: 4.3.2-transformer-not-syntax-rules.scm:4:18: error: the transformer of 'm' must be a syntax-rules form
; Only syntax-rules transformers are supported (R7RS 4.3.2).
(define-syntax m (lambda (x) x))
