;; (srfi 1): list library, every procedure. The runtime's list primitives (runtime/list.c:
;; fold, filter, delete, any, iota, ..., exported by (regal lists), and (scheme base)'s) are
;; exported again; the rest is the SRFI's reference implementation (Olin Shivers), included
;; from lib/srfi/1/ over check-arg (raising the primitives' errors) and :optional.
(define-library (srfi 1)
  (export
   ;; constructors
   cons list xcons cons* make-list list-tabulate list-copy circular-list iota
   ;; predicates
   pair? null? proper-list? circular-list? dotted-list? not-pair? null-list? list=
   ;; selectors
   car cdr caar cadr cdar cddr caaar caadr cadar caddr cdaar cdadr cddar cdddr
   caaaar caaadr caadar caaddr cadaar cadadr caddar cadddr
   cdaaar cdaadr cdadar cdaddr cddaar cddadr cdddar cddddr
   list-ref first second third fourth fifth sixth seventh eighth ninth tenth
   car+cdr take drop take-right drop-right take! drop-right! split-at split-at! last last-pair
   ;; miscellaneous
   length length+ append concatenate reverse append! concatenate! reverse!
   append-reverse append-reverse! zip unzip1 unzip2 unzip3 unzip4 unzip5 count
   ;; fold, unfold, map
   fold unfold pair-fold reduce fold-right unfold-right pair-fold-right reduce-right
   append-map append-map! pair-for-each filter-map map-in-order map for-each map!
   ;; filtering, partitioning
   filter partition remove filter! partition! remove!
   ;; searching
   member memq memv find find-tail any every list-index
   take-while drop-while take-while! span break span! break!
   ;; deleting
   delete delete-duplicates delete! delete-duplicates!
   ;; association lists
   assoc assq assv alist-cons alist-copy alist-delete alist-delete!
   ;; lists as sets
   lset<= lset= lset-adjoin lset-union lset-union! lset-intersection lset-intersection!
   lset-difference lset-difference! lset-xor lset-xor! lset-diff+intersection
   lset-diff+intersection!
   ;; side effects
   set-car! set-cdr!)
  (import (scheme base) (scheme cxr) (srfi 8)
          (only (regal lists) cons* make-list list-tabulate list-copy iota last last-pair count
                fold fold-right reduce append-map filter-map filter partition remove delete
                delete-duplicates find find-tail any every list-index)
          (only (regal internal) %type-error))
  (begin
    ;; (check-arg pred value caller): value, or the error a primitive raises.
    (define-syntax check-arg
      (syntax-rules (procedure? integer? pair?)
        ((_ procedure? v caller) (check-arg* procedure? v 'caller "a procedure"))
        ((_ integer? v caller) (check-arg* integer? v 'caller "an integer"))
        ((_ pair? v caller) (check-arg* pair? v 'caller "a pair"))
        ((_ pred v caller) (check-arg* pred v 'caller "a valid argument"))))
    (define (check-arg* pred v who what) (if (pred v) v (%type-error who what v)))
    ;; (:optional args default): the one optional argument, or default.
    (define-syntax :optional
      (syntax-rules ()
        ((_ args default) (optional* args (lambda () default)))))
    (define (optional* args default)
      (cond ((null? args) (default))
            ((pair? (cdr args)) (error "too many optional arguments" args))
            (else (car args)))))
  (include "1/srfi-1.scm"))
