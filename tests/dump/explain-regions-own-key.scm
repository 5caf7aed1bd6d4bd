; --explain-regions: table keys (compiler/regions.c). The key a hash-table insertion is given,
; a string made only for it (word's result), lives only during the call: the table keeps a copy
; if it inserts it, so each word goes to the counting loop's iteration region, and the call is
; the /own-key variant. With -fno-own-keys the word goes to the heap, kept by the table.
; RUN: %regal --explain-regions %s | FileCheck %s
; RUN: %regal -fno-own-keys --explain-regions %s | FileCheck --check-prefix=OFF %s
(define (word i) (string-append "w" (number->string (modulo i 5))))
(define counts (make-hash-table))
(do ((i 0 (+ i 1))) ((= i 20))
  (hash-table-update!/default counts (word i) (lambda (c) (+ c 1)) 0))
(display (hash-table-count counts))
; CHECK: :10:3: %hash-table-update!/default/own-key: heap (collected): made by '%hash-table-update!/default/own-key', which calls procedures
; CHECK: :10:38: result of 'word': iteration region of the loop at {{.*}}:9:1 (recycled at each iteration): used only within the iteration
; OFF: :10:38: result of 'word': heap (collected): passed to 'hash-table-update!/default', which calls procedures with its arguments
