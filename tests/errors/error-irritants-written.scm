; EXPECT-STATUS: 70
; EXPECT-STDERR: error: bad thing "str" sym (1 #\a)
; Irritants are printed as by write (R7RS 6.11): strings quoted, characters as #\a.
(error "bad thing" "str" 'sym (list 1 #\a))
