;; tests/srfi/srfi-13-chez-shim.scm: what lib/srfi/13.sld's definitions (loaded after this by
;; tests/srfi/chez.sh, before the SRFI 13 reference implementation) need in Chez Scheme 9.5.
(define (%type-error who what x) (error who (string-append "expected " what) x))
