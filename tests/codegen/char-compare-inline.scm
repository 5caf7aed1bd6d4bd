; char=? and char<? of two values inference proves characters (read-char's result once the eof
; object is ruled out, a character constant) are C comparisons of the code points, not calls
; (wc's loop, issue 14). With --no-types they stay calls, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (count-spaces port)
  (let loop ((n 0) (lower 0))
    (let ((c (read-char port)))
      (cond ((eof-object? c) (list n lower))
            ((char=? c #\space) (loop (+ n 1) lower))
            ((char<? c #\a) (loop n lower))
            (else (loop n (+ lower 1)))))))
; CHECK-LABEL: _count_spaces_direct({{.*}}) {
; CHECK: RT_CHARVAL({{t[0-9]+}}) == RT_CHARVAL(RT_CHAR(32))
; CHECK: RT_CHARVAL({{t[0-9]+}}) < RT_CHARVAL(RT_CHAR(97))
; CHECK-NOT: rt_p_char_eq_p
; CHECK: {{^}}}
(display (count-spaces (open-input-string "a b Cd e")))
