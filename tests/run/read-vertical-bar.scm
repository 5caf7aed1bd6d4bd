;; R7RS 7.1.1: a vertical line is a delimiter, so read (runtime/read.c) ends a token at one, as
;; the compiler's reader does: (abc|def| 12|x|) is (abc def 12 x). (Chez Scheme's reader joins
;; them into one symbol, as R6RS does; this output is R7RS's and the compiled quote's.)
(import (scheme base) (scheme write) (scheme read))
(write (read (open-input-string "(abc|def| 12|x| |a b|c)")))
(newline)
(write (read (open-input-string "#!fold-case (ABC |DeF| GHI)")))
(newline)
(write (map symbol->string (read (open-input-string "(|a b| |\\x41;| |\\|| ||)"))))
(newline)
(write '(abc|def| 12|x| |a b|c))
(newline)
