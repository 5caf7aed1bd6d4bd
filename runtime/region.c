/* region.c: regions' slow paths, the region stack, the per-thread chunk pool, the upstream
 * allocator, the collected heap's free lists (rt_gc_region), and the run-time check of R4
 * (--check-regions).
 *
 * The fast paths (rt_region_bump, alloc_obj_typed, rt_heap_alloc, rt_region_enter/leave/
 * recycle) are static inline in regal.h; everything here runs only when a region's bump window
 * is exhausted, when a region that touched an allocator is released, left or recycled, when a
 * free list of the collected heap is empty, or for statistics and checks. Entry points:
 * rt_region_alloc_slow, rt_region_alloc_typed_slow, rt_heap_alloc_slow, rt_region_empty_slow,
 * rt_region_release_slow, rt_region_reset, rt_check_store.
 * Memory comes from a per-thread pool of RT_CHUNK_BYTES chunks (at most RT_POOL_MAX kept)
 * whose upstream is the collector's uncollectable allocator (never collected; scanned while a
 * region owns them: a region may hold the only reference to a collected object, R6), or malloc under
 * RT_USE_MALLOC, or mimalloc under RT_USE_MIMALLOC (make REGION_UPSTREAM=malloc|mimalloc:
 * builds for measuring the allocator; there the collector does not see region memory, so
 * nothing is ever collected). Under RT_ASAN, memory not handed out is poisoned (R5); it is
 * always unpoisoned before it goes back upstream, since the collector clears reused memory
 * through the sanitizer's memset.
 */
#include "rtlib.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/mman.h>

#include <gc/gc.h>
#include <gc/gc_inline.h>
#include <gc/gc_mark.h>

_Static_assert(RT_HEAP_GRANULE == GC_GRANULE_BYTES, "a size class is a number of granules");
_Static_assert(RT_HEAP_PTRFREE == GC_I_PTRFREE && RT_HEAP_NORMAL == GC_I_NORMAL,
               "the free lists are indexed by the collector's kinds");

/* With malloc or mimalloc upstream the collector cannot see region memory, so what
 * rt_gc_region hands out must not be collected either (gc.c makes it uncollectable). */
#if defined(RT_USE_MIMALLOC)
#include <mimalloc.h>
#define RT_UPSTREAM_ALLOC(n) mi_malloc(n)
#define RT_UPSTREAM_FREE(p)  mi_free(p)
#elif defined(RT_USE_MALLOC)
#define RT_UPSTREAM_ALLOC(n) malloc(n)
#define RT_UPSTREAM_FREE(p)  free(p)
#else
static void *rt_uncollectable(size_t bytes, int scanned);
#define RT_UPSTREAM_ALLOC(n) rt_uncollectable((n), 1)
#define RT_UPSTREAM_CHUNK(n) rt_uncollectable((n), 0)
#define RT_UPSTREAM_FREE(p)  GC_FREE(p)
#endif
#ifndef RT_UPSTREAM_CHUNK
#define RT_UPSTREAM_CHUNK(n) RT_UPSTREAM_ALLOC(n)
#endif

#if defined(RT_ASAN)
#define RT_POISON(p, n)   ASAN_POISON_MEMORY_REGION((p), (n))
#define RT_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define RT_POISON(p, n)   ((void)(p), (void)(n))
#define RT_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* A chunk (struct RtChunk): regal.h, where rt_region_soft reads its seq. A large block
 * (struct RtLarge, rtlib.h): its header, then one object of `bytes` bytes. */
_Static_assert(sizeof(RtChunk) == RT_CHUNK_HDR, "RT_CHUNK_HDR matches struct RtChunk");
_Static_assert(sizeof(RtLarge) == RT_LARGE_HDR, "RT_LARGE_HDR matches struct RtLarge");
_Static_assert(RT_LARGE_BYTES <= RT_CHUNK_DATA, "every non-large object fits an empty chunk");
_Static_assert(RT_INLINE_BYTES % 16 == 0 && RT_CHUNK_HDR % 16 == 0, "windows start aligned");

/* ---- statistics, hooks, switches ----------------------------------------------------------- */
_Thread_local RtAllocStats rt_alloc_stats;
/* The nursery's window and young range, and its hooks (nursery.c sets them when it starts):
 * here, below it, since the collected heap's paths of this file consult them. */
_Thread_local RtNursery rt_nursery;
void (*rt_nursery_note_hook)(void *p, int t);
void (*rt_nursery_push_hook)(void);
void (*rt_nursery_audit_hook)(void);
int (*rt_nursery_object_hook)(uintptr_t w, uintptr_t *lo, uintptr_t *hi);
void *(*rt_nursery_alloc_slow_hook)(TypeId t, size_t bytes);
int rt_stats_enabled;                    /* set by rt_gc_init from REGAL_STATS */
int (*rt_upstream_fail_hook)(size_t bytes);
int rt_pool_disabled;

/* The global region: statically initialised with its window on its own inline buffer (an
 * address constant, so no constructor is needed and it is usable before main). Its chunks
 * come from the pool of whichever thread overflows it; it is never released. Its inline
 * buffer is static data, which the collector scans. */
Region rt_global_region = {
    .cur = rt_global_region.inline_buf,
    .end = rt_global_region.inline_buf + RT_INLINE_BYTES,
    .chunks = NULL,
    .large = NULL,
    .depth = 0,
    .parent = NULL,
};

/* The collected heap: an always-empty window sends every allocation to the slow path. Marked
 * as a tail cycle's region from the start (it has no budget), so that rt_region_mark_tail
 * never writes to it: threads share it. */
Region rt_gc_region = { .cur = NULL, .end = NULL, .chunks = NULL, .large = NULL, .depth = 0,
                        .tail = 1, .parent = NULL };

/* The region stack of this thread starts at the global region (an address constant). */
_Thread_local Region *rt_region_top = &rt_global_region;

/* ---- the flush before exit ------------------------------------------------------------------
 * Before the program exits, and before any report on stderr, the output ports are flushed.
 * Ports are a higher layer (port.c): it registers its flush here at start-up (rt_ports_init),
 * so that this file and gc.c reach it without calling up. Until then (the unit tests), the
 * flush is stdout's alone. */
int (*rt_exit_flush_hook)(void);

int rt_exit_flush(void) {
    if (rt_exit_flush_hook != NULL) return rt_exit_flush_hook();
    return fflush(stdout) != 0;
}

/* ---- out of memory ------------------------------------------------------------------------- */
RT_COLD void rt_out_of_memory(void) {
    rt_exit_flush();
    fputs("out of memory\n", stderr);
    fflush(stderr);
    exit(RT_EXIT_OOM);
}

/* ---- upstream ------------------------------------------------------------------------------ */
static void rt_upstream_account(int64_t delta) {
    rt_alloc_stats.upstream_bytes += (uint64_t)delta;
    if (rt_alloc_stats.upstream_bytes > rt_alloc_stats.peak_bytes)
        rt_alloc_stats.peak_bytes = rt_alloc_stats.upstream_bytes;
}

#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)
/* Uncollectable collector memory. Region memory is freed explicitly, so taking it must not
 * trigger a collection: with collections disabled the collector grows its heap instead of
 * collecting first (else a program whose regions grow to N bytes would scan them a few times
 * over on the way; collections are left to allocations in rt_gc_region, which is what they can
 * reclaim). Without interior pointers (gc.c) the collector adds nothing to a request, so a
 * chunk is exactly 16 pages. Chunks are not scanned as such (scanned = 0: the collector's
 * atomic uncollectable memory): the collector scans the live ones (rt_heap_mark_lists). */
static void *rt_uncollectable(size_t bytes, int scanned) {
    GC_disable();
    void *p = scanned ? GC_MALLOC_UNCOLLECTABLE(bytes) : GC_MALLOC_ATOMIC_UNCOLLECTABLE(bytes);
    GC_enable();
    return p;
}
#endif

static void *rt_upstream_take(size_t bytes, int chunk) {
    if (rt_upstream_fail_hook != NULL && rt_upstream_fail_hook(bytes)) rt_out_of_memory();
    void *p = chunk ? RT_UPSTREAM_CHUNK(bytes) : RT_UPSTREAM_ALLOC(bytes);
    if (RT_UNLIKELY(p == NULL)) rt_out_of_memory();
    rt_alloc_stats.upstream_allocs++;
    rt_upstream_account((int64_t)bytes);
    return p;
}

void *rt_upstream_alloc(size_t bytes) { return rt_upstream_take(bytes, 0); }

void rt_upstream_free(void *p, size_t bytes) {
    if (p == NULL) return;
    rt_alloc_stats.upstream_frees++;
    rt_upstream_account(-(int64_t)bytes);
    RT_UNPOISON(p, bytes);                    /* the upstream allocator may write into it */
    RT_UPSTREAM_FREE(p);
}

/* ---- what regions hold (REGAL_STATS) ---------------------------------------------------------
 * region_held follows the chunks and large blocks owned by regions; its peak is sampled, with
 * the inline buffers of the region stack, whenever it grows. */
static void rt_held_grow(uint64_t bytes) {
    uint64_t held = rt_alloc_stats.region_held += bytes;
    uint64_t total = held + RT_INLINE_BYTES * (rt_region_top->depth + 1);
    if (total > rt_alloc_stats.region_peak) rt_alloc_stats.region_peak = total;
}

/* ---- Scanning -------------------------------------------------------------------------------
 * Region memory can hold the only reference to a collected object (R6), so the collector must
 * scan it; but only what regions own: a pooled chunk holds dead data (up to RT_POOL_MAX chunks
 * a thread), and scanning it cost a heap-heavy program as much as its allocation (measured:
 * 4 MiB of stale pairs in the pool made each collected pair 1 to 4 ns slower). So chunks are
 * atomic uncollectable memory, and the chunks regions own are on their thread's live list,
 * which the marking callback (rt_heap_mark_lists, below) pushes at every collection, with the
 * world stopped. The list is changed only by its thread (a region's chunks are taken and
 * released by the thread that uses it), and a forward walk sees it whole at any instruction
 * (a chunk is linked by its last store and unlinked by its first: a collection may stop the
 * thread anywhere). A thread that exits hands its live chunks (those of rt_global_region, say)
 * to rt_orphan_chunks, under the collector's lock, which also guards their release. The
 * unused end of a region's newest chunk is scanned too (stale words: bounded retention).
 * Large blocks and heap region descriptors are scanned uncollectable memory, freed when
 * released. */
_Thread_local RtChunk *rt_live_chunks;
RtChunk *rt_orphan_chunks;
Region *rt_closed_regions[RT_CLOSED_REGIONS];

void rt_region_closed(Region *r) {
    for (int i = 0; i < RT_CLOSED_REGIONS; i++)
        if (rt_closed_regions[i] == NULL || rt_closed_regions[i] == r) {
            rt_closed_regions[i] = r;
            return;
        }
    fprintf(stderr, "internal error: rt_region_closed: more than %d regions\n", RT_CLOSED_REGIONS);
    abort();
}
static _Thread_local int rt_live_registered;

#define RT_SIGNAL_FENCE() __atomic_signal_fence(__ATOMIC_SEQ_CST)

static void rt_live_link(RtChunk *c) {
    if (RT_UNLIKELY(!rt_live_registered)) {
        rt_gc_thread_register();
        rt_live_registered = 1;
    }
    RtChunk *head = rt_live_chunks;
    c->orphan = 0;
    c->live_next = head;
    c->live_pprev = &rt_live_chunks;
    if (head != NULL) head->live_pprev = &c->live_next;
    RT_SIGNAL_FENCE();
    rt_live_chunks = c;
}

static void *rt_live_unlink_locked(void *p) {
    RtChunk *c = p;
    *c->live_pprev = c->live_next;
    RT_SIGNAL_FENCE();
    if (c->live_next != NULL) c->live_next->live_pprev = c->live_pprev;
    return NULL;
}

static void rt_live_unlink(RtChunk *c) {
    if (RT_UNLIKELY(c->orphan)) GC_call_with_alloc_lock(rt_live_unlink_locked, c);
    else rt_live_unlink_locked(c);
}

#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)
/* Most words of a region chunk that look like heap addresses point into region chunks: a
 * region's objects point to each other (gcbench's trees: scanning its chunks was half its
 * marking time, 0.8 of 1.7 s). The collector takes each of them through its header lookup to
 * find an atomic uncollectable object (the chunk) it need not mark. So the words that point
 * into the chunk itself or into its neighbours on the live list (the chunks allocated just
 * before and after it) are dropped here, as are those outside the collector's plausible heap
 * bounds (which it rejects too), and only the rest, copied to rt_scan_buf, is pushed.
 * Dropping them loses no collected object: a chunk is one object of RT_CHUNK_BYTES, so an
 * address inside it is no other object's. The buffer is mmap'd once (the world is stopped:
 * no malloc, whose lock a stopped thread may hold), holds RT_SCAN_CAP words and is refilled
 * at each collection (rt_heap_mark_lists resets it; pushed again within one collection, it
 * gets the same words, the world being stopped); when it is full the chunk is pushed whole. */
#define RT_SCAN_CAP ((size_t)1 << 21)               /* 16 MiB of address space, touched as used */
static GC_word *rt_scan_buf;
static size_t rt_scan_n;
static int rt_scan_failed;

/* Not instrumented: the unused end of a chunk is poisoned under AddressSanitizer, and read.
 * Copies the words of c to keep into rt_scan_buf; 0 (nothing copied) when they may not fit. */
__attribute__((no_sanitize("address"))) static int rt_chunk_buffer(const RtChunk *c,
                                                                const RtChunk *newer,
                                                                const RtChunk *older) {
    if (RT_UNLIKELY(rt_scan_buf == NULL) && !rt_scan_failed) {
        void *m = mmap(NULL, RT_SCAN_CAP * sizeof(GC_word), PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED) rt_scan_failed = 1;
        else rt_scan_buf = m;
    }
    if (rt_scan_buf == NULL || RT_SCAN_CAP - rt_scan_n < RT_CHUNK_DATA / sizeof(GC_word)) return 0;
    const uintptr_t lo = (uintptr_t)GC_least_plausible_heap_addr;
    const uintptr_t span = (uintptr_t)GC_greatest_plausible_heap_addr - lo;   /* inclusive */
    const uintptr_t self = (uintptr_t)c;
    const uintptr_t nw = newer != NULL ? (uintptr_t)newer : self;
    const uintptr_t od = older != NULL ? (uintptr_t)older : self;
    const GC_word *w = (const GC_word *)(const void *)c->data;
    const GC_word *end = w + RT_CHUNK_DATA / sizeof(GC_word);
    GC_word *out = rt_scan_buf + rt_scan_n;
    for (; w < end; w++) {
        uintptr_t v = (uintptr_t)*w;
        if (v - lo > span) continue;
        if (v - self < RT_CHUNK_BYTES || v - nw < RT_CHUNK_BYTES || v - od < RT_CHUNK_BYTES) continue;
        *out++ = (GC_word)v;
    }
    rt_scan_n = (size_t)(out - rt_scan_buf);
    return 1;
}

/* The two halves of pushing the chunks of one live list. The collector's own rule (its
 * GC_push_roots) is that ranges go on the mark stack first, while it has room, and eager
 * scans last: an eager scan may fill the mark stack (it handles that), but a range pushed
 * onto a full one aborts the program ("Unexpected mark stack overflow"; seen in
 * tests/run/tail-cycle-gc-apply under load, the range pushed after the stacks' eager scans).
 * So the marking callback first copies the chunks' words into rt_scan_buf (rt_chunks_buffer),
 * pushes that buffer as ONE range (one range per chunk overflowed the mark stack: a deep
 * recursion, a frame region per frame), and only then scans eagerly the chunks that did not
 * fit (rt_chunks_push_rest, which skips as many as were buffered: once the buffer is full it
 * stays full, so those are the first ones of the same walk), then the stacks. */
static size_t rt_chunks_buffer(RtChunk *const *head, size_t *buffered) {
    const RtChunk *newer = NULL;
    size_t n = 0;
    for (RtChunk *c = *head; c != NULL; c = c->live_next, n++) {
        if (rt_chunk_buffer(c, newer, c->live_next)) ++*buffered;
        newer = c;
    }
    return n;
}

__attribute__((no_sanitize("address"))) static void rt_chunks_push_rest(RtChunk *const *head,
                                                                    size_t *skip) {
    for (RtChunk *c = *head; c != NULL; c = c->live_next) {
        if (*skip > 0) {
            --*skip;
            continue;
        }
        GC_push_all_eager((void *)c->data, (void *)(c->data + RT_CHUNK_DATA));
    }
}

#endif

void rt_chunks_orphan(void) {
    RtChunk *first = rt_live_chunks;
    if (first == NULL) return;
    RtChunk *last = first;
    for (RtChunk *c = first; c != NULL; c = c->live_next) {
        c->orphan = 1;
        last = c;
    }
    last->live_next = rt_orphan_chunks;
    if (rt_orphan_chunks != NULL) rt_orphan_chunks->live_pprev = &last->live_next;
    first->live_pprev = &rt_orphan_chunks;
    rt_orphan_chunks = first;
    rt_live_chunks = NULL;
    rt_live_registered = 0;
}

/* ---- the per-thread chunk pool --------------------------------------------------------------
 * A LIFO list, so the chunk released last (still warm in cache) is handed out first. It keeps
 * at most rt_pool_cap() chunks (the regions' peak, between RT_POOL_MAX and RT_POOL_PEAK_MAX):
 * past that, chunks go back to upstream.
 * A thread that exits returns its pool through a pthread key destructor. Pooled chunks keep
 * stale data, which the collector does not scan ("Scanning" above). */
static _Thread_local RtChunk *rt_pool;
static _Thread_local size_t rt_pool_n;
static _Thread_local size_t rt_chunks_held, rt_chunks_peak;   /* chunks regions own: now, at most */
static _Thread_local int rt_pool_key_set;
static pthread_key_t rt_pool_key;
static pthread_once_t rt_pool_once = PTHREAD_ONCE_INIT;

static void rt_pool_thread_exit(void *unused) {
    (void)unused;
    rt_pool_trim();
}
static void rt_pool_make_key(void) {
    pthread_key_create(&rt_pool_key, rt_pool_thread_exit);
}

size_t rt_pool_count(void) { return rt_pool_n; }

void rt_pool_trim(void) {
    while (rt_pool != NULL) {
        RtChunk *c = rt_pool;
        rt_pool = c->next;
        rt_upstream_free(c, RT_CHUNK_BYTES);
    }
    rt_pool_n = 0;
}

/* A chunk for a region's window: its data poisoned (handed out object by object, R5), `next`
 * and `prev_used` for the caller to set. */
RtChunk *rt_chunk_get(void) {
    RtChunk *c = rt_pool;
    rt_held_grow(RT_CHUNK_BYTES);
    if (c != NULL && !rt_pool_disabled) {
        rt_pool = c->next;
        rt_pool_n--;
        rt_alloc_stats.chunks_from_pool++;
    } else {
        rt_alloc_stats.chunks_from_upstream++;
        c = rt_upstream_take(RT_CHUNK_BYTES, 1);
        RT_POISON(c->data, RT_CHUNK_DATA);
    }
    if (++rt_chunks_held > rt_chunks_peak) rt_chunks_peak = rt_chunks_held;
    rt_live_link(c);
    return c;
}

/* How many chunks the pool keeps: RT_POOL_MAX, or as many as regions have ever held at once
 * (up to RT_POOL_PEAK_MAX): a program whose regions fill and empty again (a region per
 * iteration of a loop that allocates megabytes) gets its chunks back from the pool instead of
 * from upstream each time (cpstak: 52,144 upstream chunks, each a locked libgc allocation
 * and fresh pages, down to 510). Pooled or upstream, the memory stays in the process (libgc
 * keeps what it is given back), so the bigger pool costs no resident memory. */
size_t rt_pool_cap(void) {
    size_t peak = rt_chunks_peak;
    if (peak > RT_POOL_PEAK_MAX) peak = RT_POOL_PEAK_MAX;
    return peak > RT_POOL_MAX ? peak : RT_POOL_MAX;
}

void rt_chunk_put(RtChunk *c) {
    rt_chunks_held--;
    rt_live_unlink(c);
    rt_alloc_stats.region_held -= RT_CHUNK_BYTES;
    if (rt_pool_disabled || rt_pool_n >= rt_pool_cap()) {
        rt_upstream_free(c, RT_CHUNK_BYTES);
        return;
    }
    if (RT_UNLIKELY(!rt_pool_key_set)) {      /* first chunk this thread pools */
        pthread_once(&rt_pool_once, rt_pool_make_key);
        pthread_setspecific(rt_pool_key, (void *)1);
        rt_pool_key_set = 1;
    }
    RT_POISON(c->data, RT_CHUNK_DATA);
    c->next = rt_pool;
    rt_pool = c;
    rt_pool_n++;
    rt_alloc_stats.chunks_to_pool++;
}

/* REGAL_GC_STRESS=N (a test of R7): a full collection before every Nth refill of a free list
 * and every Nth large object, so that collections happen at allocation points all over a
 * program while its C code holds derived pointers. */
unsigned rt_gc_stress;                   /* set by rt_gc_init */
#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)     /* else nothing is collected */
static _Thread_local unsigned rt_gc_stress_n;
static void rt_gc_stress_point(void) {
    if (++rt_gc_stress_n >= rt_gc_stress) {
        rt_gc_stress_n = 0;
        GC_gcollect();
    }
}
#endif

/* ---- the collected heap's objects -----------------------------------------------------------
 * The fast path is rt_heap_alloc (regal.h); gc.c configures the collector. Each thread registers its free lists here on its
 * first refill; at every collection rt_heap_mark_lists marks every object on them (with the
 * world stopped and the allocation lock held: GC_push_other_roots' contract), as the
 * collector does for its own thread-local lists: the lists live in thread-local storage,
 * which the collector does not scan, and pointer-free objects' links would not be traced
 * anyway. The registry is guarded by the collector's allocation lock. With malloc or
 * mimalloc as the regions' upstream the collector cannot see region memory, so the
 * heap's objects are uncollectable and taken one at a time (the lists stay empty). */
_Thread_local RtHeapLists rt_heap_lists;

typedef struct RtHeapThread {
    RtHeapLists *lists;
    RtChunk **live_chunks;                          /* the thread's live chunks */
    struct RtHeapThread *next;
} RtHeapThread;
static RtHeapThread *rt_heap_threads;               /* under the allocation lock */
static _Thread_local RtHeapThread rt_heap_self;     /* this thread's entry */
static _Thread_local int rt_heap_registered;
/* The lists whose last refill was counted in rt_alloc_stats (statistics were on then). */
static _Thread_local uint8_t rt_heap_counted[2][RT_HEAP_CLASSES];
static pthread_key_t rt_heap_key;
static pthread_once_t rt_heap_once = PTHREAD_ONCE_INIT;

/* The marking callback: the roots the collector had (thread stacks), then every object on
 * every thread's free lists, marked, and the region chunks regions own, pushed to be scanned
 * ("Scanning" above). rt_heap_marking_install (gc.c's configuration) sets it. */
static GC_push_other_roots_proc rt_heap_prev_push;
static void rt_heap_mark_lists(void) {
    size_t chunks = 0;
    for (RtHeapThread *t = rt_heap_threads; t != NULL; t = t->next)
        for (int k = 0; k < 2; k++)
            for (unsigned g = 1; g < RT_HEAP_CLASSES; g++)
                for (void *p = t->lists->free[k][g]; p != NULL; p = *(void **)p)
                    GC_set_mark_bit(p);
#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)
    /* ranges first, eager scans last (rt_chunks_buffer, above) */
    rt_scan_n = 0;
    size_t buffered = 0;
    for (RtHeapThread *t = rt_heap_threads; t != NULL; t = t->next)
        chunks += rt_chunks_buffer(t->live_chunks, &buffered);
    chunks += rt_chunks_buffer(&rt_orphan_chunks, &buffered);
    if (rt_scan_n != 0) GC_push_all(rt_scan_buf, rt_scan_buf + rt_scan_n);
    if (rt_nursery_push_hook != NULL) rt_nursery_push_hook();   /* its range, then its scans */
    for (RtHeapThread *t = rt_heap_threads; t != NULL; t = t->next)
        rt_chunks_push_rest(t->live_chunks, &buffered);
    rt_chunks_push_rest(&rt_orphan_chunks, &buffered);
#endif
    if (rt_heap_prev_push != NULL) rt_heap_prev_push();   /* the threads' stacks: eager */
    /* Pacing. The collector spaces its collections by the work it expects of each (at least
     * its heap's and roots' size / the free-space divisor allocated in between), but it does
     * not know the region chunks pushed here, which each collection reads too: with a region
     * of 64 MiB live beside a busy heap (a tail cycle's, past its budget) it collected every
     * 1-2 MB, reading the 64 MiB each time. So the chunks count as the collector's own roots
     * would: at least their size / the divisor is allocated before the next collection. */
    size_t pace = chunks * RT_CHUNK_DATA / (size_t)GC_get_free_space_divisor();
    GC_set_min_bytes_allocd(pace > 0 ? pace : 1);
}

void rt_heap_marking_install(void) {
    rt_heap_prev_push = GC_get_push_other_roots();
    GC_set_push_other_roots(rt_heap_mark_lists);
}

static void *rt_heap_link(void *self) {
    RtHeapThread *t = self;
    t->next = rt_heap_threads;
    rt_heap_threads = t;
    return NULL;
}

static void *rt_heap_unlink(void *self) {
    for (RtHeapThread **pp = &rt_heap_threads; *pp != NULL; pp = &(*pp)->next)
        if (*pp == self) {
            *pp = ((RtHeapThread *)self)->next;
            break;
        }
    rt_chunks_orphan();
    return NULL;
}

/* A thread that exits: its entry leaves the registry, what its lists held becomes garbage,
 * and the chunks its regions still own (the global region's, say) stay scanned as orphans. */
static void rt_heap_thread_exit(void *unused) {
    (void)unused;
    GC_call_with_alloc_lock(rt_heap_unlink, &rt_heap_self);
    memset(&rt_heap_lists, 0, sizeof rt_heap_lists);
    rt_heap_registered = 0;
}
static void rt_heap_make_key(void) { pthread_key_create(&rt_heap_key, rt_heap_thread_exit); }

void rt_gc_thread_register(void) {
    if (rt_heap_registered) return;
    pthread_once(&rt_heap_once, rt_heap_make_key);
    pthread_setspecific(rt_heap_key, (void *)1);
    rt_heap_self.lists = &rt_heap_lists;
    rt_heap_self.live_chunks = &rt_live_chunks;
    GC_call_with_alloc_lock(rt_heap_link, &rt_heap_self);
    rt_heap_registered = 1;
}

#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)
/* A block's worth of objects of g granules onto the empty list head: the collector writes the
 * list into *head under its lock, so a collection never sees it half made. */
static void rt_heap_refill(int kind, size_t g) {
    if (RT_UNLIKELY(!rt_heap_registered)) rt_gc_thread_register();
    void **head = &rt_heap_lists.free[kind][g];
    if (RT_UNLIKELY(rt_gc_stress != 0)) rt_gc_stress_point();
    GC_generic_malloc_many(g * RT_HEAP_GRANULE, kind, head);
    if (RT_UNLIKELY(*head == NULL)) rt_out_of_memory();
    rt_heap_counted[kind][g] = (uint8_t)rt_stats_enabled;
    if (rt_stats_enabled) {
        uint64_t n = 0;
        for (void *p = *head; p != NULL; p = *(void **)p) n++;
        rt_alloc_stats.gc_allocs += n;
        rt_alloc_stats.gc_bytes += n * g * RT_HEAP_GRANULE;
    }
}
#endif

void *rt_heap_alloc_slow(TypeId t, size_t bytes) {
    int kind = rt_heap_ptrfree[t] ? RT_HEAP_PTRFREE : RT_HEAP_NORMAL;
    if (RT_UNLIKELY(bytes > SIZE_MAX / 2)) rt_out_of_memory();
    size_t n = bytes + rt_heap_tail[t];
    if (n == 0) n = 1;
    size_t g = (n + RT_HEAP_GRANULE - 1) / RT_HEAP_GRANULE;
    void *p;
#if defined(RT_USE_MALLOC) || defined(RT_USE_MIMALLOC)
    (void)g;
    p = kind == RT_HEAP_PTRFREE ? GC_MALLOC_ATOMIC_UNCOLLECTABLE(n) : GC_MALLOC_UNCOLLECTABLE(n);
#else
    if (g < RT_HEAP_CLASSES) {
        void **head = &rt_heap_lists.free[kind][g];
        if (*head == NULL) rt_heap_refill(kind, g);
        p = *head;
        *head = *(void **)p;
        RT_ASAN_HAND_OUT(p, bytes);
        if (kind == RT_HEAP_NORMAL && RT_UNLIKELY(rt_nursery.span != 0)) rt_nursery_note_hook(p, (int)t);
        return p;
    }
    if (RT_UNLIKELY(rt_gc_stress != 0)) rt_gc_stress_point();
    p = GC_malloc_kind(n, kind);
#endif
    if (RT_UNLIKELY(p == NULL)) rt_out_of_memory();
    if (rt_stats_enabled) {
        rt_alloc_stats.gc_allocs++;
        rt_alloc_stats.gc_bytes += GC_size(p);
    }
    RT_ASAN_HAND_OUT(p, bytes);
    if (kind == RT_HEAP_NORMAL && RT_UNLIKELY(rt_nursery.span != 0)) rt_nursery_note_hook(p, (int)t);
    return p;
}

RtHeapCounts rt_heap_counts(void) {
    RtHeapCounts c = { rt_alloc_stats.gc_allocs, rt_alloc_stats.gc_bytes };
    for (int k = 0; k < 2; k++)
        for (unsigned g = 1; g < RT_HEAP_CLASSES; g++)
            if (rt_heap_counted[k][g])
                for (void *p = rt_heap_lists.free[k][g]; p != NULL; p = *(void **)p) {
                    c.objects--;
                    c.bytes -= g * RT_HEAP_GRANULE;
                }
    return c;
}

static void rt_free_large(Region *r);
static void rt_free_chunks(Region *r);

/* ---- regions captured by full continuations ------------------------------------------------
 * A full continuation (control.c) is a copy of the C stack, so the frame regions on the region
 * stack when it is captured are copied with it (their descriptors and inline buffers) while
 * their chunks and large blocks are not. rt_regions_capture makes every such region that holds
 * an object CAPTURED, which is what keeps the copy right however often and whenever it is
 * re-entered:
 *   - the region's `large` field then points (tagged with 1) to an RtCapture record, in the
 *     collected heap, which owns its chunks and large blocks from then on: releasing,
 *     leaving, recycling or unwinding the region DETACHES it (the descriptor forgets them and
 *     is an empty region again) instead of freeing them; the record's finalizer frees them
 *     once no descriptor (on the stack or in a copy) points to it. RT_REGION_TOUCHED is true
 *     of a captured region, so only slow paths see any of this.
 *   - its bump window is closed, and what is allocated in it afterwards comes from the
 *     collected heap (rt_captured_alloc): two copies of one descriptor never hand out the
 *     same bytes. The collected heap sees those objects' references (R6, R7); they may point
 *     into the region (R4 holds of the region they stand for, not of their depth 0).
 *   - its inline buffer lives in a C frame, of which every copy has its own bytes; the
 *     objects there are one object each all the same (a vector-set! after the capture must be
 *     seen after a re-entry): the record's IMAGE holds the buffer as last seen. Whenever the
 *     region leaves the stack (detach, and rt_regions_switch_out when a re-entry replaces the
 *     stack) its buffer is saved into the image; when a re-entry puts it back on the stack
 *     (rt_regions_switch_in) the image is loaded into the buffer.
 * A region empty at the capture (nothing in its buffer, no chunk, no large block) is left as
 * it is: every copy then fills its own buffer, which nothing else can point into. */
typedef struct RtCapture {
    RtChunk *chunks;          /* the region's chunks at the capture, newest first */
    RtLarge *large;           /* its large blocks */
    _Alignas(16) char image[RT_INLINE_BYTES];   /* its inline buffer as last seen */
} RtCapture;

#define RT_CAP(r) ((RtCapture *)((uintptr_t)(r)->large - 1))

const RtLarge *rt_region_large(const Region *r) {
    return RT_CAPTURED(r) ? RT_CAP(r)->large : r->large;
}

/* Copy n bytes between stack memory and other memory without the sanitizer's checks: stack
 * frames have poisoned red zones, inline buffers poisoned free space (R5). */
#if defined(RT_ASAN)
__attribute__((no_sanitize("address"), noinline)) void rt_copy_unchecked(void *dst, const void *src, size_t n) {
    volatile char *d = dst;
    const volatile char *s = src;
    for (size_t i = 0; i < n; i++) d[i] = s[i];
}
#else
void rt_copy_unchecked(void *dst, const void *src, size_t n) { memcpy(dst, src, n); }
#endif

#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)
/* The record died: its chunks go back to the pool, its large blocks upstream. Run by
 * rt_capture_collect (the collector runs finalizers on demand, gc.c), never inside an
 * allocation. */
static void rt_capture_finalize(void *obj, void *unused) {
    (void)unused;
    RtCapture *c = obj;
    for (RtChunk *k = c->chunks, *next; k != NULL; k = next) {
        next = k->next;
        rt_chunk_put(k);
    }
    for (RtLarge *l = c->large, *next; l != NULL; l = next) {
        next = l->next;
        rt_alloc_stats.region_held -= RT_LARGE_HDR + l->bytes;
        rt_upstream_free(l, RT_LARGE_HDR + l->bytes);
    }
    c->chunks = NULL;
    c->large = NULL;
}
#endif

void rt_capture_collect(void) {
#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)
    if (GC_should_invoke_finalizers()) GC_invoke_finalizers();
#endif
}

int rt_regions_were_captured;   /* rtlib.h */

void rt_regions_capture(void) {
    rt_capture_collect();
    rt_regions_were_captured = 1;
    for (Region *r = rt_region_top; r != &rt_global_region && r != NULL; r = r->parent) {
        if (RT_CAPTURED(r)) continue;
        if (r->chunks == NULL && r->large == NULL && r->cur == r->inline_buf) continue;
#if defined(RT_USE_MIMALLOC) || defined(RT_USE_MALLOC)
        RtCapture *c = GC_MALLOC_UNCOLLECTABLE(sizeof *c);  /* nothing is collected there */
#else
        RtCapture *c = GC_MALLOC(sizeof *c);
#endif
        if (c == NULL) rt_out_of_memory();
        c->chunks = r->chunks;
        c->large = r->large;
        rt_copy_unchecked(c->image, r->inline_buf, RT_INLINE_BYTES);
#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)
        GC_register_finalizer_no_order(c, rt_capture_finalize, NULL, NULL, NULL);
#endif
        r->large = (RtLarge *)((char *)c + 1);
        r->end = r->cur;                      /* the window closes (R2 holds) */
    }
}

/* An untyped normal object of the collected heap (a hash table's parts...), allocated as a
 * vector's (scanned, one byte of tail), noted as untyped while the nursery is on: its words
 * are then scanned ambiguously, having no header to say what they are (nursery.c). */
static void *rt_heap_untyped(size_t bytes) {
    uintptr_t span = rt_nursery.span;
    rt_nursery.span = 0;
    void *p = rt_heap_alloc(TYPE_ID_VECTOR, bytes);
    rt_nursery.span = span;
    if (RT_UNLIKELY(span != 0)) rt_nursery_note_hook(p, -1);
    return p;
}

/* What a captured region, or one past its budget, allocates: an object of the collected heap (kind and size of type
 * t; untyped requests get a zeroed normal object, as rt_gc_region's do). */
void *rt_captured_alloc(TypeId t, size_t bytes, int zero) {
    if (zero) {
        void *p = rt_heap_untyped(bytes != 0 ? bytes : RT_ALIGN);
        memset(p, 0, bytes);
        return p;
    }
    return rt_heap_alloc(t, bytes != 0 ? bytes : RT_ALIGN);
}

void rt_region_detach(Region *r) {
    RtCapture *c = RT_CAP(r);
    rt_copy_unchecked(c->image, r->inline_buf, RT_INLINE_BYTES);
    r->chunks = NULL;
    r->large = NULL;
    r->cur = r->inline_buf;
    r->end = r->inline_buf + RT_INLINE_BYTES;
}

void rt_regions_switch_out(void) {
    for (Region *r = rt_region_top; r != &rt_global_region && r != NULL; r = r->parent) {
        if (RT_CAPTURED(r)) {
            rt_copy_unchecked(RT_CAP(r)->image, r->inline_buf, RT_INLINE_BYTES);
        } else if (RT_REGION_TOUCHED(r)) {
            rt_alloc_stats.region_reclaimed += rt_region_bytes_in_use(r);
            rt_free_chunks(r);
            rt_free_large(r);
        } else {
            rt_alloc_stats.region_reclaimed += (uint64_t)(r->cur - r->inline_buf);
        }
    }
    rt_region_top = &rt_global_region;
    rt_capture_collect();
}

void rt_regions_switch_in(Region *top) {
    rt_region_top = top;
    for (Region *r = top; r != &rt_global_region && r != NULL; r = r->parent)
        if (RT_CAPTURED(r)) rt_copy_unchecked(r->inline_buf, RT_CAP(r)->image, RT_INLINE_BYTES);
}

/* ---- slow path ----------------------------------------------------------------------------- */

/* A region's budget: once it owns rt_region_budget chunks (RT_REGION_BUDGET: 1 GiB), it
 * takes what it is asked for from the collected heap, as a captured region does. Region
 * inference bounds a region's lifetime, not its size: a callee may put much more than its
 * result in the region it is given (continuation-passing code passes its continuations in
 * tail calls: cpstak's make gigabytes of closures that die long before the region), and the
 * collector reclaims what dies early there. The heap's objects may point into the region
 * while it lives (R4 holds of the region they stand for, as for a captured region's), and the
 * region's chunks are scanned (R6), so what they point to in the heap stays alive. It is a
 * safety net against running out of memory, set high: a region is scanned at every collection,
 * so one that fills while the heap is busy costs its size in each (a 64 MiB budget made
 * paraffins, whose carry region legitimately holds 368 MB, 4x slower). 0: no
 * budget (--check-regions, whose depths must be exact; REGAL_REGION_BUDGET=MiB sets it). */
uint32_t rt_region_budget = RT_REGION_BUDGET / RT_CHUNK_BYTES;

/* The soft budget (rt_region_soft): a region of this many chunks (RT_REGION_SOFT: 1 MiB) makes
 * the container rule's sites allocate in the collected heap. Small, so that what it wastes on
 * garbage, and adds to every collection's scan, stays small: with 8 MiB a loop replacing a
 * vector of 8 a million times ran 3x slower than with the heap alone, 1.2x with 1 MiB.
 * UINT32_MAX: none (--check-regions). */
uint32_t rt_region_soft_chunks = RT_REGION_SOFT / RT_CHUNK_BYTES;

/* The budget of a region given to a cycle of tail calls (rt_region_mark_tail,
 * RT_REGION_TAIL_SOFT: 64 MiB), in chunks. What the rounds of a cycle make in the region they
 * share is mostly garbage by the next round, but the heap instead costs much where rounds are
 * short: with 1 MiB, benchmarks/cpstak (continuation-passing: 31 MiB of closures per call) ran
 * 4.6x slower, all of it through the collector. A loop written as mutual tail recursion then
 * peaks at this budget instead of at the hard one (RT_REGION_BUDGET, 1 GiB). 0: none (with
 * rt_region_budget 0, --check-regions). */
uint32_t rt_region_tail_chunks = RT_REGION_TAIL_SOFT / RT_CHUNK_BYTES;

/* Collecting regions (regiongc.c): its switches live here, with the rest of the memory layer's,
 * and its entry is reached through a hook (rtlib.h, "Architecture"). */
uint32_t rt_region_collect_chunks = RT_REGION_COLLECT / RT_CHUNK_BYTES;
int rt_region_gc_stress;
int rt_threads_spawned;
int (*rt_region_collect_hook)(Region *r);

/* rt_region_soft past the soft budget (regal.h): r is collected from now on when it can be
 * (regiongc.c; a frame region, not captured, no thread started, not refused before: it takes
 * the tail cycles' budget and collection threshold), else the heap takes the object. */
Region *rt_region_soft_slow(Region *r) {
    if (r->depth == 0) return &rt_gc_region;   /* the global region: shared by threads */
    if (rt_region_collect_chunks != 0 && !__atomic_load_n(&rt_threads_spawned, __ATOMIC_RELAXED) && !RT_CAPTURED(r) &&
        !(r->tail & (RT_TAIL_NO_GC | RT_TAIL_SPILLED))) {
        if (!(r->tail & RT_TAIL_SEQ)) r->tail |= 1;
        return r;
    }
    r->tail |= RT_TAIL_SPILLED;
    return &rt_gc_region;
}

static inline int rt_region_spilled(Region *r) {
    uint32_t budget = (r->tail & RT_TAIL_SEQ) && rt_region_tail_chunks < rt_region_budget ? rt_region_tail_chunks
                                                                                        : rt_region_budget;
    if (r->chunks == NULL || budget == 0 || r->chunks->seq < budget) return 0;
    if (r->depth != 0) r->tail |= RT_TAIL_SPILLED;   /* the heap's objects now stand for r (regiongc.c) */
    return 1;
}

/* Whether r, a tail cycle's region, is due for a collection (regiongc.c): its newest chunk's
 * seq has reached its threshold. */
static inline int rt_region_collect_due(const Region *r) {
    uint32_t t = r->tail;
    if (!(t & RT_TAIL_SEQ) || (t & (RT_TAIL_NO_GC | RT_TAIL_SPILLED)) || r->chunks == NULL ||
        rt_region_collect_chunks == 0 || r == &rt_gc_region)
        return 0;
    uint32_t at = (t & RT_TAIL_SEQ) > 1 ? (t & RT_TAIL_SEQ) : rt_region_collect_chunks;
    return r->chunks->seq >= at;
}

/* A collection of r, when it is due; then, if the request fits the new window, it is served
 * there. NULL: go on as before. */
static void *rt_region_collect_then(Region *r, size_t bytes) {
    if (!rt_region_collect_due(r) || rt_region_collect_hook == NULL || !rt_region_collect_hook(r))
        return NULL;
    if ((size_t)(r->end - r->cur) < bytes || bytes > RT_LARGE_BYTES) return NULL;
    char *p = r->cur;
    r->cur = p + bytes;
    RT_UNPOISON(p, bytes);
    return p;
}

/* ---- the heap profile's stand-ins (regal.h, "the heap profile") ------------------------------ */
#define RT_HEAP_SITE_TABLES 64
static struct { RtHeapSite *v; size_t n; } rt_heap_site_tables[RT_HEAP_SITE_TABLES];
static int rt_heap_site_ntables;   /* registered at start-up or a unit's first import */

void rt_heap_sites_register(RtHeapSite *sites, size_t n) {
    if (n == 0) return;
    if (rt_heap_site_ntables == RT_HEAP_SITE_TABLES) {
        fprintf(stderr, "regal: -fprofile-heap: more than %d separately compiled units profiled\n",
                RT_HEAP_SITE_TABLES);
        exit(RT_EXIT_ERROR);
    }
    rt_heap_site_tables[rt_heap_site_ntables].v = sites;
    rt_heap_site_tables[rt_heap_site_ntables].n = n;
    rt_heap_site_ntables++;
}

RtHeapSite *rt_heap_site_of(const Region *r) {
    for (int i = 0; i < rt_heap_site_ntables; i++)
        if ((uintptr_t)r - (uintptr_t)rt_heap_site_tables[i].v < rt_heap_site_tables[i].n * sizeof(RtHeapSite))
            return (RtHeapSite *)(uintptr_t)r;
    return NULL;
}

size_t rt_heap_site_table(int i, RtHeapSite **sites) {
    if (i >= rt_heap_site_ntables) return 0;
    *sites = rt_heap_site_tables[i].v;
    return rt_heap_site_tables[i].n;
}

/* r, or rt_gc_region when r is a heap site's stand-in (the object counted against the site). */
static inline Region *rt_heap_site_count(Region *r, size_t bytes) {
    if (RT_LIKELY(rt_heap_site_ntables == 0)) return r;
    RtHeapSite *s = rt_heap_site_of(r);
    if (s == NULL) return r;
    __atomic_fetch_add(&s->objects, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&s->bytes, bytes, __ATOMIC_RELAXED);
    return &rt_gc_region;
}

void *rt_region_alloc_slow(Region *r, size_t bytes) {
    bytes = RT_ROUND(bytes);
    r = rt_heap_site_count(r, bytes);
    if (r == &rt_gc_region) {
        /* An untyped request (a hash table's parts): a normal object with a tail, as a
         * vector's (scanned; arrays walked by loops), zeroed to its first word. */
        void **p = rt_heap_untyped(bytes != 0 ? bytes : RT_ALIGN);
        *p = NULL;
        return p;
    }
    if (RT_UNLIKELY(r->tail & RT_TAIL_SEQ)) {
        void *p = rt_region_collect_then(r, bytes);
        if (p != NULL) return p;
    }
    if (RT_UNLIKELY(RT_CAPTURED(r) || rt_region_spilled(r))) return rt_captured_alloc(TYPE_ID_VECTOR, bytes, 1);
    if (bytes > RT_LARGE_BYTES) {
        /* A large block of its own; the window is untouched, so small objects keep filling it. */
        if (RT_UNLIKELY(bytes > SIZE_MAX / 2)) rt_out_of_memory();
        RtLarge *l = rt_upstream_alloc(RT_LARGE_HDR + bytes);
        rt_held_grow(RT_LARGE_HDR + bytes);
        l->bytes = bytes;
        l->next = r->large;
        r->large = l;
        RT_UNPOISON(l->data, bytes);
        return l->data;
    }
    /* A new chunk becomes the window; what is left of the old one is abandoned (and stays
     * poisoned, so an overrun past the last object there is caught too). */
    RtChunk *c = rt_chunk_get();
    char *old_base = r->chunks != NULL ? r->chunks->data : r->inline_buf;
    c->prev_used = (uint32_t)(r->cur - old_base);
    RT_POISON(r->cur, (size_t)(r->end - r->cur));
    c->seq = r->chunks == NULL ? 1 : r->chunks->seq < UINT16_MAX ? (uint16_t)(r->chunks->seq + 1) : UINT16_MAX;
    c->next = r->chunks;
    r->chunks = c;
    r->cur = c->data + bytes;
    r->end = c->data + RT_CHUNK_DATA;
    RT_UNPOISON(c->data, bytes);
    return c->data;
}

void *rt_region_alloc_typed_slow(Region *r, TypeId t, size_t bytes) {
    r = rt_heap_site_count(r, bytes);
    if (r == &rt_gc_region) return rt_heap_alloc(t, bytes);
    if (RT_UNLIKELY(r->tail & RT_TAIL_SEQ)) {
        void *p = rt_region_collect_then(r, RT_ROUND(bytes));
        if (p != NULL) return p;
    }
    if (RT_UNLIKELY(RT_CAPTURED(r) || rt_region_spilled(r))) return rt_captured_alloc(t, bytes, 0);
    return rt_region_alloc_slow(r, bytes);
}

static void rt_free_large(Region *r) {
    for (RtLarge *l = r->large, *next; l != NULL; l = next) {
        next = l->next;
        rt_alloc_stats.region_held -= RT_LARGE_HDR + l->bytes;
        rt_upstream_free(l, RT_LARGE_HDR + l->bytes);
    }
    r->large = NULL;
}

static void rt_free_chunks(Region *r) {
    for (RtChunk *c = r->chunks, *next; c != NULL; c = next) {
        next = c->next;
        rt_chunk_put(c);
    }
    r->chunks = NULL;
}

void rt_region_release_slow(Region *r) {
    if (RT_CAPTURED(r)) {
        rt_region_detach(r);
        r->cur = r->end = r->inline_buf + RT_INLINE_BYTES;
        return;
    }
    rt_alloc_stats.regions_released++;
    rt_alloc_stats.bytes_released += rt_region_bytes_in_use(r);
    rt_free_chunks(r);
    rt_free_large(r);
    /* An empty window in the inline buffer keeps R2 and R3 true for the dead descriptor. */
    r->cur = r->end = r->inline_buf + RT_INLINE_BYTES;
}

/* rt_region_leave, rt_region_recycle and rt_region_unwind of a region that owns chunks or
 * large blocks: everything counted as reclaimed and freed, the window back on the inline
 * buffer (which, under RT_ASAN, a recycle poisons and a leave unpoisons). */
void rt_region_empty_slow(Region *r) {
    if (RT_CAPTURED(r)) {
        rt_region_detach(r);
        return;
    }
    rt_alloc_stats.region_reclaimed += rt_region_bytes_in_use(r);
    rt_free_chunks(r);
    rt_free_large(r);
    r->cur = r->inline_buf;
    r->end = r->inline_buf + RT_INLINE_BYTES;
    r->tail = 0;   /* emptied (a carry region at a back edge): as good as new (regiongc.c) */
}

void rt_region_reset(Region *r) {
    if (RT_CAPTURED(r)) rt_region_detach(r);
    rt_free_large(r);
    if (r->chunks == NULL) {                  /* only the inline buffer was ever used */
        r->cur = r->inline_buf;
        r->end = r->inline_buf + RT_INLINE_BYTES;
        RT_POISON(r->inline_buf, RT_INLINE_BYTES);
        return;
    }
    /* Keep the oldest chunk as the whole window; pool the younger ones. The inline buffer is
     * dead from now until release (R2: the window is in a chunk while chunks != NULL). */
    RtChunk *c = r->chunks;
    while (c->next != NULL) {
        RtChunk *next = c->next;
        rt_chunk_put(c);
        c = next;
    }
    c->prev_used = 0;
    r->chunks = c;
    r->cur = c->data;
    r->end = c->data + RT_CHUNK_DATA;
    RT_POISON(c->data, RT_CHUNK_DATA);
    RT_POISON(r->inline_buf, RT_INLINE_BYTES);
}

size_t rt_region_bytes_in_use(const Region *r) {
    size_t n;
    if (r == &rt_gc_region || rt_heap_site_of(r) != NULL) return 0;
    if (r->chunks == NULL) {
        n = (size_t)(r->cur - r->inline_buf);
    } else {
        n = (size_t)(r->cur - r->chunks->data);
        for (const RtChunk *c = r->chunks; c != NULL; c = c->next) n += c->prev_used;
    }
    for (const RtLarge *l = rt_region_large(r); l != NULL; l = l->next) n += l->bytes;
    return n;
}

RT_COLD void rt_region_misuse(const char *what, const Region *r) {
    rt_exit_flush();
    fprintf(stderr, "internal error: %s: region %p (depth %llu) is not on top of the region "
            "stack (top: depth %llu)\n", what, (const void *)r,
            (unsigned long long)r->depth, (unsigned long long)rt_region_top->depth);
    abort();
}

/* ---- heap regions and poisoning ------------------------------------------------------------ */
Region *rt_region_new(uint64_t depth) {
    Region *r = rt_upstream_alloc(sizeof(Region));
    rt_region_init(r, depth);
    return r;
}

void rt_region_free(Region *r) {
    rt_region_release(r);
    rt_upstream_free(r, sizeof(Region));
}

void rt_region_poison_inline(Region *r) { RT_POISON(r->inline_buf, RT_INLINE_BYTES); }
void rt_region_unpoison_inline(Region *r) { RT_UNPOISON(r->inline_buf, RT_INLINE_BYTES); }

/* The address ranges of r's memory (rtlib.h): the inline buffer, each chunk's data, each large
 * block's object. */
size_t rt_region_ranges(const Region *r, RtRange *out, size_t max) {
    size_t n = 0;
#define RT_RANGE_ADD(a, b) do { if (n < max) out[n] = (RtRange){ (uintptr_t)(a), (uintptr_t)(b) }; n++; } while (0)
    RT_RANGE_ADD(r->inline_buf, r->inline_buf + RT_INLINE_BYTES);
    for (const RtChunk *c = r->chunks; c != NULL; c = c->next) RT_RANGE_ADD(c->data, c->data + RT_CHUNK_DATA);
    for (const RtLarge *l = rt_region_large(r); l != NULL; l = l->next) RT_RANGE_ADD(l->data, l->data + l->bytes);
#undef RT_RANGE_ADD
    return n;
}

/* ---- --check-regions ------------------------------------------------------------------------ */
static int rt_region_holds(const Region *r, uintptr_t a) {
    if (a >= (uintptr_t)r->inline_buf && a < (uintptr_t)r->inline_buf + RT_INLINE_BYTES) return 1;
    for (const RtChunk *c = r->chunks; c != NULL; c = c->next)
        if (a >= (uintptr_t)c->data && a < (uintptr_t)c->data + RT_CHUNK_DATA) return 1;
    for (const RtLarge *l = rt_region_large(r); l != NULL; l = l->next)
        if (a >= (uintptr_t)l->data && a < (uintptr_t)l->data + l->bytes) return 1;
    return 0;
}

uint64_t rt_region_depth_of(const void *p) {
    for (const Region *r = rt_region_top; r != &rt_global_region && r != NULL; r = r->parent)
        if (rt_region_holds(r, (uintptr_t)p)) return r->depth;
    return 0;
}

/* The depth of the region of a heap value; 0 for immediates. */
static uint64_t rt_value_depth(RtValue v) {
    if (!RT_IS_PAIR(v) && !RT_IS_OBJ(v)) return 0;
    return rt_region_depth_of((const void *)(uintptr_t)(v & ~(RtValue)RT_TAG_MASK));
}

static RT_NORETURN RT_COLD void rt_check_fail(const char *loc, const char *fmt,
                                              unsigned long long d1, unsigned long long d2) {
    rt_exit_flush();
    if (loc != NULL) fprintf(stderr, "%s: ", loc);
    fputs("error: region check: ", stderr);
    fprintf(stderr, fmt, d1, d2);
    fputc('\n', stderr);
    fflush(stderr);
    _exit(RT_EXIT_ERROR);
}

void rt_check_store(const char *loc, RtValue target, RtValue value) {
    uint64_t dv = rt_value_depth(value);
    if (dv == 0) return;
    /* string-copy!, bytevector-copy!, string-fill!: characters or bytes copied, no reference
     * kept (the mutators' rule, compiler/emit.c, checks every argument they are given) */
    if (RT_IS_OBJ(target) && (RT_IS_TYPE(target, TYPE_ID_STRING) || RT_IS_TYPE(target, TYPE_ID_BYTEVECTOR) ||
                              RT_IS_TYPE(target, TYPE_ID_F64VECTOR) || RT_IS_TYPE(target, TYPE_ID_BOOLVECTOR)))
        return;
    uint64_t dt = rt_value_depth(target);
#if !defined(RT_USE_MIMALLOC) && !defined(RT_USE_MALLOC)
    /* An object a captured region allocated lives in the collected heap but stands for that
     * region ("regions captured by full continuations"): it is not checked. */
    if (dt == 0 && rt_regions_were_captured) {
        void *p = (void *)(uintptr_t)(target & ~(RtValue)RT_TAG_MASK);
        if (GC_base(p) == p) return;
    }
#endif
    if (dv > dt)
        rt_check_fail(loc, "a store makes an object in region depth %llu point into younger "
                      "region depth %llu", (unsigned long long)dt, (unsigned long long)dv);
}

void rt_check_frame(const char *what, Region *base, RtValue v) {
    uint64_t dv = rt_value_depth(v);
    if (dv == 0 || dv <= base->depth) return;
    rt_exit_flush();
    fprintf(stderr, "error: region check: a %s passes a value in region depth %llu, which its "
            "frame releases (its regions are above depth %llu)\n", what,
            (unsigned long long)dv, (unsigned long long)base->depth);
    fflush(stderr);
    _exit(RT_EXIT_ERROR);
}

void rt_check_result(const char *loc, Region *rr, RtValue v) {
    uint64_t dv = rt_value_depth(v);
    if (dv == 0) return;
    uint64_t dr = (rr == &rt_gc_region || rr == &rt_global_region) ? 0 : rr->depth;
    if (dv > dr)
        rt_check_fail(loc, "a result returned in region depth %llu points into younger "
                      "region depth %llu", (unsigned long long)dr, (unsigned long long)dv);
}
