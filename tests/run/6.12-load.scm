; R7RS 6.12 and (scheme load): load reads a file and evaluates its forms in order in the
; environment given (default: the interaction environment); an error in a loaded form is a
; condition the program catches. Paths are relative to the working directory (the repository).
(import (scheme base) (scheme write) (scheme load) (scheme eval) (scheme repl))
(load "tests/run/load/defs.scm")
(write (eval '(list loaded-counter (bump! 1)) (interaction-environment))) (newline)
(write (eval '(twice (bump! 10)) (interaction-environment))) (newline)
(define env (environment '(scheme base) '(scheme write)))
(load "tests/run/load/defs.scm" env)
(write (eval 'loaded-counter env)) (newline)
(write (guard (e ((error-object? e) (error-object-message e)))
         (load "tests/run/load/bad.scm")))
(newline)
(write (eval '(list before-error) (interaction-environment))) (newline)
(write (guard (e ((file-error? e) 'file-error))
         (load "tests/run/load/no-such-file.scm")))
(newline)
