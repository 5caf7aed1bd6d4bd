; EXPECT-STATUS: 1
; EXPECT-STDERR: error: unbound variable ' p1'
; EXPECT-STDERR: error: unbound variable ' v1'
; EXPECT-STDERR: error: unbound variable ' p2'
; EXPECT-STDERR: error: unbound variable ' v2'
; EXPECT-STDERR: error: unbound variable ' p3'
; EXPECT-STDERR: error: unbound variable ' v3'
; EXPECT-STDERR: error: unbound variable ' p4'
; EXPECT-STDERR: error: unbound variable ' v4'
; EXPECT-STDERR: error: unbound variable ' p5'
; EXPECT-STDERR: error: unbound variable ' v5'
; EXPECT-STDERR: error: unbound variable ' p6'
; EXPECT-STDERR: error: unbound variable ' v6'
; EXPECT-STDERR: error: unbound variable ' p7'
; EXPECT-STDERR: error: unbound variable ' v7'
; EXPECT-STDERR: error: unbound variable ' p8'
; EXPECT-STDERR: error: unbound variable ' v8'
; EXPECT-STDERR: error: unbound variable ' p9'
; EXPECT-STDERR: error: unbound variable ' v9'
; EXPECT-STDERR: error: unbound variable ' p10'
; EXPECT-STDERR: error: unbound variable ' v10'
; EXPECT-STDERR: error: unbound variable ' p11'
; EXPECT-STDERR: error: unbound variable ' v11'
; EXPECT-STDERR: error: unbound variable ' p12'
; EXPECT-STDERR: error: unbound variable ' v12'
; The temporaries of derived forms (here parameterize's, named " p<n>" and " v<n>") are not
; identifiers the program can write (R7RS 4.3 hygiene): spelt the same way with bars, each is
; a free variable of the program, never a reference to a temporary. The names cover the
; numbers the temporaries can get in this program, so a temporary that could be captured
; leaves one of the errors out.
(define p (make-parameter 1))
(define (f)
  (parameterize ((p 2))
    (list | p1| | p2| | p3| | p4| | p5| | p6| | p7| | p8| | p9| | p10| | p11| | p12|
          | v1| | v2| | v3| | v4| | v5| | v6| | v7| | v8| | v9| | v10| | v11| | v12|)))
(display (f))
