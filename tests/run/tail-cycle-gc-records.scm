;; Regions shared by a cycle of tail calls, under a collector (runtime/regiongc.c,
;; tests/region-gc-stress.sh): a three-state machine makes records (define-record-type with
;; mutators) and closures in the region its rounds share. Kept across rounds: a chain of
;; records linked through their `next` fields (every 50th round's record), whose `val` fields
;; later rounds overwrite with new lists; counters and accumulators that are variables captured
;; by closures and assigned with set! (boxes) holding fresh lists; and chains of closures that
;; capture closures (composition), called only when a chain is 60 long. Checksums and sums
;; depend on every kept object.
(define-record-type node
  (make-node key val next)
  node?
  (key node-key)
  (val node-val set-node-val!)
  (next node-next set-node-next!))

(define (make-box-acc)
  (let ((items '()) (count 0))
    (lambda (msg x)
      (cond ((eq? msg 'add) (set! items (cons x items)) (set! count (+ count 1))
                            (if (> (length items) 40) (set! items (list-head* items 20))) count)
            ((eq? msg 'items) items)
            (else count)))))
(define (list-head* l k) (if (= k 0) '() (cons (car l) (list-head* (cdr l) (- k 1)))))

(define (chain-sum n)
  (let loop ((n n) (s 0) (len 0))
    (if (not n) (list len s)
        (loop (node-next n) (+ s (node-key n) (apply + (node-val n))) (+ len 1)))))

(define (state-make i chain box f acc)
  (if (= i 0)
      (list chain box f acc)
      (let ((n (make-node i (list i (* 2 i)) (if (= 0 (modulo i 50)) chain #f))))
        (state-link i (if (= 0 (modulo i 50)) n chain) n box f acc))))

(define (state-link i chain fresh box f acc)
  ;; an old record gets a new value; the fresh record of this round is dropped unless chained
  (if (and chain (= 0 (modulo i 7)))
      (set-node-val! chain (list i (node-key fresh) (car (node-val fresh)))))
  (box 'add (cons i (make-string 2 (integer->char (+ 97 (modulo i 26))))))
  (state-compose i chain box f (+ acc (node-key fresh) (length (node-val fresh)))))

(define (state-compose i chain box f acc)
  (let ((g (let ((k (modulo i 13))) (lambda (x) (f (+ (* x 3) k))))))
    (if (= 0 (modulo i 60))
        ;; call the chain of 60 closures, then start a new one
        (state-make (- i 1) chain box (lambda (x) (modulo x 1000003)) (+ acc (g 1)))
        (state-make (- i 1) chain box g acc))))

(define (run n)
  (let ((r (state-make n #f (make-box-acc) (lambda (x) (modulo x 1000003)) 0)))
    (let ((chain (car r)) (box (cadr r)) (f (caddr r)) (acc (cadddr r)))
      (list (chain-sum chain) (box 'count #f) (box 'items #f) (f 5) acc))))

(define r (run 150000))
(display (car r)) (newline)
(display (cadr r)) (newline)
(display (caddr r)) (newline)
(display (cadddr r)) (newline)
(display (car (cddddr r))) (newline)
(display (run 3000)) (newline)
