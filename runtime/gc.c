/* gc.c: the fallback collected heap (the Boehm-Demers-Weiser collector, libgc) and the
 * REGAL_STATS report.
 *
 * This file configures the collector (rt_gc_configure, before anything can allocate: no
 * interior pointers, the tags' displacements), starts it (rt_gc_init, called by rt_start on
 * the main thread), allocates the objects of rt_gc_region (rt_heap_alloc_slow: the per-thread
 * free lists of regal.h refilled from the collector, the collector marking what they hold),
 * gives the runtime library its collector-backed scratch memory (rt_gc_malloc...), and prints
 * the statistics of issue 7 when the program ends with REGAL_STATS=1 in its environment
 * (rt_stats_report). The thread-local roots of the higher layers are registered by start.c
 * (rt_gc_thread_roots), which knows them.
 *
 * Interior pointers (R7). The collector runs with GC_all_interior_pointers off and the
 * displacements 1 and 2 registered: a word in scanned memory keeps an object alive only if it
 * is its address, or that address tagged as a pair or an object. So it does not add a byte to
 * every object (a pair takes 16 bytes, not 32), and fewer stray words retain garbage. Stacks
 * and registers are still scanned with interior pointers recognised (libgc's
 * GC_mark_and_push_stack), so derived pointers in C locals are safe; a pointer just past an
 * object is not, hence the one byte of tail that walked arrays (rt_heap_tail) and scratch
 * memory get. Every pointer the runtime stores into memory is an object's address or a tagged
 * value: RtHashImpl's buckets and entries, RtPortImpl's buffers, the pool's and the free lists'
 * links, RtContImpl (on the C stack).
 *
 * Roots (R6). The collector scans static data (.data/.bss of the program and its libraries),
 * the stacks of registered threads, uncollectable memory (region chunks, large blocks, heap
 * region descriptors, the symbol table) and the collected objects it reaches. What it cannot
 * see, and how each place is made visible or why it need not be:
 *   rt_xargs (call.c), rt_cur_out/rt_cur_in (port.c): thread-local values; registered with
 *       GC_add_roots for the program thread by rt_gc_thread_roots (start.c, which creates
 *       that thread and is above both files).
 *   rt_winds, rt_conts (control.c), rt_handlers (error.c): thread-local pointers to structs in
 *       live C frames (dynamic-wind, call/cc, with-exception-handler), whose values are on the
 *       scanned stack: no root needed.
 *   rt_region_top (region.c): points to regions in live C frames (scanned stack) or to
 *       rt_global_region (static data): no root needed.
 *   rt_alloc_stats, rt_pool, rt_stack_limit (error.c): no values (the pooled chunks are uncollectable).
 *   the symbol table (object.c): its bucket array comes from rt_upstream_alloc
 *       (uncollectable) and symbols live in rt_global_region.
 *   RtPortImpl (port.c) and its buffers: collector memory (rt_gc_malloc), reached from the
 *       port object; file output ports also from the static list rt_file_outs. They hold no
 *       values, only bytes and code points (atomic memory).
 *   temporary arrays of values in sort.c, list.c (fold-right), hashtable.c (walk): collector
 *       memory (rt_gc_malloc), reached from the C stack while in use; an escape out of a
 *       procedure they call leaves them to the collector instead of leaking them.
 *   malloc'd memory left in the runtime holds no values: UTF-8 and digit buffers (string.c,
 *       numbers.c, read.c, port.c, print.c, error.c messages), GMP's temporaries.
 * Under AddressSanitizer, LeakSanitizer does not see collector memory, so nothing malloc'd
 * may be referenced only from there (hence the ports' buffers above).
 */
#define GC_THREADS
#include "rtlib.h"

#include <pthread.h>

#include <gc/gc.h>
#include <gc/gc_inline.h>
#include <gc/gc_mark.h>

int rt_stats_enabled;

_Static_assert(RT_HEAP_GRANULE == GC_GRANULE_BYTES, "a size class is a number of granules");
_Static_assert(RT_HEAP_PTRFREE == GC_I_PTRFREE && RT_HEAP_NORMAL == GC_I_NORMAL,
               "the free lists are indexed by the collector's kinds");

/* With malloc or mimalloc as the regions' upstream (region.c) the collector cannot see region
 * memory: then nothing the runtime takes from it may be collected. */
#if defined(RT_USE_MALLOC) || defined(RT_USE_MIMALLOC)
#define RT_SCRATCH(n)        GC_MALLOC_UNCOLLECTABLE(n)
#define RT_SCRATCH_ATOMIC(n) GC_MALLOC_ATOMIC_UNCOLLECTABLE(n)
#else
#define RT_SCRATCH(n)        GC_MALLOC(n)
#define RT_SCRATCH_ATOMIC(n) GC_MALLOC_ATOMIC(n)
#endif

#define RT_GC_INITIAL_HEAP ((size_t)4 << 20)

static void rt_heap_mark_lists(void);
static GC_push_other_roots_proc rt_heap_prev_push;

/* REGAL_GC_STRESS=N (a test of R7): a full collection before every Nth refill of a free list
 * and every Nth large object, so that collections happen at allocation points all over a
 * program while its C code holds derived pointers. */
static unsigned rt_gc_stress;
static _Thread_local unsigned rt_gc_stress_n;
static void rt_gc_stress_point(void) {
    if (++rt_gc_stress_n >= rt_gc_stress) {
        rt_gc_stress_n = 0;
        GC_gcollect();
    }
}

/* The collector's mode, set before it initialises (the constructor runs before main, and so
 * before a region can take a chunk): no interior pointers but the tags' (R7), and the free
 * lists' objects marked at every collection, after the roots the collector had (thread
 * stacks). Idempotent. */
__attribute__((constructor)) static void rt_gc_configure(void) {
    static int done;
    if (done) return;
    done = 1;
    GC_set_all_interior_pointers(0);
    GC_INIT();
    GC_register_displacement(RT_TAG_PAIR);
    GC_register_displacement(RT_TAG_OBJ);
    rt_heap_prev_push = GC_get_push_other_roots();
    GC_set_push_other_roots(rt_heap_mark_lists);
}

void rt_gc_init(void) {
    static int done;
    if (done) return;
    done = 1;
    /* The collector's warnings ("repeated allocation of very large block"...) would mix with
     * the program's stderr; REGAL_GC_WARN=1 shows them. */
    const char *w = getenv("REGAL_GC_WARN");
    if (w == NULL || *w == '\0' || *w == '0') GC_set_warn_proc(GC_ignore_warn_proc);
    rt_gc_configure();
    /* The collector starts with a heap of a few hundred KiB and collects each time it fills:
     * a program that makes garbage fast (boxed flonums stored in a vector) would spend half
     * its time collecting (nbody: 6,021 collections, 3.9 s; with 4 MiB: 1.8 s, RSS 4.7 -> 8.8
     * MB). GC_INITIAL_HEAP_SIZE, the collector's own setting, overrides it. */
    if (getenv("GC_INITIAL_HEAP_SIZE") == NULL) GC_expand_hp(RT_GC_INITIAL_HEAP);
    const char *s = getenv("REGAL_STATS");
    rt_stats_enabled = s != NULL && *s != '\0' && strcmp(s, "0") != 0;
    const char *st = getenv("REGAL_GC_STRESS");
    if (st != NULL && atoi(st) > 0) rt_gc_stress = (unsigned)atoi(st);
}

void rt_gc_collect(void) { GC_gcollect(); }

/* ---- the collected heap's objects -----------------------------------------------------------
 * The fast path is rt_heap_alloc (regal.h). Each thread registers its free lists here on its
 * first refill; at every collection rt_heap_mark_lists marks every object on them (with the
 * world stopped and the allocation lock held: GC_push_other_roots' contract), as the
 * collector does for its own thread-local lists: the lists live in thread-local storage,
 * which the collector does not scan, and pointer-free objects' links would not be traced
 * anyway. The registry is guarded by the collector's allocation lock. With malloc or
 * mimalloc as the regions' upstream (region.c) the collector cannot see region memory, so the
 * heap's objects are uncollectable and taken one at a time (the lists stay empty). */
_Thread_local RtHeapLists rt_heap_lists;

typedef struct RtHeapThread {
    RtHeapLists *lists;
    RtChunk **live_chunks;                          /* region.c's live list of the thread */
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
 * (region.c, "Scanning"). */
static void rt_heap_mark_lists(void) {
    if (rt_heap_prev_push != NULL) rt_heap_prev_push();
    for (RtHeapThread *t = rt_heap_threads; t != NULL; t = t->next) {
        for (int k = 0; k < 2; k++)
            for (unsigned g = 1; g < RT_HEAP_CLASSES; g++)
                for (void *p = t->lists->free[k][g]; p != NULL; p = *(void **)p)
                    GC_set_mark_bit(p);
        rt_chunks_push(t->live_chunks);
    }
    rt_chunks_push(&rt_orphan_chunks);
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

/* ---- scratch memory of the runtime library ----------------------------------------------- */
/* One byte of tail (R7: a loop's pointer just past the array still points into it). Counted
 * in gc_bytes like rt_gc_region's objects, when statistics are on: the collector reclaims
 * them too. */
static void *rt_scratch_counted(void *p) {
    if (RT_UNLIKELY(p == NULL)) rt_out_of_memory();
    if (rt_stats_enabled) rt_alloc_stats.gc_bytes += GC_size(p);
    return p;
}

void *rt_gc_malloc(size_t bytes) { return rt_scratch_counted(RT_SCRATCH(bytes + 1)); }

void *rt_gc_malloc_atomic(size_t bytes) { return rt_scratch_counted(RT_SCRATCH_ATOMIC(bytes + 1)); }

void *rt_gc_realloc(void *p, size_t bytes) {
    void *q = GC_REALLOC(p, bytes + 1);
    if (RT_UNLIKELY(q == NULL)) rt_out_of_memory();
    if (q != p) rt_scratch_counted(q);
    return q;
}

void rt_gc_free(void *p) { GC_FREE(p); }

/* ---- REGAL_STATS ------------------------------------------------------------------------- */
/* The format is read here, not in rt_gc_init: REGAL_STATS=json gives one JSON object on one
 * line, any other value that enables the report (rt_gc_init) the text block; the keys and
 * labels are documented in regal.h next to rt_stats_report. */
void rt_stats_report(void) {
    if (!rt_stats_enabled) return;
    rt_exit_flush();
    const RtAllocStats *s = &rt_alloc_stats;
    uint64_t live = 0;
    for (const Region *r = rt_region_top; r != NULL; r = r->parent) live += rt_region_bytes_in_use(r);
    uint64_t in_regions = s->region_reclaimed + live;
    struct GC_prof_stats_s gs;
    memset(&gs, 0, sizeof gs);
    GC_get_prof_stats(&gs, sizeof gs);
    uint64_t collected = (uint64_t)gs.reclaimed_bytes_before_gc + gs.bytes_reclaimed_since_gc;
    uint64_t heap = rt_heap_counts().bytes;
    uint64_t all = in_regions + heap;
    double pct = all != 0 ? 100.0 * (double)s->region_reclaimed / (double)all : 0.0;
    const char *format = getenv("REGAL_STATS");
    int json = format != NULL && strcmp(format, "json") == 0;
    fprintf(stderr,
            json ? "{\"regal_stats\":1,"
                   "\"regions_created\":%llu,"
                   "\"region_peak_bytes\":%llu,"
                   "\"chunks_from_upstream\":%llu,"
                   "\"region_allocated_bytes\":%llu,"
                   "\"region_reclaimed_bytes\":%llu,"
                   "\"heap_allocated_bytes\":%llu,"
                   "\"collections\":%llu,"
                   "\"heap_size_bytes\":%llu,"
                   "\"heap_collected_bytes\":%llu,"
                   "\"region_reclaimed_percent\":%.1f}\n"
                 : "regal stats:\n"
                   "  regions created                        %llu\n"
                   "  peak bytes in regions                  %llu\n"
                   "  chunks from upstream                   %llu\n"
                   "  bytes allocated in regions             %llu\n"
                   "  bytes reclaimed by regions             %llu\n"
                   "  bytes allocated in the collected heap  %llu\n"
                   "  collections                            %llu\n"
                   "  heap size                              %llu\n"
                   "  bytes collected by the fallback        %llu\n"
                   "  reclaimed by region release            %.1f%% of all bytes allocated\n",
            (unsigned long long)s->regions_created, (unsigned long long)s->region_peak,
            (unsigned long long)s->chunks_from_upstream, (unsigned long long)in_regions,
            (unsigned long long)s->region_reclaimed, (unsigned long long)heap,
            (unsigned long long)GC_get_gc_no(), (unsigned long long)GC_get_heap_size(),
            (unsigned long long)collected, pct);
    fflush(stderr);
}
