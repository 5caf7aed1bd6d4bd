; EXPECT-STATUS: 70
; EXPECT-STDERR: string-pad: expected a string, got 5
; (srfi 13)'s argument checks name the procedure called, as the primitives' do
; (lib/srfi/13.sld: let-string-start+end passes the name to string-parse-start+end).
(import (scheme base) (srfi 13))
(string-pad 5 5)
