; Table keys (compiler/regions.c): a hash-table insertion whose key is a string made only for
; it (here a word built by string-append in a loop, returned by word) calls the primitive's
; /own-key variant, which keeps a copy of the key if it inserts it, and the word is made in the
; counting loop's iteration region (recycled each iteration) instead of the collected heap. A
; key that a global also holds keeps the plain call. With -fno-own-keys every key goes to the
; heap with the plain call, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-own-keys
(define syllables (vector "ka" "lo" "mi"))
(define (word i)
  (let loop ((k 2) (s ""))
    (if (= k 0) s (loop (- k 1) (string-append s (vector-ref syllables (modulo (+ i k) 3)))))))
(define counts (make-hash-table))
(define (count-words n)
  (do ((i 0 (+ i 1))) ((= i n))
    (hash-table-update!/default counts (word i) (lambda (c) (+ c 1)) 0)))
(define g (string-copy "xyz"))
(define (get) g)
(count-words 10)
(hash-table-set! counts (get) 1)
(display (hash-table-count counts))
; CHECK-LABEL: count_words_direct({{.*}}) {
; CHECK: {{.*}}word{{.*}}(&rg{{[0-9]+}},
; CHECK: rt_p_hash_table_update_x_default_own_key(
; CHECK: rt_p_hash_table_set_x(
