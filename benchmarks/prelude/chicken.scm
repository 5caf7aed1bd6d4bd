;; CHICKEN 5 glue, put before each benchmark (csc -O3 plus the safe parts of -O5).
;; The benchmarks use only procedures CHICKEN 5 has in its default toplevel (scheme,
;; chicken.base). SRFI 69 hash tables are the srfi-69 egg in CHICKEN 5, which Debian does not
;; package, so hashtable.scm is reported as unsupported instead of being given a shim.
