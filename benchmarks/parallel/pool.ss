;; pool.ss: a minimal fork/join for Chez Scheme 9.5 threads, for the Chez side of the parallel
;; benchmarks: (run-jobs f jobs) applies f to each job on WORKERS threads (the environment
;; variable, default 2) that take jobs from a shared list under a mutex; the results in order.
;; (spawn thunk) / (touch f): a future on a thread of its own (Chez has no task pool).
(define workers (let ((w (getenv "WORKERS"))) (if w (string->number w) 2)))
(define (run-jobs f jobs)
  (let* ((v (list->vector jobs)) (n (vector-length v)) (out (make-vector n #f))
         (m (make-mutex)) (c (make-condition)) (next 0) (done 0))
    (define (work)
      (let loop ()
        (let ((i (with-mutex m (let ((i next)) (set! next (+ i 1)) i))))
          (when (< i n)
            (vector-set! out i (f (vector-ref v i)))
            (loop))))
      (with-mutex m (set! done (+ done 1)) (condition-broadcast c)))
    (do ((k 1 (+ k 1))) ((>= k workers)) (fork-thread work))
    (work)
    (with-mutex m (let wait () (when (< done workers) (condition-wait c m) (wait))))
    (vector->list out)))
