; The audit at the end of each libgc marking (runtime/nursery.c, "what it holds for good")
; gives back retired objects that nothing marked refers to. nursery-retire.scm's program, with
; REGAL_NURSERY_RETIRE=0: every object pinned at two minor collections in a row retires, as all
; did before, so each call's box and closure retire, then are garbage once the call returns.
; Without the audit they stayed, each with its list, and the program ran out of its 100 MB
; (GC_MAXIMUM_HEAP_SIZE). Output from Chez.
; COMPILE-FLAGS: -fnursery
; RUN-ENV: GC_MAXIMUM_HEAP_SIZE=100000000 REGAL_NURSERY_RETIRE=0
(include "nursery-retire.scm")
