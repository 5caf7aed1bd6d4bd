;; Chez Scheme glue, put before each benchmark to make an R6RS top-level program (compiled with
;; compile-program at optimize-level 2, safe). The runner writes the import line itself:
;; (import (except (chezscheme) NAMES...)), leaving out the names the benchmark defines.
;; SRFI 69 hash tables over Chez's native ones:
(define (make-hash-table . args) (make-hashtable equal-hash equal?))
(define (hash-table-update!/default t k f d) (hashtable-update! t k f d))
(define (hash-table-ref/default t k d) (hashtable-ref t k d))
(define (hash-table-set! t k v) (hashtable-set! t k v))
