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

#define GC_THREADS
#include <gc/gc.h>
#include <pthread.h>

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

Test(gc_region, typed_allocation_pops_the_free_list_of_its_kind_and_size_class, .init = setup) {
    rt_stats_enabled = 1;
    RtHeapCounts before = rt_heap_counts();
    RtPair *p = alloc_obj_typed(&rt_gc_region, TYPE_ID_PAIR);
    RtPair *q = rt_heap_typed(TYPE_ID_PAIR);
    cr_assert_null(rt_gc_region.cur, "the window stays empty");
    cr_assert_null(rt_gc_region.end);
    cr_assert_neq(p, q);
    cr_assert_eq((uintptr_t)p % 16, 0);
    cr_assert(GC_is_heap_ptr(p));
    cr_assert_eq(GC_size(p), 16, "no byte added: a pair takes 16 bytes");
    cr_assert_eq(GC_size(q), 16);
    void *next = rt_heap_lists.free[RT_HEAP_NORMAL][1];
    cr_assert_not_null(next, "the rest of the block waits on the list");
    cr_assert_eq(rt_heap_typed(TYPE_ID_BOX), next, "a box is the same kind and size as a pair");
    RtFlonum *f = rt_heap_typed(TYPE_ID_FLOAT);
    cr_assert_eq(GC_size(f), 16);
    cr_assert_not_null(rt_heap_lists.free[RT_HEAP_PTRFREE][1], "flonums have a list of their own");
    cr_assert_eq(GC_size(rt_heap_sized(TYPE_ID_CLOSURE, 16)), 32, "closures: no tail");
    cr_assert_eq(GC_size(rt_heap_sized(TYPE_ID_VECTOR, 24)), 48,
                 "a vector of 3 gets a byte of tail (R7), so the next granule");
    cr_assert_eq(GC_size(rt_heap_sized(TYPE_ID_VECTOR, 16)), 32, "a vector of 2 has room for it");
    RtValue v = mk_vector(&rt_gc_region, 1000, RT_FIX(7));              /* past the classes */
    cr_assert_eq(RT_AS(RtVector, v)->items[999], RT_FIX(7));
    cr_assert_geq(GC_size(RT_OBJ(v)), 8009);
    RtHeapCounts after = rt_heap_counts();
    cr_assert_eq(after.objects - before.objects, 8);
    cr_assert_eq(after.bytes - before.bytes, 16 + 16 + 16 + 16 + 32 + 48 + 32 + GC_size(RT_OBJ(v)),
                 "counted in the collector's sizes: %llu",
                 (unsigned long long)(after.bytes - before.bytes));
    cr_assert_eq(rt_alloc_stats.upstream_allocs, 0, "no region memory involved");
    cr_assert_eq(rt_region_bytes_in_use(&rt_gc_region), 0);
}

Test(gc_region, an_untyped_request_gets_zeroed_scanned_memory, .init = setup) {
    uint64_t *w = rt_region_bump(&rt_gc_region, 24);          /* what hashtable.c asks for */
    cr_assert_eq(GC_size(w), 32);
    for (int i = 0; i < 3; i++) cr_assert_eq(w[i], 0);
}

Test(gc_region, statistics_are_counted_only_while_enabled, .init = setup) {
    rt_stats_enabled = 0;
    for (int i = 0; i < 100; i++) mk_float(&rt_gc_region, i);  /* a list filled uncounted */
    cr_assert_eq(rt_alloc_stats.gc_allocs, 0);
    cr_assert_eq(rt_alloc_stats.gc_bytes, 0);
    rt_stats_enabled = 1;
    for (int i = 0; i < 100; i++) mk_float(&rt_gc_region, i);  /* from the same list */
    cr_assert_eq(rt_heap_counts().objects, 0, "that list was not counted: nothing subtracted");
    for (int i = 0; i < 1000; i++) mk_float(&rt_gc_region, i); /* refills, counted */
    RtHeapCounts c = rt_heap_counts();
    cr_assert_gt(c.objects, 700);
    cr_assert_leq(c.objects, 1000);
    cr_assert_eq(c.bytes, 16 * c.objects);
    for (int i = 0; i < 1000; i++) mk_pair(&rt_gc_region, RT_NIL, RT_NIL);
    RtHeapCounts d = rt_heap_counts();
    cr_assert_eq(d.objects - c.objects, 1000, "exactly what was handed out");
    cr_assert_eq(d.bytes - c.bytes, 16000);
}

Test(gc_region, two_hundred_megabytes_of_garbage_stay_within_a_small_heap, .init = setup) {
    rt_stats_enabled = 1;
    size_t gcs = GC_get_gc_no();
    RtValue keep = RT_NIL;
    for (int it = 0; it < 1000000; it++) {
        RtValue l = RT_NIL;                      /* 12 pairs + a flonum: 208 bytes, dropped */
        for (int i = 0; i < 12; i++) l = mk_pair(&rt_gc_region, RT_FIX(i), l);
        mk_float(&rt_gc_region, it);
        if (it % 100000 == 0) keep = mk_pair(&rt_gc_region, l, keep);      /* a few kept */
    }
    cr_assert_geq(rt_heap_counts().bytes, 200 * 1000 * 1000);
    cr_assert_gt(GC_get_gc_no(), gcs + 10, "the collector ran");
    cr_assert_lt(GC_get_heap_size(), 64u << 20, "heap %zu bytes", GC_get_heap_size());
    int n = 0;
    for (; keep != RT_NIL; keep = RT_CDR(keep), n++) {
        RtValue l = RT_CAR(keep);
        for (int i = 11; i >= 0; i--, l = RT_CDR(l)) cr_assert_eq(RT_CAR(l), RT_FIX(i));
    }
    cr_assert_eq(n, 10, "the kept lists are intact");
}

/* ---- what the collector takes for a reference (R7) ------------------------------------------ */

static RtValue g_root;                   /* static data: scanned as memory, not as a stack */
static void *g_word;

/* n tracked strings in a list of the collected heap, every link a tagged pointer, rooted in
 * g_root. */
static __attribute__((noinline)) void make_tagged_list(void **links, int n) {
    RtValue l = RT_NIL;
    for (int i = 0; i < n; i++) l = mk_pair(&rt_gc_region, tracked(links, i), l);
    g_root = l;
}

Test(r7, objects_referenced_only_by_tagged_pointers_in_memory_survive, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(100 * sizeof *links);
    make_tagged_list(links, 100);
    for (int k = 0; k < 3; k++) {
        churn(100000);
        GC_gcollect();
    }
    cr_assert_eq(count_alive(links, 100), 100);
    int i = 99;
    for (RtValue l = g_root; l != RT_NIL; l = RT_CDR(l), i--) cr_assert(is_text(RT_CAR(l), i));
    cr_assert_eq(i, -1, "the list is intact");
    g_root = RT_NIL;
}

static __attribute__((noinline)) void root_inside(void **links, int n, size_t offset) {
    for (int i = 0; i < n; i++) {
        RtValue s = tracked(links, i);
        if (i == 0) g_word = (char *)RT_OBJ(s) + offset;
    }
}

Test(r7, an_interior_pointer_stored_in_memory_keeps_nothing_alive, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(1 * sizeof *links);
    root_inside(links, 1, 8);                       /* the string's first code point */
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 1), 0, "no interior pointers in scanned memory");
    root_inside(links, 1, RT_TAG_OBJ);              /* control: the tagged address */
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 1), 1);
    g_word = NULL;
}

/* Only a pointer just past each vector's last item is kept, in a frame's array (a stack), as a
 * compiled loop may keep it instead of the vector. */
#define PAST_N 100
static __attribute__((noinline)) void vectors_past_end(void **links, char *volatile *ends) {
    for (int i = 0; i < PAST_N; i++) {
        RtVector *v = rt_heap_sized(TYPE_ID_VECTOR, 3 * 8);     /* 32 bytes: a full granule */
        v->hdr = RT_HDR(TYPE_ID_VECTOR, 3);
        for (int j = 0; j < 3; j++) v->items[j] = RT_FIX(i);
        links[i] = v;
        cr_assert_eq(GC_general_register_disappearing_link(&links[i], v), GC_SUCCESS);
        ends[i] = (char *)&v->items[3];
    }
}

Test(r7, a_pointer_just_past_a_vectors_items_on_the_stack_keeps_it_alive, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(PAST_N * sizeof *links);
    char *volatile ends[PAST_N];
    vectors_past_end(links, ends);
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, PAST_N), PAST_N, "the byte of tail holds the end pointer");
    for (int i = 0; i < PAST_N; i++)
        cr_assert_eq(((RtValue *)ends[i])[-1], RT_FIX(i), "intact");
}

/* ---- pointer-free objects are not scanned ---------------------------------------------------- */

/* A rooted flonum whose bits are the tracked string's tagged address, and the same word in a
 * rooted box. */
static __attribute__((noinline)) void word_in(void **links, int boxed) {
    RtValue s = tracked(links, 0);
    double d;
    memcpy(&d, &s, sizeof d);
    g_root = boxed ? mk_box(&rt_gc_region, s) : mk_float(&rt_gc_region, d);
}

Test(ptrfree, a_flonum_whose_bits_look_like_a_pointer_keeps_nothing_alive, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(1 * sizeof *links);
    word_in(links, 0);
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 1), 0, "flonums are pointer-free");
    word_in(links, 1);                          /* control: a box is scanned */
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 1), 1);
    g_root = RT_NIL;
}

/* The same through the caller's-region path (rr == &rt_gc_region), a string and a bignum. */
static __attribute__((noinline)) void words_in_ptrfree(void **links) {
    RtValue s = tracked(links, 0);
    RtFlonum *f = alloc_obj_typed(&rt_gc_region, TYPE_ID_FLOAT);
    f->hdr = RT_HDR(TYPE_ID_FLOAT, 0);
    memcpy(&f->d, &s, sizeof s);
    RtBignum *b = alloc_obj_sized(&rt_gc_region, TYPE_ID_INT, 8);
    b->hdr = RT_HDR(TYPE_ID_INT, 1u << 1);
    b->limbs[0] = s - RT_TAG_OBJ;
    RtString *str = alloc_obj_sized(&rt_gc_region, TYPE_ID_STRING, 8);
    str->hdr = RT_HDR(TYPE_ID_STRING, 2);
    memcpy(str->chars, &s, sizeof s);
    RtValue v = mk_vector(&rt_gc_region, 3, RT_FALSE);
    RT_AS(RtVector, v)->items[0] = RT_TAG_AS_OBJ(f);
    RT_AS(RtVector, v)->items[1] = RT_TAG_AS_OBJ(b);
    RT_AS(RtVector, v)->items[2] = RT_TAG_AS_OBJ(str);
    g_root = v;
}

Test(ptrfree, bignums_and_strings_of_the_callers_region_path_are_not_scanned_either,
     .init = setup) {
    void **links = GC_MALLOC_ATOMIC(1 * sizeof *links);
    words_in_ptrfree(links);
    churn(100000);
    GC_gcollect();
    cr_assert_eq(count_alive(links, 1), 0);
    for (int i = 0; i < 3; i++) cr_assert(GC_is_heap_ptr(RT_OBJ(RT_AS(RtVector, g_root)->items[i])));
    g_root = RT_NIL;
}

/* ---- the free lists across collections ------------------------------------------------------- */

/* What waits on this thread's lists is the program's as far as the collector knows: after
 * collections, the collector's own allocator never hands out an object that is still on them
 * (the pointer-free list's links are not traced, so only the marking of the lists keeps
 * them). */
Test(free_lists, objects_waiting_on_the_lists_are_never_handed_out_twice, .init = setup) {
    mk_float(&rt_gc_region, 1.0);                             /* fills the flonum list */
    mk_pair(&rt_gc_region, RT_NIL, RT_NIL);                   /* and the pair list */
    for (int k = 0; k < 3; k++) {
        churn(100000);
        GC_gcollect();
    }
    enum { N = 20000 };
    uint64_t **theirs = GC_MALLOC_ATOMIC(2 * N * sizeof *theirs);
    for (int i = 0; i < 2 * N; i++) {                         /* the collector's own lists */
        theirs[i] = i < N ? GC_MALLOC_ATOMIC(16) : GC_MALLOC(16);
        theirs[i][0] = theirs[i][1] = 0x5a5a5a5a5a5a5a5aull;
    }
    void *mine[600];
    int n = 0;
    while (n < 300 && rt_heap_lists.free[RT_HEAP_PTRFREE][1] != NULL)
        mine[n++] = rt_heap_typed(TYPE_ID_FLOAT);
    while (n < 600 && rt_heap_lists.free[RT_HEAP_NORMAL][1] != NULL)
        mine[n++] = rt_heap_typed(TYPE_ID_PAIR);
    cr_assert_gt(n, 200, "the lists still held their objects");
    for (int i = 0; i < n; i++) memset(mine[i], 0xa5, 16);
    for (int i = 0; i < 2 * N; i++)
        cr_assert(theirs[i][0] == 0x5a5a5a5a5a5a5a5aull && theirs[i][1] == theirs[i][0],
                  "object %d was also on a free list", i);
}

static void *other_thread(void *arg) {
    RtValue l = RT_NIL;
    for (int i = 0; i < 100000; i++) l = mk_pair(&rt_gc_region, mk_float(&rt_gc_region, i), l);
    *(int *)arg = (int)RT_FLOVAL(RT_CAR(l));
    return NULL;
}

Test(free_lists, a_thread_that_exits_leaves_no_list_behind, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(10 * sizeof *links);
    make_tagged_list(links, 10);
    int last = 0;
    pthread_t th;
    cr_assert_eq(GC_pthread_create(&th, NULL, other_thread, &last), 0);
    cr_assert_eq(GC_pthread_join(th, NULL), 0);
    cr_assert_eq(last, 99999);
    for (int k = 0; k < 3; k++) {                 /* collections after the thread is gone */
        churn(100000);
        GC_gcollect();
    }
    cr_assert_eq(count_alive(links, 10), 10);
    g_root = RT_NIL;
}

/* Two threads allocating at once, each from its own lists, while collections run (the world
 * stopped at any refill of either): every object each builds is still its own at the end, so
 * no object was handed out twice (to both threads, or twice to one) and none was collected
 * while reachable. Pairs and flonums come from the typed fast path (rt_heap_typed, as a site
 * placed in the heap), closures of 4 words through a region pointer that is the heap (the
 * inline test in rt_region_bump_typed), vectors of 3 from the constructor. */
typedef struct { int id, ok; } Racer;
static Region *volatile racer_rr = &rt_gc_region;   /* not a constant, as a caller's rr */
static void *racer(void *arg) {
    Racer *me = arg;
    RtValue l = RT_NIL;
    enum { N = 200000 };
    for (int i = 0; i < N; i++) {
        RtFlonum *f = rt_heap_typed(TYPE_ID_FLOAT);
        f->hdr = RT_HDR(TYPE_ID_FLOAT, 0);
        f->d = me->id * 1e6 + i;
        RtClosure *c = alloc_obj_sized(racer_rr, TYPE_ID_CLOSURE, 2 * sizeof(RtValue));
        c->hdr = RT_HDR(TYPE_ID_CLOSURE, 2);
        c->code = NULL;
        c->free[0] = RT_TAG_AS_OBJ(f);
        c->free[1] = mk_vector(&rt_gc_region, 3, RT_FIX(me->id));
        RtPair *p = rt_heap_typed(TYPE_ID_PAIR);
        p->car = RT_TAG_AS_OBJ(c);
        p->cdr = l;
        l = RT_TAG_AS_PAIR(p);
        if (i % 50000 == 0) GC_gcollect();
    }
    int ok = 1;
    for (int i = N - 1; i >= 0; i--, l = RT_CDR(l)) {
        RtClosure *c = (RtClosure *)RT_OBJ(RT_CAR(l));
        RtVector *v = (RtVector *)RT_OBJ(c->free[1]);
        ok &= RT_HDR_TYPE(c->hdr) == TYPE_ID_CLOSURE && RT_FLOVAL(c->free[0]) == me->id * 1e6 + i &&
              RT_HDR_COUNT(v->hdr) == 3 && v->items[0] == RT_FIX(me->id) &&
              v->items[2] == RT_FIX(me->id);
    }
    me->ok = ok && l == RT_NIL;
    return NULL;
}

Test(free_lists, two_threads_allocating_at_once_never_share_an_object, .init = setup) {
    Racer r[2] = {{1, 0}, {2, 0}};
    pthread_t th[2];
    for (int k = 0; k < 2; k++) cr_assert_eq(GC_pthread_create(&th[k], NULL, racer, &r[k]), 0);
    for (int k = 0; k < 2; k++) cr_assert_eq(GC_pthread_join(th[k], NULL), 0);
    cr_assert(r[0].ok, "thread 1 found an object changed under it");
    cr_assert(r[1].ok, "thread 2 found an object changed under it");
}

/* The same deterministically: thread A fills its pair list and notes the list's head; thread B
 * then allocates 1000 pairs; A's next pair is still the head it noted, and none of B's. */
static pthread_barrier_t turn;
static void *volatile a_head, *volatile a_next;
static void *volatile b_pairs[1000];
static void *turn_a(void *unused) {
    (void)unused;
    (void)rt_heap_typed(TYPE_ID_PAIR);                       /* the list is filled */
    a_head = rt_heap_lists.free[RT_HEAP_NORMAL][1];
    pthread_barrier_wait(&turn);                             /* B allocates */
    pthread_barrier_wait(&turn);
    a_next = rt_heap_typed(TYPE_ID_PAIR);
    return NULL;
}
static void *turn_b(void *unused) {
    (void)unused;
    pthread_barrier_wait(&turn);
    for (int i = 0; i < 1000; i++) b_pairs[i] = rt_heap_typed(TYPE_ID_PAIR);
    pthread_barrier_wait(&turn);
    return NULL;
}

Test(free_lists, each_thread_pops_its_own_list, .init = setup) {
    pthread_barrier_init(&turn, NULL, 2);
    pthread_t a, b;
    cr_assert_eq(GC_pthread_create(&a, NULL, turn_a, NULL), 0);
    cr_assert_eq(GC_pthread_create(&b, NULL, turn_b, NULL), 0);
    cr_assert_eq(GC_pthread_join(a, NULL), 0);
    cr_assert_eq(GC_pthread_join(b, NULL), 0);
    cr_assert_not_null(a_head);
    cr_assert_eq(a_next, a_head, "thread B took from thread A's list");
    for (int i = 0; i < 1000; i++) cr_assert_neq(b_pairs[i], a_next);
    pthread_barrier_destroy(&turn);
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

/* Region chunks are pushed filtered (region.c, rt_chunk_push_one): the words that point into
 * the chunk itself or its live-list neighbours are dropped, the rest copied and pushed. A
 * heap object referenced only from one word among many region-internal pointers (to the same
 * chunk, the next one and chunks far away), in a region of many chunks, survives. */
static __attribute__((noinline)) void fill_region_links(Region *r, void **links, int n) {
    RtValue first = mk_pair(r, RT_NIL, RT_NIL);
    RtValue prev = first;
    for (int i = 0; i < 60000; i++) {                                  /* about 15 chunks */
        RtValue car = i % 600 == 0 && i / 600 < n ? tracked(links, i / 600)
                      : i % 3 == 0                ? first
                                                  : prev;
        prev = mk_pair(r, car, prev);
    }
    cr_assert_not_null(r->chunks->next, "the region spans several chunks");
}

Test(roots, a_heap_object_among_region_internal_pointers_in_many_chunks_survives_gc,
     .init = setup) {
    void **links = GC_MALLOC_ATOMIC(100 * sizeof *links);
    Region r;
    rt_region_enter(&r);
    fill_region_links(&r, links, 100);
    for (int k = 0; k < 3; k++) {
        churn(100000);
        GC_gcollect();
    }
    cr_assert_eq(count_alive(links, 100), 100, "every chunk's heap pointers are pushed");
    for (int i = 0; i < 100; i++) cr_assert(is_text(RT_TAG_AS_OBJ(links[i]), i));
    rt_region_leave(&r);
}

/* A chunk back in the pool holds dead data: the collector no longer scans it (region.c,
 * "Scanning"), so what only its stale words point to is collected. */
Test(roots, a_pooled_chunks_stale_data_keeps_nothing_alive, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(100 * sizeof *links);
    Region r;
    rt_region_enter(&r);
    fill_region(&r, links, 100);
    rt_region_leave(&r);
    cr_assert_gt(rt_pool_count(), 0, "the chunk is pooled, its data left as it was");
    churn(1000);
    GC_gcollect();
    cr_assert_leq(count_alive(links, 100), 10);
}

typedef struct { Region *r; void **links; } FillArg;
static void *fill_in_thread(void *p) {
    FillArg *a = p;
    for (int i = 0; i < 40; i++) mk_pair(a->r, RT_NIL, RT_NIL);        /* past the buffer */
    for (int i = 0; i < 50; i++) mk_pair(a->r, tracked(a->links, i), RT_NIL);
    return NULL;
}

/* A heap region filled by a thread that has exited: its chunks are still scanned (as orphans)
 * until the region is freed, here by another thread. */
Test(roots, the_chunks_of_a_thread_that_exited_are_scanned_until_released, .init = setup) {
    void **links = GC_MALLOC_ATOMIC(50 * sizeof *links);
    FillArg a = { rt_region_new(1), links };
    pthread_t th;
    cr_assert_eq(GC_pthread_create(&th, NULL, fill_in_thread, &a), 0);
    cr_assert_eq(GC_pthread_join(th, NULL), 0);
    cr_assert_not_null(a.r->chunks);
    for (int k = 0; k < 2; k++) {
        churn(100000);
        GC_gcollect();
    }
    cr_assert_eq(count_alive(links, 50), 50);
    rt_region_free(a.r);
    rt_pool_trim();
    churn(1000);
    GC_gcollect();
    cr_assert_leq(count_alive(links, 50), 10, "released, the objects are collected");
}

static __attribute__((noinline)) void fill_inline(Region *r, void **links, int n) {
    for (int i = 0; i < n; i++) mk_pair(r, tracked(links, i), RT_NIL);
}

static __attribute__((noinline)) void fill_chunk_end(Region *r, void **links) {
    for (int i = 0; i < 32; i++) mk_pair(r, RT_NIL, RT_NIL);          /* the inline buffer */
    for (unsigned i = 0; i < RT_CHUNK_DATA / 16 - 1; i++) mk_pair(r, RT_NIL, RT_NIL); /* all but 16 bytes */
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

/* ---- a region's budget (region.c) ---------------------------------------------------------- */

static size_t chunks_of(const Region *r) {   /* RtChunk is opaque; its first word: the next */
    size_t n = 0;
    for (void *c = r->chunks; c != NULL; c = *(void **)c) n++;
    return n;
}
static bool in_chunks(const Region *r, const void *p) {   /* chunks come from the collector too */
    for (void *c = r->chunks; c != NULL; c = *(void **)c)
        if ((const char *)p >= (char *)c && (const char *)p < (char *)c + RT_CHUNK_BYTES) return true;
    return false;
}

Test(budget, a_region_past_its_budget_allocates_in_the_collected_heap_until_released, .init = setup) {
    rt_region_budget = 2;
    Region r;
    rt_region_init(&r, 1);
    while (chunks_of(&r) < 2) rt_region_bump(&r, RT_LARGE_BYTES);
    cr_assert(in_chunks(&r, alloc_obj_typed(&r, TYPE_ID_PAIR)), "the window still serves");
    RtPair *p = NULL;
    for (int i = 0; i < 10000; i++) p = alloc_obj_typed(&r, TYPE_ID_PAIR);
    cr_assert_eq(chunks_of(&r), 2, "no third chunk");
    cr_assert(!in_chunks(&r, p) && GC_is_heap_ptr(p), "the collected heap took the rest");
    void *u = rt_region_bump(&r, 64);
    cr_assert(!in_chunks(&r, u) && GC_is_heap_ptr(u), "untyped requests too");
    rt_region_release(&r);
    rt_region_init(&r, 1);
    while (chunks_of(&r) < 2) rt_region_bump(&r, RT_LARGE_BYTES);
    cr_assert(in_chunks(&r, alloc_obj_typed(&r, TYPE_ID_PAIR)), "a new region has its budget again");
    rt_region_release(&r);
    rt_region_budget = 0;
    rt_region_init(&r, 1);
    while (chunks_of(&r) < 3) rt_region_bump(&r, RT_LARGE_BYTES);   /* 0: no budget */
    rt_region_release(&r);
}

/* A region given to a cycle of tail calls (rt_region_mark_tail, regions.c's tail cycles) has
 * the tail cycles' budget instead of the hard one; an unmarked region keeps the hard one, and
 * the smaller of the two applies (REGAL_REGION_BUDGET may lower the hard one). */
Test(budget, a_region_marked_by_a_tail_cycle_has_the_tail_budget, .init = setup) {
    uint32_t saved_tail = rt_region_tail_chunks;
    rt_region_budget = 8;
    rt_region_tail_chunks = 2;
    Region r;
    rt_region_init(&r, 1);
    while (chunks_of(&r) < 3) rt_region_bump(&r, RT_LARGE_BYTES);
    cr_assert(in_chunks(&r, alloc_obj_typed(&r, TYPE_ID_PAIR)), "unmarked: past the tail budget, still chunks");
    rt_region_release(&r);
    rt_region_init(&r, 1);
    rt_region_mark_tail(&r);
    cr_assert(r.tail, "marked");
    RtPair *p = NULL;
    while (chunks_of(&r) < 2) rt_region_bump(&r, RT_LARGE_BYTES);
    for (int i = 0; i < 10000; i++) p = alloc_obj_typed(&r, TYPE_ID_PAIR);
    cr_assert_eq(chunks_of(&r), 2, "no third chunk once marked");
    cr_assert(!in_chunks(&r, p) && GC_is_heap_ptr(p), "the collected heap took the rest");
    rt_region_release(&r);
    rt_region_init(&r, 1);
    cr_assert(!r.tail, "a region starts unmarked");
    rt_region_budget = 1;   /* the hard budget below the tail one: the smaller applies */
    rt_region_mark_tail(&r);
    while (chunks_of(&r) < 1) rt_region_bump(&r, RT_LARGE_BYTES);
    for (int i = 0; i < 10000; i++) p = alloc_obj_typed(&r, TYPE_ID_PAIR);
    cr_assert_eq(chunks_of(&r), 1);
    rt_region_release(&r);
    rt_region_budget = 0;   /* --check-regions: no budget at all, marked or not */
    rt_region_init(&r, 1);
    rt_region_mark_tail(&r);
    while (chunks_of(&r) < 3) rt_region_bump(&r, RT_LARGE_BYTES);
    rt_region_release(&r);
    rt_region_tail_chunks = saved_tail;
}
