;; (srfi 2): and-let*, an and with bindings. Written here with syntax-rules after the SRFI's
;; specification (the reference implementation is a non-hygienic define-macro). A clause is
;; (variable expression), (expression) or a bound variable; evaluation stops at the first false
;; value, which is the result. With no body the result is the last clause's value (#t with no
;; clauses); the body is a let body (it may start with definitions).
(define-library (srfi 2)
  (export and-let*)
  (import (scheme base))
  (begin
    (define-syntax and-let*
      (syntax-rules ()
        ((_ ()) #t)
        ((_ () body1 body ...) (let () body1 body ...))
        ((_ ((var expr))) (let ((var expr)) var))
        ((_ ((expr))) expr)
        ((_ (var)) var)
        ((_ ((var expr) clause ...) body ...)
         (let ((var expr)) (if var (and-let* (clause ...) body ...) #f)))
        ((_ ((expr) clause ...) body ...)
         (if expr (and-let* (clause ...) body ...) #f))
        ((_ (var clause ...) body ...)
         (if var (and-let* (clause ...) body ...) #f))))))
