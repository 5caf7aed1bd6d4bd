; -fprofile-heap (emit.c, emit_rg and emit_heap_site_table): a site region inference puts in
; the collected heap allocates through its own stand-in region, regal_heap_sites[i].r, whose
; table entry carries the site's location and why it is in the heap (--explain-regions'
; text), and the program registers the table at start. A call site placed in the heap passes
; its stand-in as the callee's region. Without the flag the same sites use the collected heap
; directly (second RUN): no table, no stand-in. The program is tests/run/profile-heap.scm,
; which checks the profile it prints.
; RUN: %regal -S -fprofile-heap -o - %S/../run/profile-heap.scm | FileCheck %s
; RUN: %regal -S -o - %S/../run/profile-heap.scm | FileCheck %s --check-prefix=OFF
; CHECK: static RtHeapSite regal_heap_sites[
; CHECK-DAG: {.loc = "{{.*}}run/profile-heap.scm:17:34", .what = "cons", .why = "assigned to global 'kept' at {{.*}}run/profile-heap.scm:17:23", .kind = "a global's value"},
; CHECK-DAG: {.loc = "{{.*}}run/profile-heap.scm:21:16", .what = "result of 'make-point'", .why = "passed to 'remember!', which keeps it at {{.*}}run/profile-heap.scm:21:5", .kind = "passed to a procedure that keeps them"},
; CHECK: alloc_obj_typed(&regal_heap_sites[{{[0-9]+}}].r, TYPE_ID_PAIR)
; CHECK: scm_lambda{{[0-9]+}}_make_point_direct(&regal_heap_sites[{{[0-9]+}}].r,
; CHECK: rt_heap_sites_register(regal_heap_sites,
; OFF-NOT: regal_heap_sites
; OFF: rt_heap_typed(TYPE_ID_PAIR)
; OFF-NOT: regal_heap_sites
