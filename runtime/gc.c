/* gc.c: the fallback collected heap (the Boehm-Demers-Weiser collector, libgc) and the
 * REGAL_STATS report.
 *
 * This file configures the collector (rt_gc_configure, before anything can allocate: no
 * interior pointers, the tags' displacements, region.c's marking callback), starts it
 * (rt_gc_init, called by rt_start on the main thread; the objects of rt_gc_region come from
 * region.c's free lists), gives the runtime library its collector-backed scratch memory
 * (rt_gc_malloc...), and prints
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
 * links, RtContImpl (on the C stack, or the header of a stack copy).
 *
 * Roots (R6). The collector scans static data (.data/.bss of the program and its libraries),
 * the stacks of registered threads, uncollectable memory (large blocks, heap region
 * descriptors, the symbol table), the region chunks regions own (pushed by region.c's marking
 * callback; pooled chunks are not scanned) and the collected objects it reaches. What it cannot
 * see, and how each place is made visible or why it need not be:
 *   rt_xargs (call.c), rt_cur_out/rt_cur_in/rt_cur_err (port.c): thread-local values;
 *       registered with GC_add_roots for the program thread by rt_gc_thread_roots (start.c,
 *       which creates that thread and is above both files).
 *   rt_conts (control.c), rt_handlers and rt_winds (error.c): thread-local pointers to
 *       structs in live C frames (call/cc, with-exception-handler, dynamic-wind and the port
 *       bindings), whose values are on the scanned stack, or to full continuations' records,
 *       also reached from the stack: no root needed.
 *   full continuations' copies of the stack: objects of their own kind, scanned as a stack
 *       is ("copies of the stack" below); the records of captured regions (region.c) are
 *       normal objects, with a finalizer run on demand.
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
/* What this heap costs, and why libgc cannot reach issue 15's target (within 2x of a region
 * allocation). Profiled on 2026-11-26 with libgc 8.2.2 built from source with symbols, a loop
 * of rt_heap_typed pairs (2.5 ns each; region chunks 0.73): the pop and the caller's stores
 * are half the time (the pop's load of the link is a dependent load that a bump does not
 * have: about 1.2 ns, so 1.6x a region even if the collector cost nothing); the other half is
 * the refill, one 4 KiB block per call: GC_allochblk_nth 18% (blocks that a collection found
 * empty are freed and split off again at every refill), GC_build_fl 10%, clearing mark bits
 * 4%, the allocation lock (10-13% of cpstak's profile). A kind of ours whose objects the
 * collector does not clear (GC_new_kind, clear 0; callers write every field) made objects
 * of 32 bytes and more 8-16% cheaper, but the words past an object's end in its size class
 * (a 24-byte closure in 32 bytes) then hold a dead object's pointers, which are scanned:
 * cpstak's peak RSS went from 11.5 to 18.5 MB, graphs' (one iteration) from 59 to 89 MB; so
 * the lists' normal objects stay cleared. Tried again on 2026-11-27 with those words zeroed at
 * each hand-out (constant-folded for compiled code's sites): bench_runner's collected-heap
 * rows, median of 4 runs alternating with the clearing kind, 0.96-1.02 for every object from
 * a pair to a vector of 100: nothing to gain.
 * Programs with much live data pay the non-generational collector instead: graphs spends 78%
 * in libgc, mostly GC_mark_from re-marking its live graphs at each of 805 full collections
 * (11.9 GB allocated); libgc's generational mode (GC_ENABLE_INCREMENTAL, mprotect) doubled its
 * time. Getting near a region's cost needs a bump-pointer nursery per thread with a copying
 * minor collection: conservative roots from the C stacks pinning what they reach (mostly
 * copying), objects found through their type headers (pairs would need a side bitmap of
 * starts), survivors promoted into this heap, and a write barrier (card marks) on every store
 * into a heap object (set-car!, vector-set!, record and box setters, hash tables) and into
 * region objects that may point to the nursery.
 * Profiled again on 2026-11-26 (GC_PRINT_STATS=1 gives each collection's marking time): in
 * graphs, nboyer, sboyer and gcbench marking is 75-95% of the collected heap's time. graphs
 * (841 collections, 20-48 MB live), nboyer and sboyer have no live region chunks: it is their
 * live heap data, re-marked at every collection (cost ~ bytes allocated x divisor / 2, not the
 * live size). gcbench's 104 MB of live chunks were scanned at each of its 46 collections: 0.8
 * of its 1.7 s of marking; region.c now drops the words pointing into a chunk or its
 * neighbours before pushing (1.77 -> 1.52 s). Looking every word up in a hash set of all live
 * chunks (by 64 KiB slot) was slower than the collector's own lookup (2.3 s): what remains is
 * reading 800 M words, which only not scanning chunks (a write barrier or dirty bits) avoids.
 * libgc's generational modes, measured on ecraven graphs on 2026-11-27 (11.8 GB allocated,
 * 20-48 MB live; Chez allocates 11.4 GB and takes 1.56 s; here 13.1 s, 780 full collections,
 * 88% of the profile in libgc): GC_ENABLE_INCREMENTAL (mprotect dirty bits), with the free
 * lists dropped at each collection so that sticky mark bits could age objects: 12.2 s user +
 * 16.3 s system (write faults). Manual dirty bits (GC_set_manual_vdb_allowed, no barrier at
 * all: an unsafe lower bound) with collections every 16 MB: marking falls from ~12 to 0.74 s,
 * but GC_generic_malloc_many then hands out one object per call under the allocation lock
 * (40% of the profile in pthread_mutex), 9.8 s in all. A larger heap alone (GC_INITIAL_HEAP_SIZE
 * 200 MB, 3.7x the peak) gives 6.2 s. So no setting of libgc approaches Chez here: the
 * nursery above is the way.
 * That one-object refill is libgc 8.2.2's (mallocx.c: "a single object is always allocated if
 * manual VDB", a TODO). Measured on 2026-11-27 with libgc 8.2.2 built from source without that
 * restriction (LD_LIBRARY_PATH), manual dirty bits, GC_TIME_UNLIMITED (generational, not
 * incremental), this file's lists dropped at each collection so that objects age, still no
 * barrier (a lower bound), user CPU generational / normal on the same library: ecraven graphs
 * 2.26 / 2.63 s (0.86; 0.83 with GC_FREE_SPACE_DIVISOR=1), sboyer 0.88 / 0.95, nboyer 1.95 /
 * 1.81, earley 3.13 / 2.06, mazefun 2.15 / 1.09: its partial collections come every few
 * hundred KB allocated (mazefun: 8,733 collections against 618, a 4 MiB initial heap or 64 MiB
 * alike), so what marking saves, collecting more often spends. With the write barrier every
 * store would need on top, libgc's generational mode is no way to Chez's figures either.
 * doc/nursery.md is the design of the nursery that would replace these paths. */
#define GC_THREADS
#include "rtlib.h"

#include <gc/gc.h>
#include <time.h>

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

/* The collector's mode, set before it initialises (the constructor runs before main, and so
 * before a region can take a chunk): no interior pointers but the tags' (R7), and the free
 * lists' objects marked at every collection, after the roots the collector had (thread
 * stacks). Idempotent. */
__attribute__((constructor)) static void rt_gc_configure(void) {
    static int done;
    if (done) return;
    done = 1;
    GC_set_all_interior_pointers(0);
    /* One marker thread, not one per core: on this project's machines (2 cores) the helper
     * thread's parallel marking cost more CPU time than it saved: gcbench 22% less CPU with
     * one, graphs 9%, deriv 4%, the rest within noise, peak RSS unchanged (figures in the
     * commit that set it). Set before the collector initialises, so that its own GC_MARKERS
     * variable still overrides it. The free-space divisor is set in rt_gc_init. */
    GC_set_markers_count(1);
    GC_INIT();
    GC_register_displacement(RT_TAG_PAIR);
    GC_register_displacement(RT_TAG_OBJ);
    rt_heap_marking_install();
    /* Finalizers (the records of captured regions, region.c) run only when the runtime asks
     * (rt_capture_collect), never inside an allocation that may be changing a chunk list. */
    GC_set_finalize_on_demand(1);
}

static void *rt_scratch_counted(void *p);

/* ---- copies of the stack (full continuations, control.c) -----------------------------------
 * A copy of C frames holds what frames hold: derived pointers (p->items + i) as well as
 * values, in words and in saved registers. So the collector scans it as it scans a stack:
 * objects of a kind of their own whose mark procedure takes any address inside an object
 * (GC_base) as a reference to it (R7). With malloc or mimalloc upstream nothing is collected:
 * then the copy is uncollectable memory, scanned. */
#if !defined(RT_USE_MALLOC) && !defined(RT_USE_MIMALLOC)
#include <gc/gc_mark.h>
static int rt_stack_kind = -1;

static struct GC_ms_entry *rt_stack_copy_mark(GC_word *addr, struct GC_ms_entry *msp,
                                              struct GC_ms_entry *lim, GC_word env) {
    (void)env;
    size_t n = GC_size(addr) / sizeof(GC_word);
    for (size_t i = 0; i < n; i++) {
        void *b = GC_base((void *)addr[i]);
        if (b != NULL) msp = GC_mark_and_push(b, msp, lim, (void **)&addr[i]);
    }
    return msp;
}
#endif

void *rt_gc_stack_alloc(size_t bytes) {
#if defined(RT_USE_MALLOC) || defined(RT_USE_MIMALLOC)
    void *p = GC_MALLOC_UNCOLLECTABLE(bytes);
#else
    if (rt_stack_kind < 0)
        rt_stack_kind = (int)GC_new_kind(GC_new_free_list(),
                                         GC_MAKE_PROC(GC_new_proc(rt_stack_copy_mark), 0), 0, 1);
    void *p = GC_generic_malloc(bytes, rt_stack_kind);
#endif
    return rt_scratch_counted(p);
}

/* The divisor follows the cost of the last collection: 1 (a collection after about a heap's
 * worth allocated, half as many collections) when it took at least RT_GC_LONG_PAUSE of the
 * collecting thread's CPU time, 2 otherwise. A long collection means much to mark (live heap
 * data, or region chunks, which are scanned as roots), so fewer of them save more than the
 * larger heap costs; a short one means little is live, and a heap kept small stays in the
 * caches. Measured on 2026-11-27 (farm-bench CPU, this policy / divisor 2, n=3): ecraven graphs
 * 0.73, mperm 0.69, dynamic 0.83, earley 0.86, nboyer 0.77, sboyer 0.89, nucleic 0.97, the other
 * 22 programs that use the collected heap 0.98-1.04 (string 1.01); peak RSS nboyer 391 -> 585 MB
 * (Chez 481), sboyer 114 -> 135 (142), earley 1173 -> 1257 (1200), dynamic 11 -> 15 (50),
 * nucleic 15 -> 23 (49), mperm 1348 -> 1261 (1950), graphs 104-173 MB over runs (Chez 62).
 * Divisor 1 from the start instead lets a program that allocates fast with little live data
 * grow its heap past the caches before its first collection (string: 21 -> 155 MB, 1.27x the
 * CPU); a wall-clock pause would mistake a preemption for a long collection. The collector
 * calls this with its lock held: only unsynchronised setters here. */
#define RT_GC_LONG_PAUSE 1e-3   /* seconds of CPU */
static double rt_gc_pause_start;
static double rt_gc_thread_cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static int rt_gc_adapt_divisor;   /* GC_FREE_SPACE_DIVISOR unset */
static void rt_gc_on_event(GC_EventType e) {
    if (e == GC_EVENT_MARK_END && rt_nursery_audit_hook != NULL) rt_nursery_audit_hook();
    if (!rt_gc_adapt_divisor) return;
    if (e == GC_EVENT_START) rt_gc_pause_start = rt_gc_thread_cpu();
    else if (e == GC_EVENT_END)
        GC_set_free_space_divisor(rt_gc_thread_cpu() - rt_gc_pause_start >= RT_GC_LONG_PAUSE ? 1 : 2);
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
    /* The free-space divisor: 2, not libgc's 3 (a collection after about heap/2 allocated
     * instead of heap/3), and 1 while collections are long (rt_gc_on_event). Programs whose
     * live data is in the collected heap re-mark it at every collection (header): on
     * 2026-11-27, farm-bench CPU div2/div3, n=3: ecraven nboyer 0.80, earley 0.83, mperm 0.78,
     * graphs 0.85 (n=5), the other allocating programs 0.96-1.06; peak RSS graphs 66 -> 71 MB
     * (Chez: 62), nboyer 358 -> 391 (481), earley 1118 -> 1173 (1200), mperm 1134 -> 1348
     * (1950), nucleic 16 -> 20 MB; benchmarks/' programs keep their peaks (at most 0.31x
     * Chez's: their objects are in regions). Before the regions took over gcbench's and sort's
     * objects, 2 cost up to 1.3x Chez's peak (issue 15's cap is 1.2x). GC_FREE_SPACE_DIVISOR,
     * the collector's own setting, overrides both. */
    if (getenv("GC_FREE_SPACE_DIVISOR") == NULL) {
        GC_set_free_space_divisor(2);
        rt_gc_adapt_divisor = 1;
    }
    GC_set_on_collection_event(rt_gc_on_event);
    const char *s = getenv("REGAL_STATS");
    rt_stats_enabled = s != NULL && *s != '\0' && strcmp(s, "0") != 0;
    const char *st = getenv("REGAL_GC_STRESS");
    if (st != NULL && atoi(st) > 0) rt_gc_stress = (unsigned)atoi(st);    /* region.c */
}

void rt_gc_collect(void) { GC_gcollect(); }

/* ---- scratch memory of the runtime library ----------------------------------------------- */
/* One byte of tail (R7: a loop's pointer just past the array still points into it). Counted
 * in gc_bytes like rt_gc_region's objects, when statistics are on: the collector reclaims
 * them too. */
static void *rt_scratch_counted(void *p) {
    if (RT_UNLIKELY(p == NULL)) rt_out_of_memory();
    if (rt_stats_enabled) rt_alloc_stats.gc_bytes += GC_size(p);
    return p;
}

void *rt_gc_malloc(size_t bytes) {
    void *p = rt_scratch_counted(RT_SCRATCH(bytes + 1));
    if (RT_UNLIKELY(rt_nursery.span != 0)) rt_nursery_note_hook(p, -1);   /* untyped: scanned ambiguously */
    return p;
}

void *rt_gc_malloc_atomic(size_t bytes) { return rt_scratch_counted(RT_SCRATCH_ATOMIC(bytes + 1)); }

void *rt_gc_realloc(void *p, size_t bytes) {
#if !defined(RT_USE_MALLOC) && !defined(RT_USE_MIMALLOC)   /* (no nursery with those) */
    if (RT_UNLIKELY(rt_nursery.span != 0) && p != NULL) {
        /* the old block may be noted (nursery.c): freed when the nursery reads its notes */
        size_t old;
        int atomic = GC_get_kind_and_size(p, &old) == 0;   /* libgc's PTRFREE kind: stays so */
        void *q = atomic ? rt_gc_malloc_atomic(bytes) : rt_gc_malloc(bytes);
        memcpy(q, p, old < bytes ? old : bytes);
        rt_nursery_free(p);
        return q;
    }
#endif
    void *q = GC_REALLOC(p, bytes + 1);
    if (RT_UNLIKELY(q == NULL)) rt_out_of_memory();
    if (q != p) rt_scratch_counted(q);
    if (RT_UNLIKELY(rt_nursery.span != 0)) rt_nursery_note_hook(q, -1);
    return q;
}

void rt_gc_free(void *p) {
    if (RT_UNLIKELY(rt_nursery.span != 0)) rt_nursery_free(p);   /* perhaps noted: freed later */
    else GC_FREE(p);
}

/* ---- the heap profile (-fprofile-heap; regal.h, "the heap profile") ------------------------ */
static void rt_print_bytes(uint64_t b) {
    if (b >= ((uint64_t)1 << 30)) fprintf(stderr, "%7.2f GiB", (double)b / (double)((uint64_t)1 << 30));
    else if (b >= ((uint64_t)1 << 20)) fprintf(stderr, "%7.1f MiB", (double)b / (double)((uint64_t)1 << 20));
    else if (b >= 1024) fprintf(stderr, "%7.1f KiB", (double)b / 1024.0);
    else fprintf(stderr, "%7llu B  ", (unsigned long long)b);
}

static int rt_heap_site_cmp(const void *a, const void *b) {
    uint64_t x = (*(RtHeapSite *const *)a)->bytes, y = (*(RtHeapSite *const *)b)->bytes;
    return x < y ? 1 : x > y ? -1 : 0;
}

#define RT_HEAP_PROFILE_LINES 20   /* sites shown; the rest summed on one line */

/* The sites by bytes (those that allocated), then the bytes by reason; on stderr. */
void rt_heap_sites_report(void) {
    size_t n = 0;
    RtHeapSite *t;
    for (int i = 0; rt_heap_site_table(i, &t) != 0; i++) n += rt_heap_site_table(i, &t);
    if (n == 0) return;
    rt_exit_flush();
    RtHeapSite **v = malloc(n * sizeof *v);
    if (v == NULL) return;
    size_t used = 0;
    uint64_t bytes = 0, objects = 0;
    for (int i = 0; rt_heap_site_table(i, &t) != 0; i++)
        for (size_t j = 0, m = rt_heap_site_table(i, &t); j < m; j++) {
            bytes += t[j].bytes;
            objects += t[j].objects;
            if (t[j].objects != 0) v[used++] = &t[j];
        }
    qsort(v, used, sizeof *v, rt_heap_site_cmp);
    fprintf(stderr, "regal heap profile: ");
    rt_print_bytes(bytes);
    fprintf(stderr, " in %llu objects, made at %zu of the %zu sites region inference put in the "
            "collected heap (and by what their calls made there)\n", (unsigned long long)objects, used, n);
    if (used == 0) {
        free(v);
        return;
    }
    fprintf(stderr, "      bytes       objects  site, what: why\n");
    for (size_t i = 0; i < used && i < RT_HEAP_PROFILE_LINES; i++) {
        fprintf(stderr, "  ");
        rt_print_bytes(v[i]->bytes);
        fprintf(stderr, " %12llu  %s, %s: %s\n", (unsigned long long)v[i]->objects, v[i]->loc, v[i]->what, v[i]->why);
    }
    if (used > RT_HEAP_PROFILE_LINES) {
        uint64_t rest = 0, rest_objects = 0;
        for (size_t i = RT_HEAP_PROFILE_LINES; i < used; i++) {
            rest += v[i]->bytes;
            rest_objects += v[i]->objects;
        }
        fprintf(stderr, "  ");
        rt_print_bytes(rest);
        fprintf(stderr, " %12llu  %zu more sites\n", (unsigned long long)rest_objects, used - RT_HEAP_PROFILE_LINES);
    }
    /* by reason: the kinds in order of their bytes (the strings are the compiler's: compared
     * by content, since separately compiled units have copies of their own) */
    const char **kinds = malloc(used * sizeof *kinds);
    if (kinds == NULL) {
        free(v);
        return;
    }
    for (size_t i = 0; i < used; i++) kinds[i] = v[i]->kind != NULL ? v[i]->kind : "(no reason recorded)";
    fprintf(stderr, "  by reason:\n");
    for (;;) {   /* the kind left with the most bytes, then its sites are done */
        const char *best = NULL;
        uint64_t best_bytes = 0;
        for (size_t i = 0; i < used; i++) {
            if (kinds[i] == NULL) continue;
            uint64_t kb = 0;
            for (size_t j = 0; j < used; j++)
                if (kinds[j] != NULL && strcmp(kinds[j], kinds[i]) == 0) kb += v[j]->bytes;
            if (best == NULL || kb > best_bytes) {
                best = kinds[i];
                best_bytes = kb;
            }
        }
        if (best == NULL) break;
        fprintf(stderr, "  ");
        rt_print_bytes(best_bytes);
        fprintf(stderr, " %5.1f%%  %s\n", bytes ? 100.0 * (double)best_bytes / (double)bytes : 0.0, best);
        for (size_t i = 0; i < used; i++)
            if (kinds[i] != NULL && kinds[i] != best && strcmp(kinds[i], best) == 0) kinds[i] = NULL;
        for (size_t i = 0; i < used; i++)
            if (kinds[i] == best) kinds[i] = NULL;
    }
    free(kinds);
    free(v);
}

/* ---- REGAL_STATS ------------------------------------------------------------------------- */
/* The format is read here, not in rt_gc_init: REGAL_STATS=json gives one JSON object on one
 * line, any other value that enables the report (rt_gc_init) the text block; the keys and
 * labels are documented in regal.h next to rt_stats_report. */
void rt_stats_report(void) {
    rt_heap_sites_report();
    rt_nursery_report();
    if (!rt_stats_enabled) return;
    rt_exit_flush();
    const RtAllocStats *s = &rt_alloc_stats;
    uint64_t live = 0;
    for (const Region *r = rt_region_top; r != NULL; r = r->parent) live += rt_region_bytes_in_use(r);
    uint64_t in_regions = s->region_reclaimed + s->region_popped + s->region_collected + live;
    /* evacuated objects were not garbage: they moved to the collected heap (counted there) */
    uint64_t reclaimed = s->region_reclaimed + s->region_popped - s->region_evacuated;
    struct GC_prof_stats_s gs;
    memset(&gs, 0, sizeof gs);
    GC_get_prof_stats(&gs, sizeof gs);
    uint64_t collected = (uint64_t)gs.reclaimed_bytes_before_gc + gs.bytes_reclaimed_since_gc;
    uint64_t heap = rt_heap_counts().bytes + rt_nursery_heap_bytes();   /* -fnursery: its bytes too */
    uint64_t all = in_regions + heap;
    double pct = all != 0 ? 100.0 * (double)reclaimed / (double)all : 0.0;
    const char *format = getenv("REGAL_STATS");
    int json = format != NULL && strcmp(format, "json") == 0;
    fprintf(stderr,
            json ? "{\"regal_stats\":1,"
                   "\"regions_created\":%llu,"
                   "\"region_peak_bytes\":%llu,"
                   "\"chunks_from_upstream\":%llu,"
                   "\"region_allocated_bytes\":%llu,"
                   "\"region_reclaimed_bytes\":%llu,"
                   "\"region_popped_bytes\":%llu,"
                   "\"region_collected_bytes\":%llu,"
                   "\"region_collections\":%llu,"
                   "\"region_evacuated_bytes\":%llu,"
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
                   "  bytes given back by one-shot closures  %llu\n"
                   "  bytes collected in regions             %llu\n"
                   "  collections of regions                 %llu\n"
                   "  bytes copied out of regions            %llu\n"
                   "  bytes allocated in the collected heap  %llu\n"
                   "  collections                            %llu\n"
                   "  heap size                              %llu\n"
                   "  bytes collected by the fallback        %llu\n"
                   "  reclaimed by region release            %.1f%% of all bytes allocated\n",
            (unsigned long long)s->regions_created, (unsigned long long)s->region_peak,
            (unsigned long long)s->chunks_from_upstream, (unsigned long long)in_regions,
            (unsigned long long)reclaimed, (unsigned long long)s->region_popped,
            (unsigned long long)s->region_collected,
            (unsigned long long)s->region_collections, (unsigned long long)s->region_evacuated,
            (unsigned long long)heap,
            (unsigned long long)GC_get_gc_no(), (unsigned long long)GC_get_heap_size(),
            (unsigned long long)collected, pct);
    fflush(stderr);
}
