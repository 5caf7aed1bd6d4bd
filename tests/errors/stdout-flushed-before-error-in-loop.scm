; EXPECT-STATUS: 70
; EXPECT-STDOUT: 0 1 2 3 4
; EXPECT-STDERR: error: too far 5
; Output of a loop is flushed before the error that ends it.
(let loop ((i 0))
  (if (= i 5) (error "too far" i))
  (display i)
  (if (< i 4) (display " "))
  (loop (+ i 1)))
