; declarations of (libtest util), through include-library-declarations
(include "util-body.scm")
