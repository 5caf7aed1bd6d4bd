;; (srfi 26): cut and cute, notation for specializing parameters without currying. The
;; syntax-rules definitions of the SRFI's reference implementation (Sebastian Egner, MIT
;; licence), unchanged: <> is a parameter slot, <...> (last) the rest; cute evaluates the
;; non-slot expressions once, when the procedure is made.
(define-library (srfi 26)
  (export cut cute)
  (import (scheme base))
  (begin
    (define-syntax srfi-26-internal-cut
      (syntax-rules (<> <...>)
        ((srfi-26-internal-cut (slot-name ...) (proc arg ...))
         (lambda (slot-name ...) ((begin proc) arg ...)))
        ((srfi-26-internal-cut (slot-name ...) (proc arg ...) <...>)
         (lambda (slot-name ... . rest-slot) (apply proc arg ... rest-slot)))
        ((srfi-26-internal-cut (slot-name ...) (position ...) <> . se)
         (srfi-26-internal-cut (slot-name ... x) (position ... x) . se))
        ((srfi-26-internal-cut (slot-name ...) (position ...) nse . se)
         (srfi-26-internal-cut (slot-name ...) (position ... nse) . se))))
    (define-syntax srfi-26-internal-cute
      (syntax-rules (<> <...>)
        ((srfi-26-internal-cute (slot-name ...) nse-bindings (proc arg ...))
         (let nse-bindings (lambda (slot-name ...) (proc arg ...))))
        ((srfi-26-internal-cute (slot-name ...) nse-bindings (proc arg ...) <...>)
         (let nse-bindings (lambda (slot-name ... . x) (apply proc arg ... x))))
        ((srfi-26-internal-cute (slot-name ...) nse-bindings (position ...) <> . se)
         (srfi-26-internal-cute (slot-name ... x) nse-bindings (position ... x) . se))
        ((srfi-26-internal-cute slot-names nse-bindings (position ...) nse . se)
         (srfi-26-internal-cute slot-names ((x nse) . nse-bindings) (position ... x) . se))))
    (define-syntax cut
      (syntax-rules ()
        ((cut . slots-or-exprs) (srfi-26-internal-cut () () . slots-or-exprs))))
    (define-syntax cute
      (syntax-rules ()
        ((cute . slots-or-exprs) (srfi-26-internal-cute () () () . slots-or-exprs))))))
