/* region_test.c: Criterion tests of regions (runtime/region.c and the fast path in regal.h).
 *
 * Each test runs in its own process (Criterion forks), so the per-thread pool and the
 * statistics in rt_alloc_stats start empty in every test. The unit-test binary is built with
 * ASan, UBSan and -DRT_ASAN: poisoning is on and LeakSanitizer checks for leaks.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "regal.h"

#if defined(RT_ASAN)
#include <sanitizer/lsan_interface.h>
#endif

#define IN_INLINE(r, p) ((char *)(p) >= (r)->inline_buf && (char *)(p) < (r)->inline_buf + RT_INLINE_BYTES)

static size_t chunk_count(const Region *r) {
    /* RtChunk is opaque; its first word is the next-older chunk. */
    size_t n = 0;
    for (void *c = r->chunks; c != NULL; c = *(void **)c) n++;
    return n;
}
static size_t large_count(const Region *r) {
    size_t n = 0;
    for (void *l = r->large; l != NULL; l = *(void **)l) n++;
    return n;
}
static void assert_no_leaks(void) {
#if defined(RT_ASAN)
    cr_assert_eq(__lsan_do_recoverable_leak_check(), 0, "LeakSanitizer found leaks");
#endif
}

/* ---- the inline buffer and the first chunk ------------------------------------------------- */

Test(inline_buffer, holds_exactly_32_pairs_and_the_33rd_starts_the_first_chunk) {
    Region r;
    rt_region_init(&r, 1);
    for (int i = 0; i < 32; i++) {
        char *p = alloc_obj_typed(&r, TYPE_ID_PAIR);
        cr_assert_eq(p, r.inline_buf + 16 * i, "pair %d is at offset %d of the buffer", i, 16 * i);
        cr_assert_null(r.chunks);
    }
    cr_assert_eq(r.cur, r.end, "the buffer is exactly full after 512 bytes");
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 0);
    char *p = alloc_obj_typed(&r, TYPE_ID_PAIR);          /* the first object outside */
    cr_assert_not(IN_INLINE(&r, p));
    cr_assert_not_null(r.chunks);
    cr_assert_eq(p, (char *)r.chunks + RT_CHUNK_HDR, "the 33rd pair opens the first chunk");
    cr_assert_eq(r.end - p, (ptrdiff_t)RT_CHUNK_DATA);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 1);
    cr_assert_eq(rt_region_bytes_in_use(&r), 33 * 16);
    rt_region_release(&r);
}

/* rt_region_pop (one-shot closures, compiler/oneshot.c): the newest object of the window is
 * given back (the bump pointer goes back over it, the bytes counted in region_popped, poisoned
 * under ASan), any other object stays, in the inline buffer and in a chunk alike. */
Test(pop, only_the_newest_object_of_the_window_is_given_back) {
    Region r;
    rt_region_init(&r, 1);
    RtClosure *a = alloc_obj_sized(&r, TYPE_ID_CLOSURE, 16);
    RtClosure *b = alloc_obj_sized(&r, TYPE_ID_CLOSURE, 24);
    a->hdr = RT_HDR(TYPE_ID_CLOSURE, 2);
    b->hdr = RT_HDR(TYPE_ID_CLOSURE, 3);
    char *top = r.cur;
    rt_region_pop(&r, RT_TAG_AS_OBJ(a), RT_ROUND(rt_type_size[TYPE_ID_CLOSURE] + 16));
    cr_assert_eq(r.cur, top, "a is not the newest: it stays");
    cr_assert_eq(rt_alloc_stats.region_popped, 0);
    rt_region_pop(&r, RT_TAG_AS_OBJ(b), RT_ROUND(rt_type_size[TYPE_ID_CLOSURE] + 24));
    cr_assert_eq(r.cur, (char *)b, "b was the newest: the window starts at it again");
    cr_assert_eq(rt_alloc_stats.region_popped, 40);
    rt_region_pop(&r, RT_TAG_AS_OBJ(a), RT_ROUND(rt_type_size[TYPE_ID_CLOSURE] + 16));
    cr_assert_eq(r.cur, r.inline_buf, "then a is the newest");
    cr_assert_eq(rt_alloc_stats.region_popped, 72);
    char *c = alloc_obj_sized(&r, TYPE_ID_CLOSURE, 16);
    cr_assert_eq(c, (char *)a, "the next object takes its place");
    for (int i = 0; i < 40; i++) alloc_obj_typed(&r, TYPE_ID_PAIR);   /* into a chunk */
    cr_assert_not_null(r.chunks);
    RtClosure *d = alloc_obj_sized(&r, TYPE_ID_CLOSURE, 8);
    rt_region_pop(&r, RT_TAG_AS_OBJ((RtClosure *)c), RT_ROUND(rt_type_size[TYPE_ID_CLOSURE] + 16));
    cr_assert_eq(r.cur, (char *)d + 24, "an object of the inline buffer is not the chunk's newest");
    rt_region_pop(&r, RT_TAG_AS_OBJ(d), RT_ROUND(rt_type_size[TYPE_ID_CLOSURE] + 8));
    cr_assert_eq(r.cur, (char *)d);
    cr_assert_eq(rt_alloc_stats.region_popped, 96);
    rt_region_pop(&rt_gc_region, RT_TAG_AS_OBJ(d), 24);   /* the heap's window: never */
    cr_assert_eq(rt_alloc_stats.region_popped, 96);
    rt_region_release(&r);
}

Test(inline_buffer, an_object_ending_at_byte_512_fits_and_one_byte_more_does_not) {
    Region r;
    rt_region_init(&r, 1);
    char *a = rt_region_bump(&r, 496);
    char *b = alloc_obj_typed(&r, TYPE_ID_FLOAT);         /* bytes 496..511: fits exactly */
    cr_assert_eq(a, r.inline_buf);
    cr_assert_eq(b, r.inline_buf + 496);
    cr_assert_null(r.chunks);
    rt_region_release(&r);

    rt_region_init(&r, 1);
    rt_region_bump(&r, 504);
    char *c = alloc_obj_typed(&r, TYPE_ID_FLOAT);         /* 16 bytes, 8 left: first chunk */
    cr_assert_eq(c, (char *)r.chunks + RT_CHUNK_HDR);
    char *d = rt_region_bump(&r, 8);                      /* the 8 left inline are abandoned */
    cr_assert_eq(d, c + 16);
    cr_assert_eq(rt_region_bytes_in_use(&r), 504 + 16 + 8);
    rt_region_release(&r);
}

Test(inline_buffer, a_string_of_126_chars_fits_inline_and_127_does_not) {
    /* 8-byte header + 4 bytes a char: 126 chars = 512 bytes exactly; 127 = 520 rounded. */
    Region r;
    rt_region_init(&r, 1);
    RtValue s = mk_string_fill(&r, 126, 'x');
    cr_assert(IN_INLINE(&r, RT_OBJ(s)));
    cr_assert_eq(r.cur, r.end);
    rt_region_release(&r);
    rt_region_init(&r, 1);
    RtValue t = mk_string_fill(&r, 127, 'x');
    cr_assert_not(IN_INLINE(&r, RT_OBJ(t)));
    cr_assert_eq(chunk_count(&r), 1);
    rt_region_release(&r);
}

Test(chunks, a_chunk_serves_exactly_RT_CHUNK_DATA_bytes_then_a_second_chunk_begins) {
    Region r;
    rt_region_init(&r, 1);
    rt_region_bump(&r, RT_INLINE_BYTES);
    char *first = NULL;
    for (size_t used = 0; used < RT_CHUNK_DATA; used += 16) {
        char *p = rt_region_bump(&r, 16);
        if (first == NULL) first = p;
        cr_assert_eq(p, first + used);
    }
    cr_assert_eq(chunk_count(&r), 1);
    char *p = rt_region_bump(&r, 16);
    cr_assert_eq(chunk_count(&r), 2);
    cr_assert_eq(p, (char *)r.chunks + RT_CHUNK_HDR);
    cr_assert_eq(rt_region_bytes_in_use(&r), RT_INLINE_BYTES + RT_CHUNK_DATA + 16);
    rt_region_release(&r);
}

/* ---- alignment ----------------------------------------------------------------------------- */

static RtValue dummy_code(Region *rr, RtValue self, RtValue a0, RtValue a1,
                          RtValue a2, RtValue a3_) {
    return RT_UNSPEC;
}

/* Allocate one of each object through the constructors, with odd-sized ones in between, and
 * check every pointer is 8-byte aligned and correctly tagged and typed. */
static void allocate_every_type_aligned(Region *r, size_t odd) {
    RtValue v[] = {
        mk_int(r, INT64_MAX),              mk_float(r, 1.5),
        mk_pair(r, RT_NIL, RT_NIL),        mk_string_fill(r, odd, 'a'),
        mk_bytevector(r, odd, 7),          mk_vector(r, odd, RT_FALSE),
        mk_closure(r, dummy_code, odd),    mk_box(r, RT_TRUE),
        mk_record(r, RT_FALSE, odd),       mk_bytevector(r, odd + 1, 1),
        mk_string(r, "λx"),
    };
    TypeId want[] = {TYPE_ID_INT, TYPE_ID_FLOAT, TYPE_ID_PAIR, TYPE_ID_STRING,
                     TYPE_ID_BYTEVECTOR, TYPE_ID_VECTOR, TYPE_ID_CLOSURE, TYPE_ID_BOX,
                     TYPE_ID_RECORD, TYPE_ID_BYTEVECTOR, TYPE_ID_STRING};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        cr_assert_eq((v[i] & ~(RtValue)RT_TAG_MASK) % RT_ALIGN, 0);
        cr_assert_eq(rt_type_of(v[i]), want[i], "object %zu is a %s", i, rt_type_name[want[i]]);
    }
    for (int t = 0; t < TYPE_ID_COUNT; t++) {
        if (rt_type_size[t] == 0) continue;
        void *p = alloc_obj_typed(r, (TypeId)t);
        cr_assert_eq((uintptr_t)p % RT_ALIGN, 0, "%s is aligned", rt_type_name[t]);
        void *q = alloc_obj_sized(r, (TypeId)t, odd);
        cr_assert_eq((uintptr_t)q % RT_ALIGN, 0, "%s + %zu bytes is aligned", rt_type_name[t], odd);
    }
}

Test(alignment, every_object_type_is_8_byte_aligned_inline_in_chunks_and_large) {
    Region r;
    rt_region_init(&r, 1);
    for (size_t odd = 0; odd < 40; odd++) allocate_every_type_aligned(&r, odd);
    cr_assert_geq(chunk_count(&r), 1);
    RtValue big = mk_bytevector(&r, RT_LARGE_BYTES + 3, 0);  /* a large block */
    cr_assert_eq((big & ~(RtValue)RT_TAG_MASK) % RT_ALIGN, 0);
    allocate_every_type_aligned(&r, 3);
    rt_region_release(&r);
}

Test(alignment, type_table_sizes_are_multiples_of_8_and_a_pair_and_flonum_are_16_bytes) {
    for (int t = 0; t < TYPE_ID_COUNT; t++)
        cr_assert_eq(rt_type_size[t] % RT_ALIGN, 0, "%s", rt_type_name[t]);
    cr_assert_eq(rt_type_size[TYPE_ID_PAIR], 16);
    cr_assert_eq(sizeof(RtPair), 16);
    cr_assert_eq(rt_type_size[TYPE_ID_FLOAT], 16);
    cr_assert_eq(sizeof(RtFlonum), 16);
    cr_assert_eq(offsetof(Region, inline_buf) % 16, 0);
}

/* ---- large objects ------------------------------------------------------------------------- */

Test(large, an_object_over_RT_LARGE_BYTES_that_does_not_fit_goes_on_the_large_list) {
    Region r;
    rt_region_init(&r, 1);
    RtValue small = mk_pair(&r, RT_NIL, RT_NIL);
    RtValue v = mk_vector(&r, 2000, RT_FIX(7));                /* 16,008 bytes: large */
    cr_assert_eq(large_count(&r), 1);
    cr_assert_null(r.chunks, "a large block leaves the window (here the inline buffer) alone");
    cr_assert_eq((char *)RT_OBJ(v), (char *)r.large + RT_LARGE_HDR);
    cr_assert_eq(RT_AS(RtVector, v)->items[1999], RT_FIX(7));
    RtValue after = mk_pair(&r, RT_NIL, RT_NIL);              /* still bumps inline */
    cr_assert_eq(RT_PAIR(after), RT_PAIR(small) + 1);
    RtValue exact = mk_bytevector(&r, RT_LARGE_BYTES - 8, 0);   /* 8192 bytes: a chunk */
    cr_assert_eq(large_count(&r), 1);
    cr_assert_eq(chunk_count(&r), 1);
    cr_assert_eq((char *)RT_OBJ(exact), (char *)r.chunks + RT_CHUNK_HDR);
    mk_vector(&r, 100000, RT_NIL);                              /* bigger than any chunk */
    cr_assert_eq(large_count(&r), 2);
    uint64_t frees = rt_alloc_stats.upstream_frees;
    rt_region_release(&r);
    cr_assert_eq(rt_alloc_stats.upstream_frees, frees + 2, "both large blocks freed");
    cr_assert_eq(rt_pool_count(), 1, "the chunk went to the pool");
    rt_pool_trim();
    cr_assert_eq(rt_alloc_stats.upstream_bytes, 0);
    assert_no_leaks();
}

/* ---- many nested regions ------------------------------------------------------------------- */

Test(nesting, ten_thousand_regions_alive_at_once_released_in_LIFO_order) {
    enum { N = 10000 };
    Region *rs = malloc(N * sizeof *rs);
    RtValue *lists = malloc(N * sizeof *lists);
    for (int i = 0; i < N; i++) {
        rt_region_init(&rs[i], (uint64_t)i + 1);
        /* every region gets a list; every 100th overflows into a chunk and a large block */
        int len = i % 100 == 0 ? 100 : 5;
        RtValue l = RT_NIL;
        for (int k = 0; k < len; k++) l = mk_pair(&rs[i], RT_FIX(i), l);
        if (i % 100 == 0) mk_vector(&rs[i], 10000, RT_FIX(i));      /* > a chunk: large */
        lists[i] = l;
    }
    for (int i = 0; i < N; i++) {                         /* nothing was overwritten */
        int len = 0;
        for (RtValue l = lists[i]; l != RT_NIL; l = RT_CDR(l), len++)
            cr_assert_eq(RT_CAR(l), RT_FIX(i));
        cr_assert_eq(len, i % 100 == 0 ? 100 : 5);
    }
    for (int i = N - 1; i >= 0; i--) rt_region_release(&rs[i]);
    cr_assert_eq(rt_alloc_stats.regions_released, N / 100);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 2 * (N / 100), "a chunk and a large block each");
    cr_assert_eq(rt_pool_count(), rt_pool_cap());
    free(rs);
    free(lists);
    rt_pool_trim();
    assert_no_leaks();
}

static uint64_t recurse(uint64_t depth, uint64_t max) {
    Region r;
    rt_region_init(&r, depth);
    RtValue x = mk_int(&r, (int64_t)depth);
    for (int i = 0; i < 40; i++) mk_pair(&r, x, RT_NIL);  /* 640 bytes: spills into a chunk */
    uint64_t sum = RT_FIXVAL(x) + (depth < max ? recurse(depth + 1, max) : 0);
    rt_region_release(&r);
    return sum;
}

Test(nesting, a_thousand_regions_in_nested_C_frames_each_with_a_chunk) {
    cr_assert_eq(recurse(1, 1000), 1000 * 1001 / 2);
    cr_assert_eq(rt_pool_count(), rt_pool_cap(), "the pool kept as many of the 1000 chunks as regions held at once");
    cr_assert_eq(rt_alloc_stats.upstream_frees, 1000 - rt_pool_cap());
    rt_pool_trim();
    assert_no_leaks();
}

/* ---- the pool ------------------------------------------------------------------------------ */

Test(pool, release_returns_chunks_to_the_pool_and_the_next_region_reuses_them) {
    Region r;
    rt_region_init(&r, 1);
    for (int i = 0; i < 3 * 4096 + 40; i++) mk_pair(&r, RT_NIL, RT_NIL);   /* 4 chunks */
    cr_assert_eq(chunk_count(&r), 4);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 4);
    cr_assert_eq(rt_pool_count(), 0);
    rt_region_release(&r);
    cr_assert_eq(rt_pool_count(), 4);
    cr_assert_eq(rt_alloc_stats.chunks_to_pool, 4);
    cr_assert_eq(rt_alloc_stats.upstream_frees, 0);

    rt_region_init(&r, 1);
    for (int i = 0; i < 3 * 4096 + 40; i++) mk_pair(&r, RT_NIL, RT_NIL);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 4, "no new upstream call");
    cr_assert_eq(rt_alloc_stats.chunks_from_pool, 4);
    cr_assert_eq(rt_pool_count(), 0);
    rt_region_release(&r);
    cr_assert_eq(rt_alloc_stats.peak_bytes, 4 * RT_CHUNK_BYTES);
    assert_no_leaks();                                   /* pooled chunks are reachable */
    rt_pool_trim();
    cr_assert_eq(rt_pool_count(), 0);
    cr_assert_eq(rt_alloc_stats.upstream_frees, 4);
    cr_assert_eq(rt_alloc_stats.upstream_bytes, 0);
    assert_no_leaks();
}

Test(pool, keeps_as_many_chunks_as_regions_held_at_once) {
    Region r;
    rt_region_init(&r, 1);
    while (chunk_count(&r) < RT_POOL_MAX + 10) rt_region_bump(&r, RT_LARGE_BYTES);
    size_t n = chunk_count(&r);
    cr_assert_gt(n, RT_POOL_MAX);
    rt_region_release(&r);
    cr_assert_eq(rt_pool_cap(), n, "the regions' peak: %zu chunks", n);
    cr_assert_eq(rt_pool_count(), n);
    cr_assert_eq(rt_alloc_stats.upstream_frees, 0);
    rt_region_init(&r, 1);                       /* the same again: all from the pool */
    while (chunk_count(&r) < n) rt_region_bump(&r, RT_LARGE_BYTES);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, n, "no new upstream call");
    rt_region_release(&r);
    rt_pool_trim();
    assert_no_leaks();
}

Test(pool, keeps_at_most_RT_POOL_PEAK_MAX_chunks_and_frees_the_rest_upstream) {
    Region r;
    rt_region_budget = 0;   /* more chunks than a region's budget (gc_test.c: budget) */
    rt_region_init(&r, 1);
    while (chunk_count(&r) < RT_POOL_PEAK_MAX + 10) rt_region_bump(&r, RT_LARGE_BYTES);
    size_t n = chunk_count(&r);
    rt_region_release(&r);
    cr_assert_eq(rt_pool_count(), RT_POOL_PEAK_MAX);
    cr_assert_eq(rt_alloc_stats.upstream_frees, n - RT_POOL_PEAK_MAX);
    rt_pool_trim();
    assert_no_leaks();
}

Test(pool, when_disabled_chunks_come_from_and_return_to_upstream_each_time) {
    rt_pool_disabled = 1;
    for (int k = 0; k < 3; k++) {
        Region r;
        rt_region_init(&r, 1);
        for (int i = 0; i < 100; i++) mk_pair(&r, RT_NIL, RT_NIL);
        rt_region_release(&r);
    }
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 3);
    cr_assert_eq(rt_alloc_stats.upstream_frees, 3);
    cr_assert_eq(rt_pool_count(), 0);
    cr_assert_eq(rt_alloc_stats.chunks_from_pool, 0);
}

/* ---- zero upstream calls for an inline-only region ----------------------------------------- */

Test(upstream, a_region_that_uses_only_its_inline_buffer_makes_zero_allocator_calls) {
    RtValue sym = mk_symbol(&rt_global_region, "warm");   /* interning may allocate: do it first */
    RtAllocStats before = rt_alloc_stats;
    for (int k = 0; k < 1000; k++) {
        Region r;
        rt_region_init(&r, 1);
        RtValue l = RT_NIL;
        for (int i = 0; i < 10; i++) l = mk_pair(&r, mk_float(&r, i), l);   /* 320 bytes */
        mk_string(&r, "inline");
        mk_vector(&r, 4, l);
        mk_box(&r, mk_symbol(&r, "warm"));
        mk_int(&r, INT64_MIN);
        cr_assert_null(r.chunks);
        cr_assert_leq(rt_region_bytes_in_use(&r), RT_INLINE_BYTES);
        rt_region_release(&r);
    }
    cr_assert_eq(rt_alloc_stats.upstream_allocs, before.upstream_allocs);
    cr_assert_eq(rt_alloc_stats.upstream_frees, before.upstream_frees);
    cr_assert_eq(rt_alloc_stats.chunks_from_pool, before.chunks_from_pool);
    cr_assert_eq(rt_alloc_stats.regions_released, before.regions_released);
    (void)sym;
}

/* ---- reset and bytes in use ---------------------------------------------------------------- */

Test(reset, keeps_the_first_chunk_pools_the_others_and_frees_large_blocks) {
    Region r;
    rt_region_init(&r, 1);
    for (int i = 0; i < 3 * 4096; i++) mk_pair(&r, RT_NIL, RT_NIL);    /* 3 chunks */
    mk_vector(&r, 3000, RT_NIL);
    cr_assert_eq(chunk_count(&r), 3);
    void *oldest = r.chunks;
    while (*(void **)oldest != NULL) oldest = *(void **)oldest;
    uint64_t allocs = rt_alloc_stats.upstream_allocs;
    rt_region_reset(&r);
    cr_assert_eq(chunk_count(&r), 1);
    cr_assert_eq(r.chunks, oldest, "the first chunk is kept");
    cr_assert_null(r.large);
    cr_assert_eq(rt_pool_count(), 2);
    cr_assert_eq(rt_region_bytes_in_use(&r), 0);
    cr_assert_eq(r.end - r.cur, (ptrdiff_t)RT_CHUNK_DATA, "the whole chunk is the window");
    for (unsigned i = 0; i < RT_CHUNK_DATA / 16; i++) mk_pair(&r, RT_NIL, RT_NIL); /* fills it */
    cr_assert_eq(rt_alloc_stats.upstream_allocs, allocs);
    cr_assert_eq(rt_pool_count(), 2);
    cr_assert_eq(rt_region_bytes_in_use(&r), RT_CHUNK_DATA);
    rt_region_release(&r);
    cr_assert_eq(rt_pool_count(), 3);
    rt_pool_trim();
    assert_no_leaks();
}

Test(reset, of_an_inline_only_region_rewinds_the_buffer) {
    Region r;
    rt_region_init(&r, 1);
    mk_pair(&r, RT_NIL, RT_NIL);
    mk_float(&r, 2.0);
    cr_assert_eq(rt_region_bytes_in_use(&r), 32);
    rt_region_reset(&r);
    cr_assert_eq(r.cur, r.inline_buf);
    cr_assert_eq(rt_region_bytes_in_use(&r), 0);
    cr_assert_eq(alloc_obj_typed(&r, TYPE_ID_BOX), (void *)r.inline_buf);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 0);
    rt_region_release(&r);
}

Test(bytes_in_use, counts_inline_chunk_and_large_bytes_but_not_abandoned_tails) {
    Region r;
    rt_region_init(&r, 1);
    cr_assert_eq(rt_region_bytes_in_use(&r), 0);
    for (int i = 0; i < 31; i++) mk_pair(&r, RT_NIL, RT_NIL);         /* 496 */
    mk_bytevector(&r, 9000, 0);                                       /* 9008: large */
    cr_assert_eq(large_count(&r), 1);
    cr_assert_eq(rt_region_bytes_in_use(&r), 496 + 9008);
    mk_string_fill(&r, 3, ' ');                                       /* 8+12 -> 24: chunk */
    cr_assert_eq(rt_region_bytes_in_use(&r), 496 + 24 + 9008);
    for (size_t left = RT_CHUNK_DATA - 24 - 8; left > 0; left -= 8) rt_region_bump(&r, 8);
    cr_assert_eq(chunk_count(&r), 1);                                 /* 8 bytes left */
    rt_region_bump(&r, 16);                                           /* second chunk */
    cr_assert_eq(chunk_count(&r), 2);
    cr_assert_eq(rt_region_bytes_in_use(&r), 496 + RT_CHUNK_DATA - 8 + 9008 + 16);
    size_t in_use = rt_region_bytes_in_use(&r);
    rt_region_release(&r);
    cr_assert_eq(rt_alloc_stats.bytes_released, in_use);
}

/* ---- the global region and heap regions ---------------------------------------------------- */

Test(global_region, is_usable_without_any_init_and_starts_in_its_inline_buffer) {
    cr_assert_null(rt_global_region.chunks);
    RtValue p = mk_pair(&rt_global_region, RT_FIX(1), RT_NIL);
    cr_assert(IN_INLINE(&rt_global_region, RT_PAIR(p)));
    for (int i = 0; i < 100; i++) mk_pair(&rt_global_region, RT_NIL, RT_NIL);
    cr_assert_not_null(rt_global_region.chunks, "it overflows into chunks like any region");
    cr_assert_eq(RT_CAR(p), RT_FIX(1));
    assert_no_leaks();                                   /* its chunks are reachable */
}

Test(heap_region, new_and_free_pair_up_with_the_upstream_allocator) {
    Region *r = rt_region_new(3);
    cr_assert_eq(r->depth, 3);
    for (int i = 0; i < 1000; i++) mk_pair(r, RT_NIL, RT_NIL);
    rt_region_free(r);
    cr_assert_eq(rt_alloc_stats.upstream_allocs, rt_alloc_stats.upstream_frees + rt_pool_count());
    rt_pool_trim();
    cr_assert_eq(rt_alloc_stats.upstream_bytes, 0);
    assert_no_leaks();
}

/* ---- out of memory ------------------------------------------------------------------------- */

static int fail_always(size_t bytes) { return 1; }

Test(out_of_memory, a_failing_upstream_exits_with_RT_EXIT_OOM, .exit_code = RT_EXIT_OOM,
     .init = cr_redirect_stderr) {
    Region r;
    rt_region_init(&r, 1);
    for (int i = 0; i < 32; i++) mk_pair(&r, RT_NIL, RT_NIL);        /* inline: no upstream */
    rt_upstream_fail_hook = fail_always;
    mk_pair(&r, RT_NIL, RT_NIL);                                      /* needs a chunk */
    cr_assert_fail("rt_region_alloc_slow returned after an allocation failure");
}

/* Run f in a child with stderr on a pipe; return its exit status and what it printed. */
static int run_child(void (*f)(void), char *out, size_t cap) {
    int fd[2];
    cr_assert_eq(pipe(fd), 0);
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

static void oom_large_block(void) {
    Region r;
    rt_region_init(&r, 1);
    rt_upstream_fail_hook = fail_always;
    mk_vector(&r, 100000, RT_NIL);
}

Test(out_of_memory, prints_exactly_out_of_memory_on_stderr_for_a_large_block_too) {
    char out[256];
    int status = run_child(oom_large_block, out, sizeof out);
    cr_assert(WIFEXITED(status));
    cr_assert_eq(WEXITSTATUS(status), RT_EXIT_OOM);
    /* The first line is the message. (LeakSanitizer may add a note of its own after it in a
     * child forked from a threaded process; that is not the runtime's output.) */
    cr_assert_eq(strncmp(out, "out of memory\n", 14), 0, "stderr was: %s", out);
}

static int fail_big(size_t bytes) { return bytes > 1000000; }

Test(out_of_memory, an_absurd_vector_length_is_out_of_memory_not_a_crash,
     .exit_code = RT_EXIT_OOM, .init = cr_redirect_stderr) {
    Region r;
    rt_region_init(&r, 1);
    rt_upstream_fail_hook = fail_big;
    mk_vector(&r, SIZE_MAX / 4, RT_NIL);
}

/* ---- poisoning (R5) ------------------------------------------------------------------------ */
/* ASan reports use-after-poison and exits with status 1. */

Test(poison, reading_a_pair_of_a_released_region_from_its_chunk_is_caught_by_asan,
     .exit_code = 1, .init = cr_redirect_stderr) {
    Region r;
    rt_region_init(&r, 1);
    for (int i = 0; i < 40; i++) mk_pair(&r, RT_NIL, RT_NIL);
    RtValue p = mk_pair(&r, RT_FIX(42), RT_NIL);
    cr_assert_not(IN_INLINE(&r, RT_PAIR(p)));
    rt_region_release(&r);
    volatile RtValue x = RT_CAR(p);                      /* dies here */
    (void)x;
    exit(0);
}

Test(poison, reading_a_pair_of_a_released_region_from_its_inline_buffer_is_caught_by_asan,
     .exit_code = 1, .init = cr_redirect_stderr) {
    Region r;
    rt_region_init(&r, 1);
    RtValue p = mk_pair(&r, RT_FIX(42), RT_NIL);
    cr_assert(IN_INLINE(&r, RT_PAIR(p)));
    rt_region_release(&r);
    volatile RtValue x = RT_CAR(p);                      /* dies here */
    (void)x;
    exit(0);
}

Test(poison, writing_into_a_chunk_freed_by_reset_is_caught_by_asan,
     .exit_code = 1, .init = cr_redirect_stderr) {
    Region r;
    rt_region_init(&r, 1);
    for (int i = 0; i < 5000; i++) mk_pair(&r, RT_NIL, RT_NIL);       /* 2 chunks */
    RtValue p = mk_pair(&r, RT_NIL, RT_NIL);                          /* in the second */
    rt_region_reset(&r);                                              /* second chunk pooled */
    RT_PAIR(p)->car = RT_FIX(1);                                      /* dies here */
    exit(0);
}

Test(poison, a_released_region_reinitialised_is_usable_again) {
    Region r;
    rt_region_init(&r, 1);
    RtValue p = mk_pair(&r, RT_FIX(1), RT_NIL);
    rt_region_release(&r);
    rt_region_init(&r, 1);
    RtValue q = mk_pair(&r, RT_FIX(2), RT_NIL);
    cr_assert_eq(RT_PAIR(p), RT_PAIR(q));
    cr_assert_eq(RT_CAR(q), RT_FIX(2));
    for (int i = 0; i < 100; i++) mk_pair(&r, RT_NIL, RT_NIL);        /* a pooled chunk too */
    rt_region_release(&r);
}
