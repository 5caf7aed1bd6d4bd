;; (srfi 13): string library. The SRFI's reference implementation (Olin Shivers), included
;; from lib/srfi/13/srfi-13.scm, over these definitions of what it imports; the procedures
;; R7RS has with the same arguments are the runtime's primitives, exported again (importing
;; (scheme base) or (scheme char) beside (srfi 13) is no conflict): string-map and
;; string-for-each take SRFI 13's (proc s [start end]) as well as R7RS's several strings,
;; string-upcase and string-downcase an optional range (with R7RS's full case mappings),
;; string-hash (SRFI 69's) a range too.
;; Regal has no SRFI 14 character sets: where SRFI 13 takes "a char-set, character or
;; predicate", a character or a predicate works and anything else is an error; the default
;; sets of string-trim (whitespace) and string-tokenize (graphic: neither whitespace nor a
;; control character) are built in. string-titlecase uses char-titlecase below (the upper
;; case, except the titlecase digraphs and Georgian, which Unicode keeps).
(define-library (srfi 13)
  (export
   ;; predicates, constructors, conversion
   string? string-null? string-every string-any make-string string string-tabulate
   string->list list->string reverse-list->string string-join
   ;; selection
   string-length string-ref string-copy substring/shared string-copy!
   string-take string-take-right string-drop string-drop-right
   string-pad string-pad-right string-trim string-trim-right string-trim-both
   ;; modification
   string-set! string-fill!
   ;; comparison
   string-compare string-compare-ci string<> string= string< string> string<= string>=
   string-ci<> string-ci= string-ci< string-ci> string-ci<= string-ci>=
   string-hash string-hash-ci
   ;; prefixes and suffixes
   string-prefix-length string-suffix-length string-prefix-length-ci string-suffix-length-ci
   string-prefix? string-suffix? string-prefix-ci? string-suffix-ci?
   ;; searching
   string-index string-index-right string-skip string-skip-right string-count
   string-contains string-contains-ci
   ;; case mapping
   string-titlecase string-upcase string-downcase
   string-titlecase! string-upcase! string-downcase!
   ;; reverse and append
   string-reverse string-reverse! string-append string-append/shared
   string-concatenate string-concatenate/shared
   string-concatenate-reverse string-concatenate-reverse/shared
   ;; fold, unfold, map
   string-map string-map! string-fold string-fold-right string-unfold string-unfold-right
   string-for-each string-for-each-index
   ;; replicate and rotate
   xsubstring string-xcopy!
   ;; miscellaneous
   string-replace string-tokenize string-filter string-delete
   ;; low-level
   string-parse-start+end string-parse-final-start+end let-string-start+end
   check-substring-spec substring-spec-ok?
   make-kmp-restart-vector kmp-step string-kmp-partial-search)
  (import (scheme base) (scheme char) (srfi 8)
          (only (regal extras) string-null?) (only (srfi 69) string-hash string-ci-hash)
          (only (regal internal) %type-error))
  (begin
    ;; (check-arg pred value caller): value, or the error a primitive raises.
    (define-syntax check-arg
      (syntax-rules (string? procedure? char?)
        ((_ string? v caller) (check-arg* string? v 'caller "a string"))
        ((_ procedure? v caller) (check-arg* procedure? v 'caller "a procedure"))
        ((_ char? v caller) (check-arg* char? v 'caller "a character"))
        ((_ pred v caller) (check-arg* pred v 'caller "a valid argument"))))
    (define (check-arg* pred v who what) (if (pred v) v (%type-error who what v)))
    ;; the name of the procedure whose arguments string-parse-start+end checks: a symbol from
    ;; let-string-start+end, else any value a caller passes
    (define (who proc) (if (symbol? proc) proc 'string-parse-start+end))

    ;; Olin Shivers's optional-argument forms, as the reference implementation uses them:
    ;; (let-optionals* args ((var default [test]) ... [((var ...) parser)] [rest]) body ...)
    ;; binds each var to the next argument (checked by the test expression) or its default;
    ;; a parser clause binds the values of (parser remaining-args) (the remaining list, then
    ;; the vars); rest binds what is left, and without it extra arguments are an error.
    (define-syntax let-optionals*
      (syntax-rules ()
        ((_ args clauses body ...) (let ((rest-args args)) (%let-optionals* rest-args clauses body ...)))))
    (define-syntax %let-optionals*
      (syntax-rules ()
        ((_ args () body ...)
         (if (null? args) (let () body ...) (error "too many arguments" args)))
        ((_ args (((var ...) parser)) body ...)
         (call-with-values (lambda () (parser args))
           (lambda (left var ...)
             (if (null? left) (let () body ...) (error "too many arguments" left)))))
        ((_ args ((var default test) . more) body ...)
         (let ((var (if (pair? args) (car args) default)))
           (if (and (pair? args) (not test)) (error "bad optional argument" var))
           (let ((args (if (pair? args) (cdr args) args)))
             (%let-optionals* args more body ...))))
        ((_ args ((var default) . more) body ...)
         (let ((var (if (pair? args) (car args) default)))
           (let ((args (if (pair? args) (cdr args) args)))
             (%let-optionals* args more body ...))))
        ((_ args (rest) body ...)
         (let ((rest args)) body ...))))
    ;; (:optional args default [pred]): the one optional argument, or default.
    (define-syntax :optional
      (syntax-rules ()
        ((_ args default) (optional* args (lambda () default) #f))
        ((_ args default pred) (optional* args (lambda () default) pred))))
    (define (optional* args default pred)
      (cond ((null? args) (default))
            ((pair? (cdr args)) (error "too many optional arguments" args))
            ((and pred (not (pred (car args)))) (error "bad optional argument" (car args)))
            (else (car args))))

    ;; The character sets the reference implementation uses, as predicates: SRFI 14 is not
    ;; there, so only these exist (and string-delete's of a single character).
    (define-record-type <char-set> (make-char-set pred) char-set? (pred char-set-pred))
    (define (char-set-contains? cs c) ((char-set-pred cs) c))
    (define (char-set c) (make-char-set (lambda (x) (char=? x c))))
    (define char-set:whitespace (make-char-set char-whitespace?))
    (define char-set:graphic
      (make-char-set (lambda (c)
                       (let ((n (char->integer c)))
                         (not (or (char-whitespace? c) (< n 32) (<= 127 n 159)))))))

    ;; Titlecase: the upper case but for the four digraphs (DŽ Dž dž -> Dž ...) and Georgian
    ;; Mkhedruli, whose titlecase is itself.
    (define (char-titlecase c)
      (let ((n (char->integer c)))
        (cond ((<= #x1C4 n #x1C6) (integer->char #x1C5))
              ((<= #x1C7 n #x1C9) (integer->char #x1C8))
              ((<= #x1CA n #x1CC) (integer->char #x1CB))
              ((<= #x1F1 n #x1F3) (integer->char #x1F2))
              ((or (<= #x10D0 n #x10FA) (<= #x10FD n #x10FF)) c)
              (else (char-upcase c)))))
    (define (char-cased? c)
      (or (char-upper-case? c) (char-lower-case? c)
          (not (char=? (char-upcase c) (char-downcase c)))))

    ;; (string-hash-ci s [bound start end]): consistent with string-ci=.
    (define (string-hash-ci s . bound+start+end)
      (apply string-ci-hash s bound+start+end)))
  (include "13/srfi-13.scm"))
