;; A procedure that loops by self tail calls, whose self-iteration region rgs is entered lazily
;; at a node that also holds, on another path, a use of its local region rgl: rgl is entered
;; with rgs there (it is older), on a path that then jumps back to the top (compiler/emit.c,
;; emit_local_crosses_jump). rgl must then be entered on entry; entered after `top:` and never
;; left at the jump, it was entered again over itself (its parent itself): ASan builds stopped
;; at "rt_region_leave: region ... is not on top of the region stack", and normal builds looped
;; forever in rt_region_unwind at the first raise through such a frame (reduced from ecraven's
;; browse, my-match). make test also runs it under ASan and --check-regions.
(define (f pat n)
  (cond ((null? pat) n)
        ((eq? (string-ref (string-copy (symbol->string (car pat))) 0) #\?)   ; rgs, then a self jump
         (f (cdr pat) (+ n 1)))
        ((eq? (car pat) 'boom) (raise n))
        (else                                                    ; rgl: the loop's first pair
         (do ((e (cons 0 pat) (cdr e))
              (k 0 (+ k 1)))
             ((or (null? (cdr e)) (> (f (cddr e) 0) 1)) (+ n k))))))
(display (f '(?a ?b ?c ?d ?e ?f g ?h ?i ?j k) 0))
(newline)
(display (guard (x (#t (list 'caught x))) (f '(?a ?b boom) 0)))
(newline)
(display (guard (x (#t (list 'caught x))) (f '(?a ?b c ?d boom) 0)))
(newline)
(define (repeat i acc)
  (if (= i 0) acc (repeat (- i 1) (+ acc (f '(?a b ?c d ?e) i)))))
(display (repeat 1000 0))
(newline)
