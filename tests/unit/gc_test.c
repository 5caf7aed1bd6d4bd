/* gc_test.c: Criterion tests of the fallback collected heap (rt_gc_region, runtime/gc.c and
 * region.c) and of the roots the collector must see (R6): region chunks and large blocks,
 * frame inline buffers, thread-local values, the runtime's scratch arrays; and of R4 in the
 * runtime: what force and hash-table-update! store lives in the collected heap.
 *
 * Whether an object was collected is observed through a disappearing link (the collector
 * clears it when the object becomes unreachable) kept in pointer-free collector memory, so
 * the link itself keeps nothing alive. Each test runs in its own process.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gc/gc.h>

#include "regal.h"

extern _Thread_local RtValue rt_cur_out;        /* rtlib.h: a root of the program thread */
void rt_gc_thread_roots(int add);

static void setup(void) { rt_gc_init(); }

/* A string of the collected heap holding "obj <i>", with *link cleared when it is collected. */
static RtValue tracked(void **links, int i) {
    char text[32];
    snprintf(text, sizeof text, "obj %d", i);
    RtValue s = mk_string(&rt_gc_region, text);
    links[i] = RT_OBJ(s);
    cr_assert_eq(GC_general_register_disappearing_link(&links[i], RT_OBJ(s)), GC_SUCCESS);
    return s;
}

static int is_text(RtValue s, int i) {
    char text[32];
    int n = snprintf(text, sizeof text, "obj %d", i);
    if (!RT_IS_TYPE(s, TYPE_ID_STRING) || RT_HDR_COUNT(*RT_OBJ(s)) != (uint64_t)n) return 0;
    for (int k = 0; k < n; k++)
        if (RT_AS(RtString, s)->chars[k] != (uint32_t)text[k]) return 0;
    return 1;
}

static int count_alive(void **links, int n) {
    int alive = 0;
    for (int i = 0; i < n; i++) alive += links[i] != NULL;
    return alive;
}

/* Garbage in the collected heap, so that freed memory is reused (and overwritten). */
static void churn(int pairs) {
    for (int i = 0; i < pairs; i++) mk_pair(&rt_gc_region, RT_FIX(i), RT_NIL);
}

/* ---- the collected heap as a region -------------------------------------------------------- */

Test(gc_region, every_allocation_takes_the_slow_path_and_gets_zeroed_collector_memory,
     .init = setup) {
    cr_assert_null(rt_gc_region.cur);
    cr_assert_null(rt_gc_region.end);
    RtPair *p = alloc_obj_typed(&rt_gc_region, TYPE_ID_PAIR);
    RtPair *q = alloc_obj_typed(&rt_gc_region, TYPE_ID_PAIR);
    cr_assert_null(rt_gc_region.cur, "the window stays empty");
    cr_assert_null(rt_gc_region.end);
    cr_assert_neq(p, q);
    cr_assert_eq(p->car, 0);
    cr_assert_eq(p->cdr, 0);
    cr_assert_eq((uintptr_t)p % 16, 0);
    cr_assert(GC_is_heap_ptr(p));
    cr_assert_geq(GC_size(p), 17, "the collector's extra byte: a pair takes 32 bytes");
    RtValue v = mk_vector(&rt_gc_region, 1000, RT_FIX(7));
    cr_assert_eq(RT_AS(RtVector, v)->items[999], RT_FIX(7));
    cr_assert_eq(rt_alloc_stats.gc_allocs, 3);
    cr_assert_eq(rt_alloc_stats.gc_bytes, GC_size(p) + GC_size(q) + GC_size(RT_OBJ(v)),
                 "counted as the collector counts");
    cr_assert_geq(rt_alloc_stats.gc_bytes, 16 + 16 + 8008);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 0, "no region memory involved");
    cr_assert_eq(rt_region_bytes_in_use(&rt_gc_region), 0);
}

Test(gc_region, two_hundred_megabytes_of_garbage_stay_within_a_small_heap, .init = setup) {
    size_t gcs = GC_get_gc_no();
    RtValue keep = RT_NIL;
    for (int it = 0; it < 1000000; it++) {
        RtValue l = RT_NIL;                      /* 12 pairs + a flonum: 208 bytes, dropped */
        for (int i = 0; i < 12; i++) l = mk_pair(&rt_gc_region, RT_FIX(i), l);
        mk_float(&rt_gc_region, it);
        if (it % 100000 == 0) keep = mk_pair(&rt_gc_region, l, keep);      /* a few kept */
    }
    cr_assert_geq(rt_alloc_stats.gc_bytes, 200 * 1000 * 1000);
    cr_assert_gt(GC_get_gc_no(), gcs + 10, "the collector ran");
    cr_assert_lt(GC_get_heap_size(), 64u << 20, "heap %zu bytes", GC_get_heap_size());
    int n = 0;
    for (; keep != RT_NIL; keep = RT_CDR(keep), n++) {
        RtValue l = RT_CAR(keep);
        for (int i = 11; i >= 0; i--, l = RT_CDR(l)) cr_assert_eq(RT_CAR(l), RT_FIX(i));
    }
    cr_assert_eq(n, 10, "the kept lists are intact");
}

/* ---- what keeps a collected object alive (R6) -------------------------------------------- */

/* Control: objects nothing refers to are collected (most of them: the C stack is scanned
 * conservatively, so a stale word may keep one or two). */
static __attribute__((noinline)) void make_unreferenced(void **links, int n) {
    for (int i = 0; i < n; i++) tracked(links, i);
}

Test(roots, objects_nothing_refers_to_are_collected, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(100 * sizeof *links);
    make_unreferenced(links, 100);
    churn(1000);
    GC_gcollect();
    cr_assert_leq(count_alive(links, 100), 10);
}

static __attribute__((noinline)) void fill_region(Region *r, void **links, int n) {
    for (int i = 0; i < 40; i++) mk_pair(r, RT_NIL, RT_NIL);          /* past the buffer */
    RtValue big = mk_vector(r, 10000, RT_FALSE);                       /* a large block */
    cr_assert_not_null(r->large);
    for (int i = 0; i < n; i++) {
        RtValue s = tracked(links, i);
        if (i % 2 == 0) mk_pair(r, s, RT_NIL);                         /* in a chunk */
        else RT_AS(RtVector, big)->items[i] = s;                       /* in the large block */
    }
}

Test(roots, an_object_referenced_only_from_region_chunks_and_large_blocks_survives_gc,
     .init = setup) {
    void **links = GC_MALLOC_ATOMIC(100 * sizeof *links);
    Region r;
    rt_region_enter(&r);
    fill_region(&r, links, 100);
    for (int k = 0; k < 3; k++) {
        churn(100000);
        GC_gcollect();
    }
    cr_assert_eq(count_alive(links, 100), 100, "the chunk and the large block are scanned");
    /* they are intact: walk the chunk's pairs and the vector */
    for (int i = 0; i < 100; i++) cr_assert(is_text(RT_TAG_AS_OBJ(links[i]), i));
    rt_region_leave(&r);
    rt_pool_trim();                        /* the chunks go back: their stale words with them */
    churn(1000);
    GC_gcollect();
    cr_assert_leq(count_alive(links, 100), 10, "released, the objects are collected");
}

static __attribute__((noinline)) void fill_inline(Region *r, void **links, int n) {
    for (int i = 0; i < n; i++) mk_pair(r, tracked(links, i), RT_NIL);
}

static __attribute__((noinline)) void fill_chunk_end(Region *r, void **links) {
    for (int i = 0; i < 32; i++) mk_pair(r, RT_NIL, RT_NIL);          /* the inline buffer */
    for (int i = 0; i < 4094; i++) mk_pair(r, RT_NIL, RT_NIL);        /* a chunk but 16 bytes */
    RtPair *last = alloc_obj_typed(r, TYPE_ID_PAIR);
    cr_assert_eq((char *)last + 16, r->end, "the chunk's last pair");
    last->car = RT_FALSE;
    last->cdr = tracked(links, 0);                                     /* the chunk's last word */
}

Test(roots, an_object_referenced_only_from_the_last_word_of_a_chunk_survives_gc, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(1 * sizeof *links);
    Region r;
    rt_region_enter(&r);
    fill_chunk_end(&r, links);
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 1), 1, "the chunk is scanned to its end");
    rt_region_leave(&r);
}

Test(roots, an_object_referenced_only_from_a_frame_inline_buffer_survives_gc, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(20 * sizeof *links);
    Region r;
    rt_region_enter(&r);
    fill_inline(&r, links, 20);
    cr_assert_null(r.chunks);
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 20), 20);
    rt_region_leave(&r);
}

Test(roots, an_object_referenced_only_from_the_global_region_survives_gc, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(300 * sizeof *links);
    fill_inline(&rt_global_region, links, 300);         /* inline buffer, then chunks */
    cr_assert_not_null(rt_global_region.chunks);
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 300), 300);
}

Test(roots, thread_local_values_are_roots_once_registered, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(2 * sizeof *links);
    rt_gc_thread_roots(1);
    rt_xargs[5000] = tracked(links, 0);
    rt_cur_out = tracked(links, 1);
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 2), 2);
    cr_assert(is_text(rt_xargs[5000], 0));
    rt_cur_out = 0;
    rt_gc_thread_roots(0);
}

/* sort keeps its elements in collector memory while less? runs; here less? allocates enough
 * to collect many times, and the list itself is dropped before sorting. */
static RtValue less_with_garbage(Region *rr, RtValue self, RtValue a, RtValue b,
                                 RtValue a2, RtValue a3_) {
    churn(200);
    return RT_BOOL(RT_FLOVAL(a) < RT_FLOVAL(b));
}

static __attribute__((noinline)) RtValue shuffled_floats(int n) {
    RtValue l = RT_NIL;
    for (int i = 0; i < n; i++) l = mk_pair(&rt_gc_region, mk_float(&rt_gc_region, (i * 7919) % n), l);
    return l;
}

Test(roots, sort_keeps_its_elements_alive_while_the_comparison_collects, .init = setup) {
    size_t gcs = GC_get_gc_no();
    RtValue less = mk_closure(&rt_gc_region, less_with_garbage, 0);
    RtValue sorted = rt_p_sort(&rt_gc_region, NULL, shuffled_floats(3000), less);
    cr_assert_gt(GC_get_gc_no(), gcs + 2, "collections happened during the sort");
    churn(100000);
    int i = 0;
    for (; sorted != RT_NIL; sorted = RT_CDR(sorted), i++)
        cr_assert_eq(RT_FLOVAL(RT_CAR(sorted)), (double)i);
    cr_assert_eq(i, 3000);
}

/* ---- R4 in the runtime: stores into existing objects use the collected heap ---------------- */

static RtValue make_list_in_rr(Region *rr, RtValue self, RtValue a0, RtValue a1,
                               RtValue a2, RtValue a3_) {
    return mk_pair(rr, RT_FIX(1), mk_pair(rr, RT_FIX(2), RT_NIL));
}

Test(r4, force_memoises_a_value_of_the_collected_heap_whatever_the_callers_region,
     .init = setup) {
    Region frame;
    rt_region_enter(&frame);
    RtValue thunk = mk_closure(&frame, make_list_in_rr, 0);
    RtValue p = rt_p_make_promise_lazy(&frame, NULL, thunk);
    RtValue v = rt_force(&frame, NULL, p);
    cr_assert(RT_IS_PAIR(v));
    cr_assert_eq(rt_region_depth_of(RT_PAIR(v)), 0, "not in the frame region");
    cr_assert(GC_is_heap_ptr(RT_PAIR(v)));
    cr_assert_eq(rt_force(&frame, NULL, p), v, "memoised");
    rt_region_leave(&frame);
}

static RtValue cons_onto(Region *rr, RtValue self, RtValue old, RtValue a1,
                         RtValue a2, RtValue a3_) {
    return mk_pair(rr, RT_FIX(0), old);
}

Test(r4, hash_table_update_stores_a_value_of_the_collected_heap, .init = setup) {
    Region frame;
    rt_region_enter(&frame);
    RtValue t = rt_p_make_hash_table(&rt_global_region, NULL, 0, NULL);
    RtValue argv[3] = {t, RT_FIX(1), mk_closure(&frame, cons_onto, 0)};
    RtValue dflt_argv[4] = {t, RT_FIX(1), argv[2], RT_NIL};
    rt_p_hash_table_update_x_default(&frame, NULL, dflt_argv[0], dflt_argv[1], dflt_argv[2],
                                     dflt_argv[3]);
    rt_p_hash_table_update_x(&frame, NULL, 3, argv);
    RtValue v = rt_p_hash_table_ref_default(&frame, NULL, t, RT_FIX(1), RT_FALSE);
    cr_assert(RT_IS_PAIR(v) && RT_IS_PAIR(RT_CDR(v)));
    cr_assert_eq(rt_region_depth_of(RT_PAIR(v)), 0);
    cr_assert_eq(rt_region_depth_of(RT_PAIR(RT_CDR(v))), 0);
    rt_region_leave(&frame);
}

static RtValue return_k(Region *rr, RtValue self, RtValue k, RtValue a1,
                        RtValue a2, RtValue a3_) {
    return k;
}

Test(r4, a_continuation_object_lives_in_the_collected_heap, .init = setup) {
    Region frame;
    rt_region_enter(&frame);
    RtValue k = rt_p_call_cc(&frame, NULL, mk_closure(&frame, return_k, 0));
    cr_assert(RT_IS_PROCEDURE(k));
    cr_assert_eq(rt_region_depth_of(RT_OBJ(k)), 0);
    cr_assert(GC_is_heap_ptr(RT_OBJ(k)));
    rt_region_leave(&frame);
}
