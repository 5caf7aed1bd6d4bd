; part of the body of (libtest util), through include-ci: read with case folded
(DEFINE (SHOUT X) (LIST 'Shouted X Included-Part))
