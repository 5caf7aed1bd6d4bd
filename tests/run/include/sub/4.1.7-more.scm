; included by include/4.1.7-defs.scm, relative to that file's directory
(define included-from-sub 'sub)
