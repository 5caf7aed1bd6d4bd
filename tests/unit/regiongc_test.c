/* regiongc_test.c: Criterion tests of the collection of tail cycles' regions (runtime/regiongc.c).
 *
 * Each test runs its work in a helper function whose frame is below the stack base the roots
 * hook gives (the test's own frame, as rt_run's for the program), so the collector scans the
 * helper's locals as it scans a program's frames. The unit tests are built with
 * AddressSanitizer and freed chunks are poisoned: an object freed while still reachable is an
 * error when the test reads it. Each test runs in its own process.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "rtlib.h"

static void setup(void) { rt_gc_init(); }

static size_t chunks_of(const Region *r) {
    size_t n = 0;
    for (const RtChunk *c = r->chunks; c != NULL; c = c->next) n++;
    return n;
}

/* The hooks rt_start sets (start.c): here the stack from the collector's frame up to this
 * test's frame, which is above its helper's. */
static uintptr_t test_stack_base;
static int test_roots(RtScanFn scan, void *ctx, uintptr_t lo) {
    if (test_stack_base == 0) return 0;
    if (scan != NULL) scan(ctx, lo, test_stack_base);
    return 1;
}

/* Runs body with the hooks set, the stack's base just above its frame and a collection every
 * `chunks` chunks. */
static void with_collection(void (*body)(void), uint32_t chunks) {
    uint32_t saved_chunks = rt_region_collect_chunks;
    test_stack_base = (uintptr_t)__builtin_frame_address(0);
    rt_region_collect_hook = rt_region_collect;
    rt_region_gc_roots_hook = test_roots;
    rt_region_collect_chunks = chunks;
    body();
    rt_region_collect_chunks = saved_chunks;
    rt_region_gc_roots_hook = NULL;
    rt_region_collect_hook = NULL;
    test_stack_base = 0;
}

static int list_is(RtValue l, int n, int step) {   /* (n-step ... 2step step 0) */
    for (int i = n - step; i >= 0; i -= step, l = RT_CDR(l))
        if (!RT_IS_PAIR(l) || RT_CAR(l) != RT_FIX(i)) return 0;
    return l == RT_NIL;
}

__attribute__((noinline)) static void keeps_what_the_stack_reaches(void) {
    Region r;
    rt_region_enter(&r);
    rt_region_mark_tail(&r);
    uint64_t before = rt_alloc_stats.region_collections;
    volatile RtValue keep = RT_NIL;
    for (int i = 0; i < 400000; i++) {
        RtValue g = rt_cons(&r, RT_FIX(i), RT_NIL);   /* garbage */
        (void)g;
        if (i % 20000 == 0) keep = rt_cons(&r, RT_FIX(i), keep);
    }
    cr_assert_gt(rt_alloc_stats.region_collections, before, "the region was collected");
    /* no object moves: a chunk stays while it holds one reachable pair (20 of them), and the
     * next collection is due when the region has doubled (98 chunks without collections) */
    cr_assert_lt(chunks_of(&r), 50, "6 MB of pairs, 20 of them reachable: %zu chunks", chunks_of(&r));
    cr_assert_gt(rt_alloc_stats.region_collected, 4u << 20);
    cr_assert(list_is(keep, 400000, 20000), "the reachable list is intact");
    rt_region_leave(&r);
}

Test(regiongc, a_tail_cycles_region_keeps_what_the_stack_reaches_and_frees_the_rest, .init = setup) {
    with_collection(keeps_what_the_stack_reaches, 4);
}

/* Made in functions of their own, so that no copy of the region's pointer stays in the
 * frame of the test (their frames are overwritten by the allocations that follow), and after
 * the region's inline buffer is full (its objects live in the test's frame). */
__attribute__((noinline)) static void fill_inline_buffer(Region *r) {
    for (int i = 0; i < 64; i++) (void)rt_cons(r, RT_FIX(i), RT_NIL);
}
__attribute__((noinline)) static RtValue heap_holding(Region *r, int v) {
    return rt_cons(&rt_gc_region, rt_cons(r, RT_FIX(v), RT_NIL), RT_NIL);
}
__attribute__((noinline)) static void store_pair(RtValue vec, Region *r, int v) {
    RT_AS(RtVector, vec)->items[1999] = rt_cons(r, RT_FIX(v), RT_NIL);
}

__attribute__((noinline)) static void keeps_through_heap_and_raw_pointers(void) {
    Region r;
    rt_region_enter(&r);
    rt_region_mark_tail(&r);
    fill_inline_buffer(&r);
    /* reachable only from an object of the collected heap (map's reversed results, say) */
    volatile RtValue box = heap_holding(&r, 7);
    for (int i = 0; i < 10000; i++) (void)rt_cons(&r, RT_FIX(i), RT_NIL);   /* a chunk apart */
    /* reachable only through an untagged pointer into its chunk (C code's p->items + i) */
    RtValue v = mk_vector(&r, 4, RT_FIX(3));
    RtValue *volatile raw = &RT_AS(RtVector, v)->items[2];
    v = RT_FALSE;
    for (int i = 0; i < 400000; i++) (void)rt_cons(&r, RT_FIX(i), RT_NIL);
    cr_assert_gt(rt_alloc_stats.region_collections, 0);
    RtValue inner = RT_CAR(box);
    cr_assert(RT_IS_PAIR(inner) && RT_CAR(inner) == RT_FIX(7), "kept through the collected heap");
    cr_assert_eq(raw[0], RT_FIX(3), "kept through a derived pointer");
    cr_assert_eq(raw[1], RT_FIX(3));
    rt_region_leave(&r);
}

Test(regiongc, objects_reached_through_the_heap_or_derived_pointers_are_kept, .init = setup) {
    with_collection(keeps_through_heap_and_raw_pointers, 4);
}

__attribute__((noinline)) static void younger_regions_are_roots(void) {
    Region r, y;
    rt_region_enter(&r);
    rt_region_mark_tail(&r);
    fill_inline_buffer(&r);
    rt_region_enter(&y);
    /* a younger region's chunk holds the only reference: not from this frame */
    RtValue holder = mk_vector(&y, 2000, RT_FALSE);   /* past the inline buffer: a chunk */
    store_pair(holder, &r, 42);
    for (int i = 0; i < 400000; i++) (void)rt_cons(&r, RT_FIX(i), RT_NIL);
    cr_assert_gt(rt_alloc_stats.region_collections, 0);
    RtValue p = RT_AS(RtVector, holder)->items[1999];
    cr_assert(RT_IS_PAIR(p) && RT_CAR(p) == RT_FIX(42));
    rt_region_leave(&y);
    rt_region_leave(&r);
}

Test(regiongc, objects_held_by_younger_regions_are_kept, .init = setup) {
    with_collection(younger_regions_are_roots, 4);
}

__attribute__((noinline)) static void spilled_is_not_collected(void) {
    Region r;
    rt_region_enter(&r);
    rt_region_mark_tail(&r);
    r.tail |= RT_TAIL_SPILLED;   /* as rt_region_soft sets it when the heap takes its objects */
    for (int i = 0; i < 100000; i++) (void)rt_cons(&r, RT_FIX(i), RT_NIL);
    cr_assert_eq(rt_alloc_stats.region_collections, 0, "the heap may point into it");
    cr_assert_gt(chunks_of(&r), 20);
    rt_region_leave(&r);
    rt_region_enter(&r);   /* unmarked: never collected */
    for (int i = 0; i < 100000; i++) (void)rt_cons(&r, RT_FIX(i), RT_NIL);
    cr_assert_eq(rt_alloc_stats.region_collections, 0, "not a tail cycle's region");
    rt_region_leave(&r);
}

Test(regiongc, a_spilled_or_unmarked_region_is_not_collected, .init = setup) {
    with_collection(spilled_is_not_collected, 4);
}

Test(regiongc, without_rt_starts_hooks_nothing_is_collected, .init = setup) {
    Region r;
    rt_region_collect_chunks = 4;
    rt_region_collect_hook = rt_region_collect;   /* but no roots: no stack base known */
    rt_region_enter(&r);
    rt_region_mark_tail(&r);
    for (int i = 0; i < 100000; i++) (void)rt_cons(&r, RT_FIX(i), RT_NIL);
    cr_assert_eq(rt_alloc_stats.region_collections, 0, "no stack base: a thread rt_start did not start");
    cr_assert(r.tail & RT_TAIL_NO_GC);
    rt_region_leave(&r);
}

/* The container rule's sites (rt_region_soft): past the soft budget the region is collected
 * from then on instead of spilling into the heap; with collection off (REGAL_REGION_GC=0) the
 * heap takes them, as before. */
__attribute__((noinline)) static void soft_sites_collect(void) {
    Region r;
    rt_region_enter(&r);
    fill_inline_buffer(&r);
    volatile RtValue box = RT_NIL;   /* a container of r, replaced over and over */
    for (int i = 0; i < 200000; i++) {
        Region *s = rt_region_soft(&r);
        cr_assert_eq(s, &r, "round %d: the region, not the heap", i);
        box = rt_cons(s, RT_FIX(i), RT_NIL);
    }
    cr_assert_gt(rt_alloc_stats.region_collections, 0, "collected as it grew");
    cr_assert(r.tail & RT_TAIL_SEQ, "marked as a collected region");
    cr_assert_eq(RT_CAR(box), RT_FIX(199999));
    rt_region_leave(&r);
}

Test(regiongc, the_container_rules_region_is_collected_past_its_soft_budget, .init = setup) {
    with_collection(soft_sites_collect, 4);
}

__attribute__((noinline)) static void soft_sites_spill(void) {
    Region r;
    rt_region_enter(&r);
    Region *s = &r;
    for (int i = 0; i < 200000 && s == &r; i++) {
        s = rt_region_soft(&r);
        (void)rt_cons(s, RT_FIX(i), RT_NIL);
    }
    cr_assert_eq(s, &rt_gc_region, "past the soft budget, the heap");
    cr_assert(r.tail & RT_TAIL_SPILLED);
    rt_region_leave(&r);
}

Test(regiongc, with_collection_off_the_container_rule_spills_into_the_heap, .init = setup) {
    with_collection(soft_sites_spill, 0);
}

/* A collection that gives back almost nothing (the region's data is live: a loop building a
 * list it keeps) is the last one of that region, which keeps its objects (no spill). */
__attribute__((noinline)) static void live_region_stops_collecting(void) {
    Region r;
    rt_region_enter(&r);
    fill_inline_buffer(&r);
    volatile RtValue all = RT_NIL;
    for (int i = 0; i < 300000; i++) {
        Region *s = rt_region_soft(&r);
        cr_assert_eq(s, &r, "round %d: the region, not the heap", i);
        all = rt_cons(s, RT_FIX(i), all);
    }
    cr_assert_eq(rt_alloc_stats.region_collections, 1, "one collection found it all live: %llu",
                 (unsigned long long)rt_alloc_stats.region_collections);
    cr_assert_eq(RT_CAR(all), RT_FIX(299999));
    rt_region_leave(&r);
}

Test(regiongc, a_region_found_live_is_not_collected_again, .init = setup) {
    with_collection(live_region_stops_collecting, 4);
}
