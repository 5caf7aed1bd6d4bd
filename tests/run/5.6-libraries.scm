; Libraries (R7RS 5.2 import, 5.6 define-library), found by name as libtest/NAME.sld beside
; this program: export and (rename a b), import with only, prefix and rename (of procedures and
; of keywords), each library's body run once, in dependency order, before the program; private
; definitions (three libraries and the program each define their own `helper`); an exported
; variable seen as its library changes it; exported syntax-rules macros that are hygienic in
; the importer (their private names, the importer's rebinding of `if` and `t`, an `else`
; literal matched through the importer's (scheme base)); include, include-ci,
; include-library-declarations and cond-expand with (library ...) in a define-library, and at
; the program's top level (an import in a clause included).
; Expected output written by hand (Chez 9.5 does not read .sld files): the bodies run as
; trace, stack, util, counter (stack and util are imported first and import trace; counter
; imports stack, already there).
(import (scheme base) (scheme write)
        (prefix (libtest stack) st:)
        (only (libtest util) my-or swap! with-helper pick helper-result shout)
        (rename (libtest counter) (next! counter-next!))
        (except (libtest trace) note!)
        (rename (only (scheme base) when) (when only-when)))
(cond-expand
  ((and regal (library (scheme char))) (import (only (scheme char) char-upcase)))
  (else (import (scheme base))))

(define (helper) 'program-helper)

(write (notes)) (newline)
(st:push! 1)
(st:push! 2)
(let* ((a (st:pop!)) (b (st:size)) (c (st:stack-helper-count)))
  (write (list a b c (helper))) (newline))
(let* ((a (counter-next!)) (b (counter-next!)))
  (write (list a b count)) (newline))

(define tmp 1)
(define other 2)
(swap! tmp other)
(write (list tmp other)) (newline)
(let ((t 5) (if list))
  (write (my-or #f t)) (newline))
(write (with-helper 'x)) (newline)
(write (helper-result)) (newline)
(write (pick else 1)) (newline)
(write (pick 7 1)) (newline)
(write (shout 'hi)) (newline)
(only-when #t (write 'renamed-keyword) (newline))
(write (notes)) (newline)
(write (char-upcase #\a)) (newline)
(cond-expand
  ((library (libtest stack)) (write 'has-stack))
  (else (write 'no-stack)))
(newline)
(cond-expand
  ((library (nosuch library)) (write 'nosuch))
  ((library (srfi 69)) (write 'srfi-69))
  (else (write 'none)))
(newline)
