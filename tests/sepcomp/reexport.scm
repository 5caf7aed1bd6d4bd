;; reexport.scm: (x re)'s re-exported primitive and keyword, its macros, cond-expand's
;; (library ...) of a compiled library, a call with a wrong argument count (a warning; the
;; error raised when it runs). Output: reexport.out, whole and separate.
(import (scheme base) (scheme write) (x re))
(cond-expand ((library (x re)) (display "have (x re)") (newline)) (else (display "no") (newline)))
(display (first '(1 2))) (newline)
(when #t (display "when works") (newline))
(display (my-if #f 1 2)) (newline)
(twice (display "tw")) (newline)
(display (counter-ref)) (newline)
(display (double-all '(1 2 3))) (newline)
(display (kons 1 2)) (newline)
(display (guard (e (#t 'arity-error)) (double-all 1 2))) (newline)
