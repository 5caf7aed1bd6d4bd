; While the reader runs, the nursery is paused and its objects go to libgc, noted (the next
; minor collection reads their fields for young values, and libgc keeps them until then). A
; program that reads much and makes few nursery objects had no minor collection: every datum
; it ever read stayed noted and alive (ecraven read1: 321 MB of RSS against 9 MB without the
; nursery), and this one ran out of its 60 MB (GC_MAXIMUM_HEAP_SIZE). Now the notes are read
; early once they pass 65,536. Output from Chez.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: GC_MAXIMUM_HEAP_SIZE=60000000
(import (scheme base) (scheme read) (scheme write))
(define text "((alpha 1 2.5 \"str\") #(beta gamma) (delta (epsilon . 3)) zeta)")
(define (count-atoms d)
  (cond ((pair? d) (+ (count-atoms (car d)) (count-atoms (cdr d))))
        ((vector? d) (count-atoms (vector->list d)))
        ((null? d) 0)
        (else 1)))
(let loop ((k 0) (total 0))
  (if (= k 200000)
      (begin (display total) (newline))
      (loop (+ k 1) (+ total (count-atoms (read (open-input-string text)))))))
