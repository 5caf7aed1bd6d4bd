;; Gambit glue, put before each benchmark (gsc -exe, safe mode: no (not safe)).
(declare (standard-bindings) (extended-bindings) (block))
;; SRFI 69 hash tables over Gambit's native tables (equal? keys by default):
(define (make-hash-table . args) (make-table))
(define (hash-table-update!/default t k f d) (table-set! t k (f (table-ref t k d))))
(define (hash-table-ref/default t k d) (table-ref t k d))
(define (hash-table-set! t k v) (table-set! t k v))
