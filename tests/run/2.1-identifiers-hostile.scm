; 2.1 identifiers, hostile: every construct that names something, with names that would break
; or inject into the C if pasted into it unescaped (issue 21). Nothing is executed; the program
; compiles without warnings and prints what Chez prints, except where Chez 9.5 departs from R7RS
; (it keeps the backslash of |a\\b| and the text of |\x0;nul|; its `error` takes a who first).
(define |x", "y"); system("echo INJECTED; id"); if (0) rt_error_msg(L1, "z| 1)
(define (|f */ system("id"); /*| |a"b| |c\\d| . |rest"|)
  (list |a"b| |c\\d| |rest"|))
(define-syntax |m"??=|
  (syntax-rules () ((_ |e"|) (list (symbol->string '|lit"|) |e"|))))
(define |??=??/??'| "trigraphs ??= ??/ ??' ??( ??) ??! ??< ??> ??-")
(define |tab	and newline
| 'ok)
(define |λ→ünïcode| "ünï")
(define (|later-user"|) |later"|)
(define |later"| "defined later")
(display |x", "y"); system("echo INJECTED; id"); if (0) rt_error_msg(L1, "z|) (newline)
(write (|f */ system("id"); /*| 1 2 3 4)) (newline)
(write (|m"??=| 5)) (newline)
(write |??=??/??'|) (newline)
(write |tab	and newline
|) (newline)
(write (map symbol->string '(|sym"bol| |a\\b| |??/| |/*| |*/| |%s%n| |\x0;nul|))) (newline)
(write |λ→ünïcode|) (newline)
(write (|later-user"|)) (newline)
(write (let loop ((|i"| 0) (|acc\\| '())) (if (= |i"| 3) |acc\\| (loop (+ |i"| 1) (cons |i"| |acc\\|)))))
(newline)
(write (guard (e ((string? e) e) ((symbol? e) (symbol->string e))) (raise '|raised"\\|)))
(newline)
(write (guard (e (#t (cons (error-object-message e) (map symbol->string (error-object-irritants e)))))
  (error "msg \" with \\ quote ??/" '|irr"itant|)))
(newline)
