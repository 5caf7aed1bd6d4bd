;; tests/srfi/sld-body.scm FILE.sld: write the forms of the begin declarations of the
;; define-library in FILE (for tests/srfi/chez.sh, to load a library of lib/srfi into Chez).
(define lib (call-with-input-file (cadr (command-line)) read))
(for-each (lambda (decl)
            (if (and (pair? decl) (eq? (car decl) 'begin))
                (for-each (lambda (form) (write form) (newline)) (cdr decl))))
          (cddr lib))
