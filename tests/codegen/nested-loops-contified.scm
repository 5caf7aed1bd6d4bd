; Nested named lets compile to nested C loops (issue 14): an inner loop that tail-calls the loop
; around it is contified too, since every lambda between the call and the outer loop is a loop
; entered in tail position, so the call is a jump back to the outer loop's label. Without this
; the outer loop is a closure, allocated on every entry and called for each of its iterations.
; RUN: %regal -S -o - %s | FileCheck %s
(define (count-pairs v)
  (let outer ((i 0) (n 0))
    (if (= i (vector-length v)) n
        (let inner ((j (+ i 1)) (n n))
          (cond ((= j (vector-length v)) (outer (+ i 1) n))
                ((= (vector-ref v i) (vector-ref v j)) (inner (+ j 1) (+ n 1)))
                (else (inner (+ j 1) n)))))))
(display (count-pairs (vector 1 2 1 2 1)))
; CHECK-NOT: _outer
; CHECK-LABEL: _count_pairs_direct({{.*}}) {
; CHECK:       loop[[OUTER:[0-9]+]]:;
; CHECK:       loop[[INNER:[0-9]+]]:;
; CHECK:       goto loop[[OUTER]];
; CHECK:       goto loop[[INNER]];
; CHECK:       {{^}}}
