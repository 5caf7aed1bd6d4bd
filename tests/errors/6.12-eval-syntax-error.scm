; EXPECT-STATUS: 70
; EXPECT-STDERR: 6.12-eval-syntax-error.scm:6:1: eval: malformed if: (if 1 2 3 4)
; A syntax error in an eval'd form is an error at the eval (uncaught here: status 70), with
; the expander's message.
(import (scheme base) (scheme eval))
(eval '(if 1 2 3 4) (environment '(scheme base)))
