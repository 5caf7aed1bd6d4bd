/* region_stack_test.c: Criterion tests of the region stack (rt_region_enter, rt_region_leave,
 * rt_region_recycle, rt_region_unwind in regal.h; their slow paths in runtime/region.c), of the
 * escapes that unwind it (call/cc in runtime/control.c), of regions captured by full
 * continuations (region.c), of the run-time check of R4
 * (rt_check_store, rt_check_result) and of the REGAL_STATS counters and report.
 *
 * Each test runs in its own process, so the pool, the statistics and the region stack start
 * empty. The binary is built with ASan, UBSan and -DRT_ASAN (R5 poisoning is on).
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "regal.h"

#define IN_INLINE(r, p) ((char *)(p) >= (r)->inline_buf && (char *)(p) < (r)->inline_buf + RT_INLINE_BYTES)

static size_t chunk_count(const Region *r) {
    size_t n = 0;
    for (void *c = r->chunks; c != NULL; c = *(void **)c) n++;  /* first word: next chunk */
    return n;
}

/* Run f in a child with stderr on a pipe; return its wait status and what it printed. */
static int run_child(void (*f)(void), char *out, size_t cap) {
    int fd[2];
    cr_assert_eq(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        f();
        _exit(0);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t k;
    while (n + 1 < cap && (k = read(fd[0], out + n, cap - 1 - n)) > 0) n += (size_t)k;
    out[n] = 0;
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    return status;
}

/* ---- enter and leave ------------------------------------------------------------------------ */

Test(region_stack, starts_at_the_global_region_and_enter_pushes_with_depth_plus_one) {
    cr_assert_eq(rt_region_top, &rt_global_region);
    cr_assert_eq(rt_global_region.depth, 0);
    Region a, b;
    rt_region_enter(&a);
    cr_assert_eq(rt_region_top, &a);
    cr_assert_eq(a.depth, 1);
    cr_assert_eq(a.parent, &rt_global_region);
    rt_region_enter(&b);
    cr_assert_eq(b.depth, 2);
    cr_assert_eq(b.parent, &a);
    cr_assert_eq(rt_alloc_stats.regions_created, 2);
    rt_region_leave(&b);
    cr_assert_eq(rt_region_top, &a);
    rt_region_leave(&a);
    cr_assert_eq(rt_region_top, &rt_global_region);
}

Test(region_stack, leaving_an_inline_only_region_touches_no_allocator_and_counts_its_bytes) {
    Region r;
    rt_region_enter(&r);
    RtValue l = RT_NIL;
    for (int i = 0; i < 20; i++) l = mk_pair(&r, RT_FIX(i), l);          /* 320 bytes */
    cr_assert(IN_INLINE(&r, RT_PAIR(l)));
    rt_region_leave(&r);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 0);
    cr_assert_eq(rt_alloc_stats.region_reclaimed, 320);
    cr_assert_eq(rt_alloc_stats.region_held, 0);
}

Test(region_stack, leaving_a_region_returns_its_chunks_to_the_pool_and_frees_large_blocks) {
    Region r;
    rt_region_enter(&r);
    for (int i = 0; i < 3 * 4096; i++) mk_pair(&r, RT_NIL, RT_NIL);        /* 3 chunks */
    mk_vector(&r, 5000, RT_NIL);                                          /* a large block */
    cr_assert_eq(chunk_count(&r), 3);
    cr_assert_eq(rt_alloc_stats.chunks_from_upstream, 3);
    size_t used = rt_region_bytes_in_use(&r);
    cr_assert_eq(rt_alloc_stats.region_held, 3 * RT_CHUNK_BYTES + RT_LARGE_HDR + 40008);
    uint64_t frees = rt_alloc_stats.upstream_frees;
    rt_region_leave(&r);
    cr_assert_eq(rt_region_top, &rt_global_region);
    cr_assert_eq(rt_pool_count(), 3, "the chunks went to the pool");
    cr_assert_eq(rt_alloc_stats.upstream_frees, frees + 1, "the large block was freed");
    cr_assert_eq(rt_alloc_stats.region_reclaimed, used);
    cr_assert_eq(rt_alloc_stats.region_held, 0);
    cr_assert_geq(rt_alloc_stats.region_peak, 3 * RT_CHUNK_BYTES + 40008 + 2 * RT_INLINE_BYTES);
    /* the next region takes its chunks from the pool */
    rt_region_enter(&r);
    for (int i = 0; i < 3 * 4096; i++) mk_pair(&r, RT_NIL, RT_NIL);
    rt_region_leave(&r);
    cr_assert_eq(rt_alloc_stats.chunks_from_upstream, 3);
    cr_assert_eq(rt_alloc_stats.chunks_from_pool, 3);
    rt_pool_trim();
    cr_assert_eq(rt_alloc_stats.upstream_bytes, 0, "everything went back upstream");
}

/* Regions entered 10,000 deep (descriptors in an array: the test's own C stack is small);
 * every 100th spills into a chunk. */
Test(region_stack, ten_thousand_nested_regions_are_left_in_order_and_all_reclaimed) {
    enum { N = 10000 };
    Region *rs = malloc(N * sizeof *rs);
    RtValue *lists = malloc(N * sizeof *lists);
    for (int i = 0; i < N; i++) {
        rt_region_enter(&rs[i]);
        cr_assert_eq(rs[i].depth, (uint64_t)i + 1);
        int n = i % 100 == 0 ? 40 : 3;                 /* 40 pairs: past the inline buffer */
        RtValue l = RT_NIL;
        for (int k = 0; k < n; k++) l = mk_pair(&rs[i], RT_FIX(i), l);
        lists[i] = l;
    }
    cr_assert_eq(rt_region_top, &rs[N - 1]);
    for (int i = N - 1; i >= 0; i--) {
        for (RtValue l = lists[i]; l != RT_NIL; l = RT_CDR(l)) cr_assert_eq(RT_CAR(l), RT_FIX(i));
        rt_region_leave(&rs[i]);
    }
    cr_assert_eq(rt_region_top, &rt_global_region);
    cr_assert_eq(rt_alloc_stats.regions_created, N);
    cr_assert_eq(rt_alloc_stats.chunks_from_upstream, N / 100, "one chunk for each 100th region");
    cr_assert_eq(rt_alloc_stats.region_reclaimed, (uint64_t)(N / 100) * 40 * 16 +
                                                  (uint64_t)(N - N / 100) * 3 * 16);
    cr_assert_eq(rt_alloc_stats.region_held, 0);
    cr_assert_geq(rt_alloc_stats.region_peak, (N / 100) * RT_CHUNK_BYTES + (N - 100) * RT_INLINE_BYTES);
    cr_assert_eq(rt_pool_count(), rt_pool_cap());
    free(rs);
    free(lists);
}

/* A region per C frame, 2,000 deep. */
static int64_t deep(int depth, int max) {
    Region r;
    rt_region_enter(&r);
    cr_assert_eq(r.depth, (uint64_t)depth);
    RtValue l = RT_NIL;
    for (int i = 0; i < 40; i++) l = mk_pair(&r, RT_FIX(depth), l);       /* a chunk each */
    int64_t sum = depth < max ? deep(depth + 1, max) : 0;
    for (; l != RT_NIL; l = RT_CDR(l)) cr_assert_eq(RT_CAR(l), RT_FIX(depth));  /* intact */
    rt_region_leave(&r);
    return sum + depth;
}

Test(region_stack, two_thousand_frame_regions_in_nested_C_frames) {
    cr_assert_eq(deep(1, 2000), (int64_t)2000 * 2001 / 2);
    cr_assert_eq(rt_region_top, &rt_global_region);
    cr_assert_eq(rt_alloc_stats.chunks_from_upstream, 2000);
    cr_assert_eq(rt_alloc_stats.region_held, 0);
    cr_assert_eq(rt_pool_count(), rt_pool_cap());
    rt_pool_trim();
    cr_assert_eq(rt_alloc_stats.upstream_bytes, 0);
}

/* ---- recycle at loop back edges --------------------------------------------------------------- */

Test(recycle, an_inline_only_region_rewinds_and_reuses_the_same_addresses) {
    Region r;
    rt_region_enter(&r);
    void *first = NULL;
    for (int it = 0; it < 1000; it++) {
        RtValue l = RT_NIL;
        for (int i = 0; i < 10; i++) l = mk_pair(&r, RT_FIX(i), l);
        if (first == NULL) first = RT_PAIR(l);
        cr_assert_eq((void *)RT_PAIR(l), first, "iteration %d reuses the buffer", it);
        rt_region_recycle(&r);
        cr_assert_eq(r.cur, r.inline_buf);
    }
    rt_region_leave(&r);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 0);
    cr_assert_eq(rt_alloc_stats.region_reclaimed, 1000 * 160);
}

Test(recycle, pools_the_chunks_frees_large_blocks_and_rewinds_to_the_inline_buffer) {
    Region r;
    rt_region_enter(&r);
    for (int it = 0; it < 100; it++) {
        for (int i = 0; i < 5000; i++) mk_pair(&r, RT_FIX(i), RT_NIL);    /* 2 chunks */
        mk_vector(&r, 10000, RT_NIL);                     /* bigger than a chunk: large */
        cr_assert_eq(chunk_count(&r), 2);
        cr_assert_not_null(r.large);
        rt_region_recycle(&r);
        cr_assert_null(r.chunks);
        cr_assert_null(r.large);
        cr_assert_eq(r.cur, r.inline_buf);
        cr_assert_eq(r.end, r.inline_buf + RT_INLINE_BYTES);
        cr_assert_eq(rt_region_top, &r, "recycle keeps the region on the stack");
        cr_assert_eq(rt_alloc_stats.region_held, 0);
    }
    rt_region_leave(&r);
    cr_assert_eq(rt_alloc_stats.chunks_from_upstream, 2, "memory is bounded: 2 chunks in all");
    cr_assert_eq(rt_alloc_stats.region_reclaimed, 100 * (5000 * 16 + 80008));
}

/* R5: a dangling pointer into the previous iteration is caught by ASan (exit status 1). */
Test(recycle, a_pointer_kept_from_the_previous_iteration_into_a_chunk_is_caught_by_asan,
     .exit_code = 1, .init = cr_redirect_stderr) {
    Region r;
    rt_region_enter(&r);
    for (int i = 0; i < 100; i++) mk_pair(&r, RT_NIL, RT_NIL);            /* into a chunk */
    RtValue stale = mk_pair(&r, RT_FIX(1), RT_NIL);
    rt_region_recycle(&r);
    mk_pair(&r, RT_NIL, RT_NIL);                                          /* next iteration */
    volatile RtValue x = RT_CAR(stale);                                   /* dies here */
    (void)x;
    exit(0);
}

Test(recycle, a_pointer_kept_from_the_previous_iteration_into_the_inline_buffer_is_caught,
     .exit_code = 1, .init = cr_redirect_stderr) {
    Region r;
    rt_region_enter(&r);
    for (int i = 0; i < 10; i++) mk_pair(&r, RT_NIL, RT_NIL);
    RtValue stale = mk_pair(&r, RT_FIX(1), RT_NIL);                       /* bytes 160..175 */
    rt_region_recycle(&r);
    mk_pair(&r, RT_NIL, RT_NIL);                                          /* bytes 0..15 */
    volatile RtValue x = RT_CAR(stale);                                   /* dies here */
    (void)x;
    exit(0);
}

/* ---- unwind and escapes ----------------------------------------------------------------------- */

Test(unwind, releases_every_region_above_the_one_kept_and_keeps_it) {
    Region rs[6];
    for (int i = 0; i < 6; i++) {
        rt_region_enter(&rs[i]);
        for (int k = 0; k < 100; k++) mk_pair(&rs[i], RT_NIL, RT_NIL);    /* a chunk each */
        mk_vector(&rs[i], 10000, RT_NIL);                                 /* and a large block */
    }
    cr_assert_eq(rt_region_top->depth, 6);
    uint64_t frees = rt_alloc_stats.upstream_frees;
    rt_region_unwind(&rs[1]);
    cr_assert_eq(rt_region_top, &rs[1]);
    cr_assert_eq(rt_pool_count(), 4, "the chunks of the 4 regions above");
    cr_assert_eq(rt_alloc_stats.upstream_frees, frees + 4, "and their large blocks");
    cr_assert_eq(chunk_count(&rs[1]), 1, "the kept region keeps its memory");
    cr_assert_eq(rt_alloc_stats.region_reclaimed, 4 * (100 * 16 + 80008));
    rt_region_unwind(&rt_global_region);
    cr_assert_eq(rt_region_top, &rt_global_region);
    cr_assert_eq(rt_alloc_stats.region_held, 0);
    rt_pool_trim();
    cr_assert_eq(rt_alloc_stats.upstream_bytes, 0);
}

/* A procedure (compiled-code convention) that recurses `n` frames deep, each with a frame
 * region holding a chunk and a large block, then escapes through the continuation k. */
static int g_frames;
static RtValue escaper(Region *rr, RtValue self, RtValue k, RtValue n,
                       RtValue a2, RtValue a3_) {
    Region r;
    rt_region_enter(&r);
    g_frames++;
    for (int i = 0; i < 100; i++) mk_pair(&r, n, RT_NIL);
    mk_vector(&r, 10000, n);                                              /* large */
    RtValue result;
    if (RT_FIXVAL(n) == 0) result = rt_call1(&r, NULL, k, RT_FIX(42));    /* never returns */
    else result = rt_call2(&r, NULL, self, k, RT_FIX(RT_FIXVAL(n) - 1));
    rt_region_leave(&r);
    return result;
}
static RtValue receiver(Region *rr, RtValue self, RtValue k, RtValue a1,
                        RtValue a2, RtValue a3_) {
    return rt_call2(rr, NULL, RT_AS(RtClosure, self)->free[0], k, RT_FIX(99));
}

Test(unwind, a_continuation_escaping_100_frames_releases_their_regions_before_it_jumps) {
    rt_gc_init();
    Region caller;
    rt_region_enter(&caller);
    RtValue esc = mk_closure(&caller, escaper, 0);
    RtValue f = mk_closure(&caller, receiver, 1);
    RT_AS(RtClosure, f)->free[0] = esc;
    RtValue r = rt_p_call_cc(&rt_gc_region, NULL, f);
    cr_assert_eq(r, RT_FIX(42));
    cr_assert_eq(g_frames, 100);
    cr_assert_eq(rt_region_top, &caller, "the escape left the regions of the frames it skipped");
    cr_assert_eq(rt_alloc_stats.region_held, 0, "no chunk or large block is still owned");
    cr_assert_eq(rt_pool_count(), rt_pool_cap());
    cr_assert_eq(rt_alloc_stats.region_reclaimed, 100 * (100 * 16 + 80008));
    rt_region_leave(&caller);
    rt_pool_trim();
    cr_assert_eq(rt_alloc_stats.upstream_bytes, 0, "nothing leaked");
}

/* ---- --check-regions ------------------------------------------------------------------------ */

Test(check_regions, depth_of_finds_inline_chunk_and_large_addresses_and_0_elsewhere) {
    rt_gc_init();
    Region a, b;
    rt_region_enter(&a);
    rt_region_enter(&b);
    RtValue in_a = mk_pair(&a, RT_NIL, RT_NIL);
    for (int i = 0; i < 40; i++) mk_pair(&b, RT_NIL, RT_NIL);
    RtValue chunk_b = mk_pair(&b, RT_NIL, RT_NIL);
    RtValue large_b = mk_vector(&b, 10000, RT_NIL);
    RtValue heap = mk_pair(&rt_gc_region, RT_NIL, RT_NIL);
    RtValue global = mk_pair(&rt_global_region, RT_NIL, RT_NIL);
    cr_assert_eq(rt_region_depth_of(RT_PAIR(in_a)), 1);
    cr_assert_eq(rt_region_depth_of(RT_PAIR(chunk_b)), 2);
    cr_assert_eq(rt_region_depth_of(RT_OBJ(large_b)), 2);
    cr_assert_eq(rt_region_depth_of(RT_PAIR(heap)), 0);
    cr_assert_eq(rt_region_depth_of(RT_PAIR(global)), 0);
    /* allowed: old into young, anything into the same region, the heap into anything */
    rt_check_store("t.scm:1:1", chunk_b, in_a);
    rt_check_store("t.scm:1:1", in_a, in_a);
    rt_check_store("t.scm:1:1", global, heap);
    rt_check_store("t.scm:1:1", in_a, RT_FIX(3));
    rt_check_result("t.scm:1:1", &a, in_a);
    rt_check_result("t.scm:1:1", &b, in_a);
    rt_check_result("t.scm:1:1", &rt_gc_region, heap);
    rt_region_leave(&b);
    rt_region_leave(&a);
}

static void young_into_old(void) {
    Region a, b;
    rt_region_enter(&a);
    rt_region_enter(&b);
    RtValue old = mk_pair(&a, RT_NIL, RT_NIL);
    for (int i = 0; i < 40; i++) mk_pair(&b, RT_NIL, RT_NIL);
    RtValue young = mk_pair(&b, RT_NIL, RT_NIL);                          /* in b's chunk */
    RT_PAIR(old)->car = young;
    rt_check_store("prog.scm:3:7", old, young);
}

Test(check_regions, a_store_of_a_young_object_into_an_older_one_exits_70_with_a_message) {
    char out[512];
    int status = run_child(young_into_old, out, sizeof out);
    cr_assert(WIFEXITED(status));
    cr_assert_eq(WEXITSTATUS(status), RT_EXIT_ERROR);
    cr_assert_str_eq(out, "prog.scm:3:7: error: region check: a store makes an object in region "
                          "depth 1 point into younger region depth 2\n");
}

Test(check_regions, a_store_of_a_frame_object_into_the_global_region_is_caught,
     .exit_code = RT_EXIT_ERROR, .init = cr_redirect_stderr) {
    Region a;
    rt_region_enter(&a);
    RtValue g = mk_vector(&rt_global_region, 1, RT_FALSE);
    RtValue v = mk_float(&a, 1.5);
    RT_AS(RtVector, g)->items[0] = v;
    rt_check_store("g.scm:1:1", g, v);
    cr_assert_fail("not reached");
}

static void young_result(void) {
    Region a, b;
    rt_region_enter(&a);
    rt_region_enter(&b);
    RtValue v = mk_string(&b, "young");
    rt_check_result("f.scm:2:3", &a, v);
}

Test(check_regions, a_result_younger_than_its_result_region_exits_70_with_a_message) {
    char out[512];
    int status = run_child(young_result, out, sizeof out);
    cr_assert(WIFEXITED(status));
    cr_assert_eq(WEXITSTATUS(status), RT_EXIT_ERROR);
    cr_assert_str_eq(out, "f.scm:2:3: error: region check: a result returned in region depth 1 "
                          "points into younger region depth 2\n");
}

Test(check_regions, a_value_of_an_outer_region_may_leave_a_frame) {
    Region a, b;
    rt_region_enter(&a);
    RtValue outer = mk_pair(&a, RT_NIL, RT_NIL);
    Region *base = rt_region_top;                   /* the frame starts here */
    rt_region_enter(&b);
    mk_pair(&b, RT_NIL, RT_NIL);
    rt_check_frame("return", base, outer);
    rt_check_frame("return", base, RT_FIX(1));
    rt_region_leave(&b);
    rt_region_leave(&a);
}

static void frame_value_escapes(void) {
    Region a, b;
    rt_region_enter(&a);
    Region *base = rt_region_top;
    rt_region_enter(&b);
    RtValue v = mk_pair(&b, RT_NIL, RT_NIL);
    rt_check_frame("tail call", base, v);
}

Test(check_regions, a_value_of_the_frames_own_region_handed_on_exits_70_with_a_message) {
    char out[512];
    int status = run_child(frame_value_escapes, out, sizeof out);
    cr_assert(WIFEXITED(status));
    cr_assert_eq(WEXITSTATUS(status), RT_EXIT_ERROR);
    cr_assert_str_eq(out, "error: region check: a tail call passes a value in region depth 2, "
                          "which its frame releases (its regions are above depth 1)\n");
}

/* ---- REGAL_STATS ---------------------------------------------------------------------------- */

static void report_after_work(void) {
    rt_gc_init();
    rt_stats_enabled = 1;
    for (int it = 0; it < 3; it++) {
        Region r;
        rt_region_enter(&r);
        for (int i = 0; i < 100; i++) mk_pair(&r, RT_NIL, RT_NIL);      /* 1600 bytes */
        rt_region_leave(&r);
    }
    for (int i = 0; i < 200; i++) mk_pair(&rt_gc_region, RT_NIL, RT_NIL);  /* 16 bytes each */
    rt_stats_report();
}

static void report_text_after_work(void) {
    unsetenv("REGAL_STATS");  /* the text block, whatever the environment of the tests */
    report_after_work();
}

Test(stats, the_report_shows_regions_bytes_and_the_share_reclaimed_by_regions) {
    char out[2048];
    int status = run_child(report_text_after_work, out, sizeof out);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    cr_assert_not_null(strstr(out, "regal stats:\n"), "%s", out);
    cr_assert_not_null(strstr(out, "  regions created                        3\n"), "%s", out);
    cr_assert_not_null(strstr(out, "  chunks from upstream                   1\n"), "%s", out);
    cr_assert_not_null(strstr(out, "  bytes allocated in regions             4800\n"), "%s", out);
    cr_assert_not_null(strstr(out, "  bytes reclaimed by regions             4800\n"), "%s", out);
    cr_assert_not_null(strstr(out, "  bytes allocated in the collected heap  3200\n"), "%s", out);
    cr_assert_not_null(strstr(out, "  reclaimed by region release            60.0% of all bytes "
                                   "allocated\n"), "%s", out);
    cr_assert_not_null(strstr(out, "  peak bytes in regions                  66560\n"), "%s", out);
}

static void report_json_after_work(void) {
    setenv("REGAL_STATS", "json", 1);
    report_after_work();
}

/* REGAL_STATS=json: the same figures as one JSON object on one line, keys in regal.h's order
 * (tests/stats_test.py parses it from a compiled program and checks every key). */
Test(stats, REGAL_STATS_json_prints_the_same_figures_as_one_json_line) {
    char out[2048];
    int status = run_child(report_json_after_work, out, sizeof out);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    const char *head = "{\"regal_stats\":1,\"regions_created\":3,\"region_peak_bytes\":66560,"
                       "\"chunks_from_upstream\":1,\"region_allocated_bytes\":4800,"
                       "\"region_reclaimed_bytes\":4800,\"region_popped_bytes\":0,"
                       "\"region_collected_bytes\":0,"
                       "\"region_collections\":0,\"region_evacuated_bytes\":0,"
                       "\"heap_allocated_bytes\":3200,"
                       "\"collections\":";
    cr_assert_eq(strncmp(out, head, strlen(head)), 0, "%s", out);
    cr_assert_not_null(strstr(out, ",\"heap_size_bytes\":"), "%s", out);
    cr_assert_not_null(strstr(out, ",\"heap_collected_bytes\":"), "%s", out);
    const char *tail = ",\"region_reclaimed_percent\":60.0}\n";
    size_t n = strlen(out), t = strlen(tail);
    cr_assert(n > t && strcmp(out + n - t, tail) == 0, "%s", out);
    cr_assert_eq(strchr(out, '\n'), out + n - 1, "one line: %s", out);
}

static void report_disabled(void) {
    rt_gc_init();
    rt_stats_enabled = 0;
    rt_stats_report();
}

Test(stats, nothing_is_printed_without_REGAL_STATS) {
    char out[256];
    int status = run_child(report_disabled, out, sizeof out);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    cr_assert_str_eq(out, "");
}

/* ---- regions captured by full continuations (region.c) -------------------------------------- */
#include "rtlib.h"

Test(capture, a_captured_region_keeps_its_chunks_and_allocates_later_objects_elsewhere) {
    rt_gc_init();
    Region r;
    rt_region_enter(&r);
    RtValue *big = rt_region_bump(&r, 600);          /* past the inline buffer: a chunk */
    cr_assert(r.chunks != NULL);
    big[0] = RT_FIX(42);
    size_t pooled = rt_pool_count();
    rt_regions_capture();
    cr_assert(RT_CAPTURED(&r));
    cr_assert_eq(r.cur, r.end, "the window is closed");
    RtPair *p = alloc_obj_typed(&r, TYPE_ID_PAIR);
    cr_assert(!IN_INLINE(&r, p));
    cr_assert(!((char *)p >= (char *)r.chunks && (char *)p < (char *)r.chunks + RT_CHUNK_BYTES),
              "a later object is not in the captured chunk");
    rt_region_leave(&r);
    cr_assert_eq(rt_pool_count(), pooled, "the chunk is kept by the record, not pooled");
    cr_assert_eq(big[0], RT_FIX(42));
    cr_assert(!RT_CAPTURED(&r), "leaving detaches the descriptor");
}

Test(capture, an_empty_region_is_not_captured) {
    rt_gc_init();
    Region r;
    rt_region_enter(&r);
    rt_regions_capture();
    cr_assert(!RT_CAPTURED(&r));
    cr_assert_eq(r.cur, r.inline_buf);
    rt_region_leave(&r);
}

Test(capture, the_inline_buffer_is_saved_at_switch_out_and_loaded_at_switch_in) {
    rt_gc_init();
    Region r;
    rt_region_enter(&r);
    RtPair *p = alloc_obj_typed(&r, TYPE_ID_PAIR);
    p->car = RT_FIX(1);
    p->cdr = RT_NIL;
    rt_regions_capture();
    p->car = RT_FIX(2);                               /* a store after the capture */
    rt_regions_switch_out();
    cr_assert_eq(rt_region_top, &rt_global_region);
    char junk[RT_INLINE_BYTES];
    memset(junk, 0x5a, sizeof junk);
    rt_copy_unchecked(r.inline_buf, junk, sizeof junk); /* another stack over the frame */
    rt_regions_switch_in(&r);
    cr_assert_eq(rt_region_top, &r);
    cr_assert_eq(p->car, RT_FIX(2), "the image holds the buffer as last seen");
    cr_assert_eq(p->cdr, RT_NIL);
    rt_region_leave(&r);
}
