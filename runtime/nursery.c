/* nursery.c: the young generation in front of the collected heap (issue 15, doc/nursery.md).
 *
 * Programs compiled with -fnursery bump-allocate their collected-heap objects here
 * (rt_nursery_alloc, regal.h); a MINOR COLLECTION, when a space's free runs are used up,
 * copies what is reachable into libgc (promotion) and frees the rest at once. The contract
 * (roots N1 and N2, the write barrier, when the nursery is off) is in regal.h, "the nursery".
 *
 * Memory. One reservation (mmap, NORESERVE) of two spaces of ns_max bytes each: PAIRS (16-byte
 * cells, no header: any address in a cell names its pair) then OBJECTS (headered, at most
 * RT_NURSERY_MAX bytes). Only the first `active` bytes of each are used; both are cut into
 * NS_LINE-byte lines. After a minor collection the lines holding no pinned object form the
 * FREE RUNS, taken in address order: each becomes the bump window in turn, and is recorded as
 * a RUN of this cycle (its start and how far it was used), so the object space can be parsed
 * run by run from the headers (an ambiguous word is checked against the objects there before
 * it pins anything) and libgc's marking sees exactly what was handed out. The object space's
 * window is at most NS_WINDOW bytes: a long free run is handed out in pieces, each a run
 * that starts at an object, so that finding the object a word points into walks at most
 * NS_WINDOW bytes of headers (one slow-path call per NS_WINDOW bytes allocated).
 *
 * A minor collection (ns_minor), with libgc disabled and the nursery's own span set to 0 (so
 * that what it allocates in libgc is neither noted nor barriered):
 *   1. ambiguous roots (N1): every word that lies in a run's used part or in an object pinned
 *      at the last collection pins the object containing it; pinned objects do not move and
 *      their fields are scanned precisely;
 *   2. precise roots (N2): the remembered slots whose object is still a normal libgc object
 *      (a slot in region memory or static data is covered by step 1), the typed libgc objects
 *      allocated since the last collection (their header still their type);
 *   3. Cheney's scan of the copies and pinned objects: each young value in a field is
 *      forwarded (a pair's car becomes NS_FWD_CAR and its cdr the copy; an object's header
 *      becomes NS_FWD_TYPE with the copy's address in its count), and a field of a copy left
 *      pointing at a pinned object is remembered again, for the next collection;
 *   4. reset: the lines of pinned objects are kept, the rest are free runs (poisoned under
 *      AddressSanitizer until handed out again). When pinned lines pass a quarter of the
 *      active size, the active size doubles; past ns_max the nursery is frozen (off for good,
 *      its used memory kept and scanned by libgc).
 * libgc sees the nursery at each of its collections (ns_push, through region.c's
 * marking callback): the runs' used parts and the pinned objects are scanned as roots (their
 * fields may hold the only reference to a promoted object), and the objects of remembered
 * slots and noted objects are kept alive until the next minor collection reads them.
 * REGAL_NURSERY=0 turns it off, REGAL_NURSERY_SIZE is the initial active size per space in
 * MiB (default 4), REGAL_NURSERY_STRESS=N collects after every N objects of a space,
 * REGAL_NURSERY_STATS=1 prints the collections' counts at exit, REGAL_NURSERY_SURVIVAL=P
 * freezes it when more than P percent of what it handed out was promoted (ns_not_paying;
 * default 90; 100 or more: never).
 */
#include "rtlib.h"

#include <gc/gc.h>
#include <gc/gc_inline.h>
#include <gc/gc_mark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>


#define NS_LINE      256u
#define NS_WINDOW    16384u                      /* the object space's longest window */
_Static_assert(RT_NURSERY_MAX <= NS_WINDOW, "the largest nursery object must fit a fresh window");
#define NS_FWD_TYPE  0xffu                       /* header type of a forwarded object */
#define NS_FWD_CAR   RT_IMM(0, 0x7e)             /* car of a forwarded pair */
#define NS_WORK_COPY 4u                          /* a work entry's bit: a copy, not a pin */
#define NS_CACHE     1024u                       /* the barrier's recently-remembered slots */
#define NS_NOTES_MAX 65536u                      /* notes read before a minor collection */
#define NS_FREED_MAX ((size_t)1 << 20)           /* freed scratch bytes given back at once */
#define NS_MAX_DEFAULT ((size_t)256 << 20)       /* reserved per space */
/* When the nursery does not pay (ns_not_paying): over a window of NS_ADAPT_MINORS minor
 * collections, more than NS_ADAPT_SLOTS remembered slots or NS_ADAPT_PINS pinned objects per
 * collection; at the end of a window, more than NS_ADAPT_SURVIVAL percent of all the bytes it
 * handed out promoted; over NS_ADAPT_TIME_WINDOWS windows, more than NS_ADAPT_TIME percent of
 * the thread's CPU time in minor collections. */
#define NS_ADAPT_MINORS       16u
#define NS_ADAPT_SLOTS        65536u
#define NS_ADAPT_PINS         16384u
#define NS_ADAPT_SURVIVAL     90u
#define NS_ADAPT_TIME_WINDOWS 4u
#define NS_ADAPT_TIME         85u

typedef struct { uintptr_t lo, hi; } NsRange;
typedef struct { void *p; int t; } NsNote;

#define NS_VEC(T) struct { T *v; size_t n, cap; }
#define NS_PUSH(vec, x) do {                                                                  \
        if ((vec).n == (vec).cap) {                                                           \
            (vec).cap = (vec).cap ? (vec).cap * 2 : 256;                                      \
            void *q_ = realloc((vec).v, (vec).cap * sizeof *(vec).v);                         \
            if (q_ == NULL) rt_out_of_memory();                                               \
            (vec).v = q_;                                                                     \
        }                                                                                     \
        (vec).v[(vec).n++] = (x);                                                             \
    } while (0)

typedef NS_VEC(NsRange) NsVecRange;

typedef struct {
    uintptr_t lo;              /* the space's first address */
    size_t active;             /* bytes in use of the reservation */
    uint8_t *pinned;           /* per line of the reservation: held by a pinned object */
    uint64_t *mark;            /* per unit: the object starting there is pinned (this minor) */
    uint64_t *prev;            /* ... at the last minor (the two swap at each one) */
    size_t mark_w0, mark_w1;   /* the words of mark that may have bits set: [w0, w1) */
    size_t prev_w0, prev_w1;   /* ... of prev */
    NS_VEC(NsRange) runs;      /* the runs handed out since the last minor collection: start,
                                  end of the used part (set when the window moves on) */
    NS_VEC(NsRange) free;      /* the free runs of this cycle, in address order */
    size_t next_free;          /* the next of them to become the window */
    uintptr_t free_hi;         /* the end of the free run the window is in (0: none) */
    NsVecRange pins;           /* objects pinned at the last collection (start, end), sorted */
    NsVecRange newpins;        /* ... at this one (the two swap at the end of it) */
    NsVecRange twice;          /* objects pinned at this collection and the last one */
    NsVecRange retired;        /* objects pinned at two collections in a row: old for good, in
                                  place (never moved nor freed), scanned at every collection */
    uint64_t *old;             /* per 8 bytes: a retired object starts there */
    uint64_t *cmap;            /* objects: per 8 bytes, an ambiguous word points there (this
                                  minor; read in address order, then cleared) */
    uintptr_t cmin, cmax;      /* ... the lowest and highest such address, cmax 0: none */
    size_t unit;               /* 16 for pairs, 8 for objects: the mark bitmap's granule */
    unsigned shift;            /* log2(unit): a bit's index is a shift, not a division */
    NsVecRange held;           /* the audit's objects (retired, or a frozen nursery's pins),
                                  sorted, and whether something refers to each */
    NS_VEC(uint8_t) seen;
} NsSpace;

typedef struct {
    char *base;
    size_t max;                /* reserved bytes per space */
    NsSpace sp[2];             /* 0: pairs, 1: objects */
    NS_VEC(RtValue *) ssb;     /* remembered slots */
    RtValue *cache[NS_CACHE];
    RtValue fixcache[NS_CACHE];   /* rt_nursery_fix's recent objects */
    NS_VEC(NsNote) notes;      /* libgc objects allocated since the last minor collection */
    NS_VEC(uintptr_t) cand;    /* object-space candidates of this collection */
    NS_VEC(uintptr_t) work;    /* tagged values of copies and pinned objects to scan, a
                                  copy's (old) with NS_WORK_COPY added */
    NS_VEC(RtValue *) keep;    /* slots to remember again after this collection */
    NS_VEC(RtValue *) aslots;  /* ambiguous slots of untyped libgc objects that held a young
                                  word at a minor collection: read again at each one (they pin
                                  what they point to) until they hold none */
    NS_VEC(RtValue *) aslots_next;
    NS_VEC(uintptr_t) exact;   /* ns_scan_regions: the chunks scanned by their used part, sorted */
    NS_VEC(RtValue) fixed;     /* young objects hashed by address (rt_nursery_fix): pinned for good */
    NS_VEC(void *) bases;      /* ns_push's array of objects kept alive */
    uintptr_t lo, span;        /* the young range while on (rt_nursery's, kept during a minor) */
    size_t stress;             /* REGAL_NURSERY_STRESS: objects per window, 0 off */
    int frozen, tried;
    size_t large_bytes;        /* compiled code's objects too large for it, since the last minor */
    uint64_t all_minor_ns, start_ns;   /* CPU ns in minor collections, and since the start */
    uint64_t win_ssb, win_pins;   /* ssb_total and pinned_objects when the window began */
    size_t survival;           /* NS_ADAPT_SURVIVAL, or REGAL_NURSERY_SURVIVAL */
    uint64_t time_start, time_minor_ns;   /* CPU ns: when the time window began, minors' since */
    unsigned win_minors, time_windows;
    int gave_up;               /* frozen because its minor collections cost too much */
    uint64_t minors, promoted_bytes, pinned_objects;
    uint64_t allocated_bytes;  /* handed out in the runs, up to the last minor collection */
    uint64_t ssb_total, notes_total, keep_total, cand_total, aslots_total;
    int stats;
    int check, phase;          /* REGAL_NURSERY_CHECK: every forwarded value checked */
    int external;              /* frozen by rt_nursery_freeze (threads, continuations, eval):
                                  its pins are never audited */
    unsigned audit_wait, audit_left;   /* libgc collections between audits, and to the next */
    int atomic_kind;           /* libgc's kind of pointer-free uncollectable memory */
    NS_VEC(NsRange) audit_work;
    NsVecRange freed;          /* the runtime's scratch blocks it freed (rt_nursery_free) */
    size_t freed_bytes;
    size_t retire_slots;       /* REGAL_NURSERY_RETIRE: kept slots that retire an object */
    uintptr_t *rkey;           /* ns_retire's table: pinned object -> kept slots holding it */
    uint32_t *rcount;
    size_t rcap;
    uint64_t audits, released, released_bytes, retired_objects, drained;
} Ns;

static Ns *ns;
/* (unused when the regions' upstream is malloc or mimalloc: no nursery then) */
static void ns_note(void *p, int t) __attribute__((unused));
static void ns_push(void) __attribute__((unused));
static int ns_object_at(uintptr_t w, uintptr_t *lo, uintptr_t *hi) __attribute__((unused));
static uint64_t ns_cpu_ns(void) __attribute__((unused));
static void ns_audit(void) __attribute__((unused));

/* ---- objects ------------------------------------------------------------------------------ */
/* Bytes of the object at a (headered), 0 if its header is no heap type. */
static inline __attribute__((always_inline)) size_t ns_obj_bytes(uintptr_t a) {
    RtHeader h = *(const RtHeader *)a;
    TypeId t = RT_HDR_TYPE(h);
    uint64_t n = RT_HDR_COUNT(h);
    if (t <= TYPE_ID_PAIR || t >= TYPE_ID_COUNT) return 0;
    switch (t) {
    case TYPE_ID_INT: return RT_ROUND(8 + 8 * (n >> 1));
    case TYPE_ID_STRING: return RT_ROUND(8 + 4 * n);
    case TYPE_ID_VECTOR: case TYPE_ID_VALUES: case TYPE_ID_F64VECTOR: return 8 + 8 * n;
    case TYPE_ID_BYTEVECTOR: case TYPE_ID_BOOLVECTOR: return RT_ROUND(8 + n);
    case TYPE_ID_CLOSURE: case TYPE_ID_RECORD: return 16 + 8 * n;
    case TYPE_ID_RATNUM: return 16 + 8 * ((n >> 1) + ((const RtRatnum *)a)->nden);
    default: return rt_type_size[t];
    }
}

/* The value fields of the object or pair of tagged value v: *first and the count. */
static size_t ns_fields(RtValue v, RtValue **first) {
    if (RT_IS_PAIR(v)) {
        *first = &RT_PAIR(v)->car;
        return 2;
    }
    RtHeader *o = RT_OBJ(v);
    uint64_t n = RT_HDR_COUNT(*o);
    RtValue *w = (RtValue *)(void *)o;
    switch (RT_HDR_TYPE(*o)) {
    case TYPE_ID_VECTOR: case TYPE_ID_VALUES: *first = w + 1; return n;
    case TYPE_ID_CLOSURE: *first = w + 2; return n;
    case TYPE_ID_RECORD: *first = w + 1; return n + 1;
    case TYPE_ID_BOX: *first = w + 1; return 1;
    case TYPE_ID_PROMISE: case TYPE_ID_PARAMETER: case TYPE_ID_RECORD_TYPE: *first = w + 1; return 2;
    case TYPE_ID_CONDITION: *first = w + 1; return 3;
    case TYPE_ID_SYMBOL: *first = w + 1; return 1;
    case TYPE_ID_COMPNUM: *first = w + 1; return n == 1 ? 2 : 0;
    default: *first = NULL; return 0;
    }
}

/* ---- spaces and windows ------------------------------------------------------------------- */
static inline int ns_in(const NsSpace *s, uintptr_t a) { return a - s->lo < s->active; }

static void ns_set_window(int k, uintptr_t lo, uintptr_t hi) {
    NsSpace *s = &ns->sp[k];
    s->free_hi = hi;
    size_t cap = ns->stress * 16 > RT_NURSERY_MAX ? ns->stress * 16 : RT_NURSERY_MAX;
    if (ns->stress != 0 && hi - lo > cap) hi = lo + cap;
    else if (k == 1 && hi - lo > NS_WINDOW) hi = lo + NS_WINDOW;
    NS_PUSH(s->runs, ((NsRange){ lo, lo }));
    if (k == 0) {
        rt_nursery.pcur = (char *)lo;
        rt_nursery.plim = (char *)hi;
    } else {
        rt_nursery.ocur = (char *)lo;
        rt_nursery.olim = (char *)hi;
    }
}

/* The current window's use, into its run. */
static void ns_close_window(int k) {
    NsSpace *s = &ns->sp[k];
    if (s->runs.n == 0) return;
    s->runs.v[s->runs.n - 1].hi = (uintptr_t)(k == 0 ? rt_nursery.pcur : rt_nursery.ocur);
}

/* The next window of space k: the rest of the free run when the object space's window was cut
 * at NS_WINDOW bytes, or the next free run; 0 if none is left. */
static int ns_next_window(int k) {
    NsSpace *s = &ns->sp[k];
    ns_close_window(k);
    if (k == 1 && ns->stress == 0 && s->runs.n != 0 && (uintptr_t)rt_nursery.olim < s->free_hi) {
        ns_set_window(k, (uintptr_t)rt_nursery.ocur, s->free_hi);
        return 1;
    }
    if (s->next_free >= s->free.n) return 0;
    NsRange f = s->free.v[s->next_free++];
    ns_set_window(k, f.lo, f.hi);
    return 1;
}

/* The free runs of space k: the active lines no pinned object holds. */
static void ns_free_runs(int k) {
    NsSpace *s = &ns->sp[k];
    s->free.n = 0;
    s->next_free = 0;
    s->free_hi = 0;
    size_t lines = s->active / NS_LINE;
    size_t i = 0;
    while (i < lines) {   /* pinned lines are few: memchr finds the next one (a line a byte) */
        while (i < lines && s->pinned[i]) i++;
        const uint8_t *q = i < lines ? memchr(s->pinned + i, 1, lines - i) : NULL;
        size_t j = q != NULL ? (size_t)(q - s->pinned) : lines;
        if (j > i) NS_PUSH(s->free, ((NsRange){ s->lo + i * NS_LINE, s->lo + j * NS_LINE }));
        i = j;
    }
#if defined(RT_ASAN)
    for (size_t f = 0; f < s->free.n; f++)
        ASAN_POISON_MEMORY_REGION((void *)s->free.v[f].lo, s->free.v[f].hi - s->free.v[f].lo);
#endif
}

__attribute__((unused)) static size_t ns_env_size(const char *name, size_t dflt) {
    const char *e = getenv(name);
    if (e == NULL || *e == '\0') return dflt;
    long v = atol(e);
    return v > 0 ? (size_t)v : dflt;
}

/* Reserve and set up the nursery: 0 when it cannot be on (REGAL_NURSERY=0, no stack base,
 * threads, malloc or mimalloc as the regions' upstream). */
static int ns_init(void) {
    if (ns != NULL) return !ns->frozen;
    static int refused;
    if (refused) return 0;
    refused = 1;
#if defined(RT_USE_MALLOC) || defined(RT_USE_MIMALLOC)
    return 0;
#else
    const char *e = getenv("REGAL_NURSERY");
    if (e != NULL && strcmp(e, "0") == 0) return 0;
    if (rt_region_gc_roots_hook == NULL || !rt_region_gc_roots_hook(NULL, NULL, 0)) return 0;
    if (__atomic_load_n(&rt_threads_spawned, __ATOMIC_RELAXED)) return 0;
    Ns *n = calloc(1, sizeof *n);
    if (n == NULL) return 0;
    n->max = NS_MAX_DEFAULT;
    void *m = mmap(NULL, 2 * n->max, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) {
        free(n);
        return 0;
    }
    n->base = m;
    size_t active = ns_env_size("REGAL_NURSERY_SIZE", 4) << 20;
    if (active > n->max) active = n->max;
    active = (active + NS_LINE - 1) / NS_LINE * NS_LINE;
    for (int k = 0; k < 2; k++) {
        NsSpace *s = &n->sp[k];
        s->lo = (uintptr_t)m + (size_t)k * n->max;
        s->active = active;
        s->unit = k == 0 ? 16 : 8;
        s->shift = k == 0 ? 4 : 3;
        s->pinned = calloc(n->max / NS_LINE, 1);
        s->mark = calloc(n->max / s->unit / 64, sizeof(uint64_t));
        s->prev = calloc(n->max / s->unit / 64, sizeof(uint64_t));
        s->old = calloc(n->max / s->unit / 64, sizeof(uint64_t));
        s->cmap = calloc(n->max / s->unit / 64, sizeof(uint64_t));
        if (s->pinned == NULL || s->mark == NULL || s->prev == NULL || s->old == NULL ||
            s->cmap == NULL)
            rt_out_of_memory();
    }
    n->lo = (uintptr_t)m;
    n->span = 2 * n->max;
    n->stress = ns_env_size("REGAL_NURSERY_STRESS", 0);
    const char *st = getenv("REGAL_NURSERY_STATS");
    n->stats = st != NULL && *st != '\0' && strcmp(st, "0") != 0;
    n->check = getenv("REGAL_NURSERY_CHECK") != NULL;
    n->survival = ns_env_size("REGAL_NURSERY_SURVIVAL", NS_ADAPT_SURVIVAL);
    const char *rs = getenv("REGAL_NURSERY_RETIRE");
    n->retire_slots = rs != NULL && *rs >= '0' && *rs <= '9' ? (size_t)atol(rs) : 64;
    n->start_ns = n->time_start = ns_cpu_ns();
    ns = n;
    refused = 0;
    for (int k = 0; k < 2; k++) {
        ns_free_runs(k);
        ns_next_window(k);
    }
    rt_nursery_note_hook = ns_note;
    rt_nursery_push_hook = ns_push;
    rt_nursery_audit_hook = ns_audit;
    {   /* the kind libgc gives pointer-free uncollectable memory (region chunks): not audited */
        void *probe = GC_MALLOC_ATOMIC_UNCOLLECTABLE(16);
        n->atomic_kind = probe != NULL ? GC_get_kind_and_size(probe, NULL) : -1;
        GC_FREE(probe);
    }
    rt_nursery_object_hook = ns_object_at;
    rt_nursery_alloc_slow_hook = rt_nursery_alloc_slow;
    rt_nursery.lo = n->lo;
    rt_nursery.span = n->span;
    return 1;
#endif
}

/* ---- the barrier and the notes ------------------------------------------------------------ */
void rt_nursery_remember(RtValue *slot) {
    Ns *n = ns;
    if (n == NULL || rt_nursery.span == 0) return;
    size_t h = ((uintptr_t)slot >> 3) & (NS_CACHE - 1);
    if (n->cache[h] == slot) return;
    n->cache[h] = slot;
    NS_PUSH(n->ssb, slot);
}

/* A young object whose address a hash table uses as its hash (eq?, eqv?, identity): it may
 * never move, so every minor collection pins it again, for as long as the nursery is on. */
void rt_nursery_fix(RtValue v) {
    Ns *n = ns;
    if (n == NULL || rt_nursery.span == 0 || !RT_NURSERY_YOUNG(v)) return;
    size_t h = ((uintptr_t)v >> 4) & (NS_CACHE - 1);
    if (n->fixcache[h] == v) return;
    n->fixcache[h] = v;
    NS_PUSH(n->fixed, v);
}

static void ns_drain_notes(Ns *n);
static void ns_note(void *p, int t) {
    Ns *n = ns;
    if (n == NULL || rt_nursery.span == 0) return;
    if (n->notes.n >= NS_NOTES_MAX) ns_drain_notes(n);
    NS_PUSH(n->notes, ((NsNote){ p, t }));
}

/* ---- the minor collection ----------------------------------------------------------------- */
/* Bit of address a in a space's bitmap (mark: pinned at this collection; old: retired). */
static inline int ns_bit(const NsSpace *s, const uint64_t *map, uintptr_t a) {
    size_t b = (a - s->lo) >> s->shift;
    return (int)((map[b / 64] >> (b % 64)) & 1);
}
static inline void ns_set_bit(const NsSpace *s, uint64_t *map, uintptr_t a) {
    size_t b = (a - s->lo) >> s->shift;
    map[b / 64] |= (uint64_t)1 << (b % 64);
}
static inline int ns_marked(const NsSpace *s, uintptr_t a) { return ns_bit(s, s->mark, a); }
static inline int ns_is_old(const NsSpace *s, uintptr_t a) { return ns_bit(s, s->old, a); }

/* In ranges sorted by address and disjoint (runs, pins): the index of the first whose end is
 * past a. The range holding a is that one if it starts at or before a; the one ending exactly
 * at a (a pointer just past it) is the one before. */
static size_t ns_range_index(const NsRange *v, size_t n, uintptr_t a) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v[mid].hi <= a) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}
static const NsRange *ns_range_of(const NsRange *v, size_t n, uintptr_t a) {
    size_t i = ns_range_index(v, n, a);
    return i < n && v[i].lo <= a ? &v[i] : NULL;
}
/* The run of space s holding address a in its used part, or NULL. */
static const NsRange *ns_run_of(const NsSpace *s, uintptr_t a) { return ns_range_of(s->runs.v, s->runs.n, a); }
/* The object pinned at the last collection that holds a, or NULL. */
static const NsRange *ns_pin_of(const NsSpace *s, uintptr_t a) { return ns_range_of(s->pins.v, s->pins.n, a); }
/* The object pinned at the last collection that ends at a, or NULL. */
static const NsRange *ns_pin_ending(const NsSpace *s, uintptr_t a) {
    size_t i = ns_range_index(s->pins.v, s->pins.n, a);
    return i > 0 && s->pins.v[i - 1].hi == a ? &s->pins.v[i - 1] : NULL;
}
/* Pin what an ambiguous object-space word a designates among the last collection's pins. */
static void ns_pin_old(uintptr_t a);

/* Pin the object starting at a (of `bytes` bytes) in space k: it stays, its fields are scanned.
 * One pinned at the last collection too may retire at the end of this one (ns_retire). */
static inline __attribute__((always_inline)) void ns_pin(int k, uintptr_t a, size_t bytes) {
    NsSpace *s = &ns->sp[k];
    size_t b = (a - s->lo) >> s->shift, w = b / 64;
    uint64_t bit = (uint64_t)1 << (b % 64);
    if (s->mark[w] & bit) return;
    s->mark[w] |= bit;
    if (s->mark_w0 >= s->mark_w1) s->mark_w0 = w, s->mark_w1 = w + 1;
    else if (w < s->mark_w0) s->mark_w0 = w;
    else if (w >= s->mark_w1) s->mark_w1 = w + 1;
    /* pinned at the last collection too (pinned objects keep their start), and not retired:
     * prev's words outside its range are clear, the old map is read only then (a bench_runner
     * ring's thousand fresh pins read neither) */
    if (w >= s->prev_w0 && w < s->prev_w1 && (s->prev[w] & bit) && !(s->old[w] & bit))
        NS_PUSH(s->twice, ((NsRange){ a, a + bytes }));
    NS_PUSH(s->newpins, ((NsRange){ a, a + bytes }));
    NS_PUSH(ns->work, k == 0 ? a + RT_TAG_PAIR : a + RT_TAG_OBJ);   /* bit 2 clear: pinned */
    ns->pinned_objects++;
}

/* One ambiguous range: pair cells pinned at once, object candidates collected. ctx, when
 * not NULL, asks for the addresses of the words that point into the nursery to be kept as
 * ambiguous slots (untyped libgc objects, which no later scan reads otherwise). */
__attribute__((no_sanitize("address"))) static void ns_scan_ambiguous(void *ctx, uintptr_t lo, uintptr_t hi) {
    const NsSpace *ps = &ns->sp[0], *os = &ns->sp[1];
    const uintptr_t ylo = ns->lo, yspan = ns->span;   /* in registers: the loop stores */
    lo = (lo + 7) & ~(uintptr_t)7;
    for (uintptr_t p = lo; p + 8 <= hi; p += 8) {
        uintptr_t w = *(const uintptr_t *)p;
        if (w - ylo >= yspan) continue;
        if (ctx != NULL) NS_PUSH(ns->aslots_next, (RtValue *)p);
        if (ns_in(ps, w)) {
            uintptr_t cell = w & ~(uintptr_t)15;
            const NsRange *pr;
            if (ns_run_of(ps, cell) != NULL) ns_pin(0, cell, 16);
            else if ((pr = ns_pin_of(ps, cell)) != NULL) ns_pin(0, pr->lo, 16);
            if ((w & 15) == 0 && (pr = ns_pin_ending(ps, w)) != NULL) ns_pin(0, pr->lo, 16);
            else if ((w & 15) == 0 && w > ps->lo && ns_run_of(ps, w - 16) != NULL) ns_pin(0, w - 16, 16);
        } else if (ns_in(os, w)) {
            NsSpace *o = &ns->sp[1];
            uintptr_t c = w & ~(uintptr_t)7;
            ns_set_bit(o, o->cmap, c);
            if (o->cmax == 0 || c < o->cmin) o->cmin = c;
            if (c > o->cmax) o->cmax = c;
        }
    }
}

/* REGAL_NURSERY_CHECK: after a collection, no ambiguous word may point at a forwarded pair. */
__attribute__((no_sanitize("address"))) static void ns_verify_range(void *ctx, uintptr_t lo, uintptr_t hi) {
    const NsSpace *ps = &ns->sp[0];
    lo = (lo + 7) & ~(uintptr_t)7;
    for (uintptr_t p = lo; p + 8 <= hi; p += 8) {
        uintptr_t w = *(const uintptr_t *)p;
        if (!ns_in(ps, w)) continue;
        uintptr_t cell = w & ~(uintptr_t)15;
        if ((ns_run_of(ps, cell) != NULL || ns_pin_of(ps, cell) != NULL) && ((RtPair *)cell)->car == NS_FWD_CAR)
            fprintf(stderr, "regal nursery check: %s word at %p holds %#lx, a forwarded pair (minor %llu) marked %d run %d pin %d\n",
                    (const char *)ctx, (void *)p, (unsigned long)w, (unsigned long long)ns->minors,
                    ns_marked(ps, cell), ns_run_of(ps, cell) != NULL, ns_pin_of(ps, cell) != NULL);
    }
}

static int ns_cmp_uptr(const void *a, const void *b) {
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return x < y ? -1 : x > y;
}
static int ns_cmp_range(const void *a, const void *b) {
    uintptr_t x = ((const NsRange *)a)->lo, y = ((const NsRange *)b)->lo;
    return x < y ? -1 : x > y;
}

RT_NORETURN RT_COLD static void ns_corrupt(uintptr_t a) {
    fprintf(stderr, "regal: internal error: the nursery found no object at %#lx\n", (unsigned long)a);
    abort();
}

/* The object-space candidates: each one inside an object of a run's used part (found by
 * walking the run's headers once) or of an object pinned at the last collection pins it. They
 * are read from the candidate bitmap in address order (8-byte granules: a word in the middle of
 * a granule counts from its start, which may pin the object that ends there too). */
static void ns_pin_candidates(void) {
    NsSpace *s = &ns->sp[1];
    ns->cand.n = 0;
    if (s->cmax == 0) return;
    size_t w0 = (s->cmin - s->lo) / 8 / 64, w1 = (s->cmax - s->lo) / 8 / 64;
    for (size_t w = w0; w <= w1; w++)
        for (uint64_t bits = s->cmap[w]; bits != 0; bits &= bits - 1)
            NS_PUSH(ns->cand, s->lo + (w * 64 + (size_t)__builtin_ctzll(bits)) * 8);
    memset(&s->cmap[w0], 0, (w1 - w0 + 1) * sizeof(uint64_t));
    s->cmin = s->cmax = 0;
    size_t i = 0;
    for (size_t r = 0; r < s->runs.n && i < ns->cand.n; r++) {
        const NsRange *run = &s->runs.v[r];
        while (i < ns->cand.n && ns->cand.v[i] < run->lo) ns_pin_old(ns->cand.v[i++]);   /* a pin? */
        uintptr_t a = run->lo;
        while (i < ns->cand.n && ns->cand.v[i] < run->hi && a < run->hi) {
            size_t b = ns_obj_bytes(a);
            if (b == 0 || a + b > run->hi) ns_corrupt(a);
            while (i < ns->cand.n && ns->cand.v[i] < a + b) {
                if (ns->cand.v[i] >= a) ns_pin(1, a, b);
                i++;
            }
            if (i < ns->cand.n && ns->cand.v[i] == a + b) ns_pin(1, a, b);   /* just past it */
            a += b;
        }
        /* past the used part: just past the last object (pinned above), or nothing; but the
         * end of a window cut at NS_WINDOW is the first object of the next run */
        int abuts = r + 1 < s->runs.n && s->runs.v[r + 1].lo == run->hi;
        while (i < ns->cand.n && (ns->cand.v[i] < run->hi || (ns->cand.v[i] == run->hi && !abuts)))
            ns_pin_old(ns->cand.v[i++]);
    }
    for (; i < ns->cand.n; i++) ns_pin_old(ns->cand.v[i]);
}

static void ns_pin_old(uintptr_t a) {
    const NsSpace *s = &ns->sp[1];
    const NsRange *pr = ns_pin_of(s, a);
    if (pr != NULL) ns_pin(1, pr->lo, pr->hi - pr->lo);
    if ((pr = ns_pin_ending(s, a)) != NULL) ns_pin(1, pr->lo, pr->hi - pr->lo);
}

/* A copy of the young object or pair of v in libgc. */
static RtValue ns_promote(RtValue v) {
    if (RT_IS_PAIR(v)) {
        RtPair *p = RT_PAIR(v);
        RtPair *q = rt_heap_alloc(TYPE_ID_PAIR, 16);
        q->car = p->car;
        q->cdr = p->cdr;
        RtValue nv = RT_TAG_AS_PAIR(q);
        p->car = NS_FWD_CAR;
        p->cdr = nv;
        NS_PUSH(ns->work, nv | NS_WORK_COPY);
        ns->promoted_bytes += 16;
        return nv;
    }
    uintptr_t a = (uintptr_t)RT_OBJ(v);
    size_t bytes = ns_obj_bytes(a);
    if (bytes == 0) ns_corrupt(a);
    TypeId t = RT_HDR_TYPE(*(RtHeader *)a);
    void *q = rt_heap_alloc(t, bytes);
    memcpy(q, (void *)a, bytes);
    *(RtHeader *)a = RT_HDR(NS_FWD_TYPE, (uintptr_t)q);
    RtValue nv = RT_TAG_AS_OBJ(q);
    if (!rt_heap_ptrfree[t]) NS_PUSH(ns->work, nv | NS_WORK_COPY);
    ns->promoted_bytes += bytes;
    return nv;
}

/* A precise slot: a young value in it is replaced by its copy (made now if needed); returns
 * 1 when the slot is left pointing at a pinned (young) object. */
static int ns_forward_young(RtValue *slot);
static inline __attribute__((always_inline)) int ns_forward(RtValue *slot) {
    RtValue v = *slot;
    uintptr_t tag = v & RT_TAG_MASK;
    if ((tag != RT_TAG_PAIR && tag != RT_TAG_OBJ) || v - ns->lo >= ns->span) return 0;
    return ns_forward_young(slot);
}
static int ns_forward_young(RtValue *slot) {
    RtValue v = *slot;
    uintptr_t tag = v & RT_TAG_MASK;
    uintptr_t a = v - tag;
    int k = tag == RT_TAG_PAIR ? 0 : 1;
    NsSpace *s = &ns->sp[k];
    if (!ns_in(s, a)) ns_corrupt(a);
    if (ns_marked(s, a)) return !ns_is_old(s, a);
    if (RT_UNLIKELY(ns->check) && ns_run_of(s, a) == NULL && ns_pin_of(s, a) == NULL) {
        uintptr_t sl = (uintptr_t)slot;
        int sk = ns_in(&ns->sp[0], sl) ? 0 : ns_in(&ns->sp[1], sl) ? 1 : -1;
        fprintf(stderr, "regal nursery check: slot %p holds %#lx, no live young object (phase %d, minor %llu); "
                "slot young in space %d, in a run %d, in a pin %d; runs %zu pins %zu\n",
                (void *)slot, (unsigned long)v, ns->phase, (unsigned long long)ns->minors, sk,
                sk >= 0 && ns_run_of(&ns->sp[sk], sl) != NULL, sk >= 0 && ns_pin_of(&ns->sp[sk], sl) != NULL,
                s->runs.n, s->pins.n);
        for (size_t i = 0; i < s->runs.n && i < 8; i++) fprintf(stderr, "  run %#lx..%#lx\n", (unsigned long)s->runs.v[i].lo, (unsigned long)s->runs.v[i].hi);
        for (size_t i = 0; i < s->pins.n && i < 8; i++) fprintf(stderr, "  pin %#lx..%#lx\n", (unsigned long)s->pins.v[i].lo, (unsigned long)s->pins.v[i].hi);
        abort();
    }
    if (k == 0) {
        RtPair *p = (RtPair *)a;
        *slot = p->car == NS_FWD_CAR ? p->cdr : ns_promote(v);
    } else {
        RtHeader h = *(RtHeader *)a;
        *slot = RT_HDR_TYPE(h) == NS_FWD_TYPE ? RT_TAG_AS_OBJ(RT_HDR_COUNT(h)) : ns_promote(v);
    }
    return 0;
}

/* Whether p is (still) a normal libgc object: the base of a remembered slot's object. */
static void *ns_normal_base(void *p) {
    void *b = GC_base(p);
    if (b == NULL) return NULL;
    size_t size;
    return GC_get_kind_and_size(b, &size) == GC_I_NORMAL ? b : NULL;
}

/* The fields of a noted typed object, forwarded; slots left at pinned objects kept. */
static void ns_forward_fields(RtValue v, int old) {
    RtValue *f;
    size_t n = ns_fields(v, &f);
    RtValue any = 0;   /* the tags' low bits: 00 in fixnums only (a numeric vector), which
                          one vectorized pass of ORs finds; else the blocks below */
    for (size_t i = 0; i < n; i++) any |= f[i];
    if ((any & 3u) == 0) return;
    const uintptr_t ylo = ns->lo, yspan = ns->span;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {   /* eight fields at once: most hold no young value */
        RtValue ptr = 0;   /* bit 0: some tag is 001 or 010 (tag bits b0 | (b1 & ~b2)) */
        for (unsigned j = 0; j < 8; j++) ptr |= f[i + j] | (f[i + j] & ~(f[i + j] >> 1)) >> 1;
        if ((ptr & 1u) == 0) continue;   /* fixnums and immediates only: nothing to forward */
        unsigned m = 0;
        for (unsigned j = 0; j < 8; j++) m |= (unsigned)(f[i + j] - ylo < yspan) << j;
        for (; m != 0; m &= m - 1) {
            size_t k = i + (size_t)__builtin_ctz(m);
            if (ns_forward(&f[k]) && old) NS_PUSH(ns->keep, &f[k]);
        }
    }
    for (; i < n; i++)
        if (ns_forward(&f[i]) && old) NS_PUSH(ns->keep, &f[i]);
}

/* Whether the noted object p still has the header of its type t (runtime code may have
 * called Scheme code before writing it). */
static int ns_note_typed(const NsNote *e) {
    if (e->t < 0 || e->t == TYPE_ID_PAIR) return e->t == TYPE_ID_PAIR;
    RtHeader h = *(const RtHeader *)e->p;
    if (RT_HDR_TYPE(h) != (TypeId)e->t) return 0;
    size_t size = GC_size(e->p);
    return ns_obj_bytes((uintptr_t)e->p) <= size;
}

/* ---- the runtime's scratch memory, freed ------------------------------------------------ */
/* rt_gc_free's blocks while the nursery is on: a block may be noted, or hold remembered or
 * ambiguous slots, which the next minor collection would read (or write: a forwarded slot)
 * after libgc had given the memory to another object. So they are freed when the notes are
 * next read (a minor collection, or ns_drain_notes), or once they pass NS_FREED_MAX bytes,
 * their notes and slots dropped first: the runtime said they are dead. Until then ns_push
 * keeps them, or libgc would free them first. Before, they were left to libgc's collections (ecraven
 * equal, whose equal? frees a scratch table per call: 228 collections against 2). */
static inline int ns_in_freed(const Ns *n, uintptr_t a) {
    return ns_range_of(n->freed.v, n->freed.n, a) != NULL;
}

static void ns_release_freed(Ns *n) {
    if (n->freed.n == 0) return;
    if (n->freed.n > 1) qsort(n->freed.v, n->freed.n, sizeof *n->freed.v, ns_cmp_range);
    size_t m = 0;
    for (size_t i = 0; i < n->notes.n; i++)
        if (!ns_in_freed(n, (uintptr_t)n->notes.v[i].p)) n->notes.v[m++] = n->notes.v[i];
    n->notes.n = m;
    m = 0;
    for (size_t i = 0; i < n->ssb.n; i++)
        if (!ns_in_freed(n, (uintptr_t)n->ssb.v[i])) n->ssb.v[m++] = n->ssb.v[i];
    n->ssb.n = m;
    memset(n->cache, 0, sizeof n->cache);   /* the barrier's cache may name a dropped slot */
    m = 0;
    for (size_t i = 0; i < n->aslots.n; i++)
        if (!ns_in_freed(n, (uintptr_t)n->aslots.v[i])) n->aslots.v[m++] = n->aslots.v[i];
    n->aslots.n = m;
    for (size_t i = 0; i < n->freed.n; i++) GC_FREE((void *)n->freed.v[i].lo);
    n->freed.n = 0;
    n->freed_bytes = 0;
}

void rt_nursery_free(void *p) {
    Ns *n = ns;
    if (n == NULL || n->frozen || rt_nursery.span == 0) {   /* no notes or slots to read */
        GC_FREE(p);
        return;
    }
    size_t bytes = GC_size(p);
    NS_PUSH(n->freed, ((NsRange){ (uintptr_t)p, (uintptr_t)p + bytes }));
    n->freed_bytes += bytes;
    if (n->freed_bytes >= NS_FREED_MAX) ns_release_freed(n);
}

/* Notes read before the next minor collection, when they pass NS_NOTES_MAX: each noted
 * object's slots that hold a young value become remembered slots (typed) or ambiguous slots
 * (untyped), and the notes go. A program whose libgc objects are the runtime's (the reader's,
 * while the nursery is paused for it) and that makes few nursery objects had no minor
 * collection to read its notes, and ns_push kept every noted object alive until one (ecraven
 * read1: 321 MB of RSS against 9 MB without the nursery). Safe where a minor collection would
 * be: ns_note runs in an allocation, and every object noted before it is filled (regal.h, "the
 * nursery"); the object being allocated is noted after. */
__attribute__((no_sanitize("address"))) static void ns_drain_notes(Ns *n) {
    ns_release_freed(n);
    for (size_t i = 0; i < n->notes.n; i++) {
        NsNote *e = &n->notes.v[i];
        if (ns_note_typed(e)) {
            RtValue *f;
            size_t c = ns_fields(e->t == TYPE_ID_PAIR ? RT_TAG_AS_PAIR(e->p) : RT_TAG_AS_OBJ(e->p), &f);
            for (size_t j = 0; j < c; j++)
                if ((uintptr_t)f[j] - n->lo < n->span) NS_PUSH(n->ssb, &f[j]);
        } else {
            uintptr_t lo = (uintptr_t)e->p, hi = lo + GC_size(e->p);
            for (uintptr_t q = lo; q + 8 <= hi; q += 8)
                if (*(const uintptr_t *)q - n->lo < n->span) NS_PUSH(n->aslots, (RtValue *)q);
        }
    }
    n->drained += n->notes.n;
    n->notes.n = 0;
}

static void ns_scan_static(RtScanFn scan) {
    extern char __data_start[], _end[];
    scan(NULL, (uintptr_t)__data_start, (uintptr_t)_end);
}

/* Region memory: the used part of each chunk of the regions on the region stack (the
 * program's region included), found by R2 (regal.h): the window is in the newest chunk, so that
 * chunk is used up to the bump pointer, and each older one up to what the next newer one says
 * was handed out of it (prev_used); any other live chunk (a captured region's, one a region
 * handed to a heap descriptor) whole; and every large block of those regions. The whole of
 * every chunk was scanned before: a 64 KiB scan per region holding a chunk at every minor
 * collection (the program's region's, in every program), whose stale words pinned dead objects
 * (bench_runner's 256-byte nursery row: 7.7 of 52 us per collection). */
static int ns_chunk_in(const uintptr_t *v, size_t n, uintptr_t c) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < c) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && v[lo] == c;
}
/* One region's chunks by their used part (they go on n->exact), and its large blocks. */
__attribute__((no_sanitize("address"))) static void ns_scan_region(Region *r, RtScanFn scan, void *ctx) {
    if (RT_CAPTURED(r)) return;   /* its chunks are scanned whole, as live chunks */
    for (RtLarge *l = r->large; l != NULL; l = l->next)
        scan(ctx, (uintptr_t)l->data, (uintptr_t)l->data + l->bytes);
    RtChunk *c = r->chunks;
    if (c == NULL || r->cur < c->data || r->cur > c->data + RT_CHUNK_DATA) return;
    for (const char *hi = r->cur; c != NULL; c = c->next) {
        scan(ctx, (uintptr_t)c->data, (uintptr_t)hi);
        NS_PUSH(ns->exact, (uintptr_t)c);
        if (c->next != NULL) hi = c->next->data + (c->prev_used <= RT_CHUNK_DATA ? c->prev_used : RT_CHUNK_DATA);
    }
}
__attribute__((no_sanitize("address"))) static void ns_scan_regions(RtScanFn scan, void *ctx) {
    Ns *n = ns;
    n->exact.n = 0;
    int global = 0;
    for (Region *r = rt_region_top; r != NULL; r = r->parent) {
        ns_scan_region(r, scan, ctx);
        global |= r == &rt_global_region;
    }
    if (!global) ns_scan_region(&rt_global_region, scan, ctx);
    for (int i = 0; i < RT_CLOSED_REGIONS && rt_closed_regions[i] != NULL; i++)
        for (RtChunk *c = rt_closed_regions[i]->chunks; c != NULL; c = c->next) NS_PUSH(n->exact, (uintptr_t)c);
    if (n->exact.n > 1) qsort(n->exact.v, n->exact.n, sizeof *n->exact.v, ns_cmp_uptr);
    for (RtChunk *c = rt_live_chunks; c != NULL; c = c->live_next)
        if (!ns_chunk_in(n->exact.v, n->exact.n, (uintptr_t)c))
            scan(ctx, (uintptr_t)c->data, (uintptr_t)c->data + RT_CHUNK_DATA);
}

/* RETIREMENT. An object pinned at this collection and the last one, that at least
 * retire_slots of the slots kept for the next collection hold, is RETIRED: old for good where
 * it is, so that those slots need not be remembered from one collection to the next (a young
 * object a global holds, that thousands of promoted objects share: sboyer and earley kept
 * 100 K slots per collection without it). Only those: a retired object is freed only when an
 * audit finds nothing refers to it (ns_audit), and one pinned through a long call from the
 * stack kept what it held alive for good (mperm: the boxes of `permutations`, each holding a
 * 216 MB list; RSS 4.8 GB against 1.8). A pinned object few slots hold stays young: pinned
 * again, forwarded or freed at the next collection like any other. REGAL_NURSERY_RETIRE=N sets
 * the number (default 64; 0 retires every object pinned twice in a row). */
static void ns_retire(Ns *n) {
    if (n->sp[0].twice.n + n->sp[1].twice.n == 0) return;
    size_t cap = 16;
    while (cap < 2 * n->keep.n) cap *= 2;
    if (cap > n->rcap) {
        free(n->rkey);
        free(n->rcount);
        n->rkey = malloc(cap * sizeof *n->rkey);
        n->rcount = malloc(cap * sizeof *n->rcount);
        if (n->rkey == NULL || n->rcount == NULL) rt_out_of_memory();
        n->rcap = cap;
    }
    memset(n->rkey, 0, cap * sizeof *n->rkey);
    for (size_t i = 0; i < n->keep.n; i++) {   /* each kept slot holds a pinned object */
        RtValue v = *n->keep.v[i];
        uintptr_t a = RT_IS_PAIR(v) ? (uintptr_t)RT_PAIR(v) : (uintptr_t)RT_OBJ(v);
        size_t h = (size_t)(a >> 3) * 0x9e3779b97f4a7c15u & (cap - 1);
        while (n->rkey[h] != 0 && n->rkey[h] != a) h = (h + 1) & (cap - 1);
        if (n->rkey[h] == 0) {
            n->rkey[h] = a;
            n->rcount[h] = 0;
        }
        n->rcount[h]++;
    }
    for (int k = 0; k < 2; k++) {
        NsSpace *s = &n->sp[k];
        for (size_t i = 0; i < s->twice.n; i++) {
            uintptr_t a = s->twice.v[i].lo;
            size_t held = 0, h = (size_t)(a >> 3) * 0x9e3779b97f4a7c15u & (cap - 1);
            while (n->rkey[h] != 0 && n->rkey[h] != a) h = (h + 1) & (cap - 1);
            if (n->rkey[h] == a) held = n->rcount[h];
            if (held < n->retire_slots) continue;
            ns_set_bit(s, s->old, a);
            NS_PUSH(s->retired, s->twice.v[i]);
            n->retired_objects++;
        }
    }
}

static __attribute__((noinline)) void ns_minor_inner(void) {
    Ns *n = ns;
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    for (int k = 0; k < 2; k++) {
        ns_close_window(k);
        NsSpace *s = &n->sp[k];
        for (size_t i = 0; i < s->runs.n; i++) n->allocated_bytes += s->runs.v[i].hi - s->runs.v[i].lo;
        uint64_t *m = s->prev;
        s->prev = s->mark;
        s->mark = m;
        if (s->prev_w0 < s->prev_w1)   /* what the pins two collections ago set, not the map */
            memset(s->mark + s->prev_w0, 0, (s->prev_w1 - s->prev_w0) * sizeof(uint64_t));
        s->prev_w0 = s->mark_w0;
        s->prev_w1 = s->mark_w1;
        s->mark_w0 = s->mark_w1 = 0;
        s->newpins.n = s->twice.n = 0;
    }
    n->cand.n = n->work.n = n->keep.n = 0;
    ns_release_freed(n);
    /* 0. the retired objects: pinned, scanned */
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < n->sp[k].retired.n; i++)
            ns_pin(k, n->sp[k].retired.v[i].lo, n->sp[k].retired.v[i].hi - n->sp[k].retired.v[i].lo);
    rt_region_gc_roots_hook(ns_scan_ambiguous, NULL, sp);
    ns_scan_static(ns_scan_ambiguous);
    ns_scan_regions(ns_scan_ambiguous, NULL);
    if (n->fixed.n != 0) {   /* deduplicated, then pinned */
        qsort(n->fixed.v, n->fixed.n, sizeof *n->fixed.v, ns_cmp_uptr);
        size_t m = 0;
        for (size_t i = 0; i < n->fixed.n; i++)
            if (m == 0 || n->fixed.v[m - 1] != n->fixed.v[i]) n->fixed.v[m++] = n->fixed.v[i];
        n->fixed.n = m;
        ns_scan_ambiguous(NULL, (uintptr_t)n->fixed.v, (uintptr_t)(n->fixed.v + m));
    }
    n->aslots_next.n = 0;
    for (size_t i = 0; i < n->aslots.n; i++) {
        uintptr_t p = (uintptr_t)n->aslots.v[i];
        ns_scan_ambiguous(n, p, p + 8);
    }
    for (size_t i = 0; i < n->notes.n; i++) {
        NsNote *e = &n->notes.v[i];
        if (!ns_note_typed(e)) {
            uintptr_t p = (uintptr_t)e->p;
            ns_scan_ambiguous(n, p, p + GC_size(e->p));
        }
    }
    {   /* the slots found become the ambiguous slots of the next collection */
        RtValue **v = n->aslots.v;
        size_t cap = n->aslots.cap;
        n->aslots.v = n->aslots_next.v;
        n->aslots.n = n->aslots_next.n;
        n->aslots.cap = n->aslots_next.cap;
        n->aslots_next.v = v;
        n->aslots_next.cap = cap;
        n->aslots_next.n = 0;
    }
    ns_pin_candidates();
    n->ssb_total += n->ssb.n;
    n->notes_total += n->notes.n;
    n->cand_total += n->cand.n;
    n->aslots_total += n->aslots.n;
    /* 2. precise roots */
    n->phase = 2;
    for (size_t i = 0; i < n->ssb.n; i++) {
        RtValue *slot = n->ssb.v[i];
        if (ns_normal_base(slot) == NULL) continue;
        if (ns_forward(slot)) NS_PUSH(n->keep, slot);
    }
    n->phase = 3;
    for (size_t i = 0; i < n->notes.n; i++) {
        NsNote *e = &n->notes.v[i];
        if (ns_note_typed(e))
            ns_forward_fields(e->t == TYPE_ID_PAIR ? RT_TAG_AS_PAIR(e->p) : RT_TAG_AS_OBJ(e->p), 1);
    }
    /* 3. the copies and pinned objects */
    n->phase = 4;
    while (n->work.n != 0) {
        uintptr_t v = n->work.v[--n->work.n];
        ns_forward_fields(v & ~(uintptr_t)NS_WORK_COPY, (v & NS_WORK_COPY) != 0);
    }
    if (n->check) {
        rt_region_gc_roots_hook(ns_verify_range, "stack/tls", sp);
        extern char __data_start[], _end[];
        ns_verify_range("static", (uintptr_t)__data_start, (uintptr_t)_end);
        ns_scan_regions(ns_verify_range, "region");
        for (size_t i = 0; i < n->aslots.n; i++)
            ns_verify_range("aslot", (uintptr_t)n->aslots.v[i], (uintptr_t)n->aslots.v[i] + 8);
    }
    /* 4. reset */
    n->ssb.n = 0;
    memset(n->cache, 0, sizeof n->cache);
    if (n->keep.n > 1) {   /* a slot remembered again since its last collection is kept once */
        qsort(n->keep.v, n->keep.n, sizeof *n->keep.v, ns_cmp_uptr);
        size_t m = 1;
        for (size_t i = 1; i < n->keep.n; i++)
            if (n->keep.v[i] != n->keep.v[m - 1]) n->keep.v[m++] = n->keep.v[i];
        n->keep.n = m;
    }
    ns_retire(n);
    for (size_t i = 0; i < n->keep.n; i++) NS_PUSH(n->ssb, n->keep.v[i]);
    n->keep_total += n->keep.n;
    n->notes.n = 0;
    size_t pinned_lines = 0, lines = 0;
    for (int k = 0; k < 2; k++) {
        NsSpace *s = &n->sp[k];
        memset(s->pinned, 0, s->active / NS_LINE);
        size_t unsorted = 0;   /* the object space's come sorted (ns_pin_candidates) */
        for (size_t i = 1; i < s->newpins.n && !unsorted; i++) unsorted = s->newpins.v[i].lo < s->newpins.v[i - 1].lo;
        if (unsorted) qsort(s->newpins.v, s->newpins.n, sizeof *s->newpins.v, ns_cmp_range);
        for (size_t i = 0; i < s->newpins.n; i++) {
            size_t first = (s->newpins.v[i].lo - s->lo) / NS_LINE;
            size_t last = (s->newpins.v[i].hi - 1 - s->lo) / NS_LINE;
            for (size_t l = first; l <= last; l++) {
                pinned_lines += !s->pinned[l];
                s->pinned[l] = 1;
            }
        }
        NsVecRange prior = s->pins;   /* its vector is the next collection's newpins */
        s->pins = s->newpins;
        s->newpins = prior;
        s->newpins.n = 0;
        lines += s->active / NS_LINE;
    }
    if (pinned_lines * 4 > lines) {   /* too fragmented: a larger nursery, or none */
        if (n->sp[0].active * 2 <= n->max) {
            for (int k = 0; k < 2; k++) n->sp[k].active *= 2;
        } else {
            n->frozen = 1;
        }
    }
    for (int k = 0; k < 2; k++) {
        n->sp[k].runs.n = 0;
        ns_free_runs(k);
    }
    n->large_bytes = 0;
    n->minors++;
}

static uint64_t ns_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Whether the nursery costs this program more than it saves, judged at the end of each window
 * of NS_ADAPT_MINORS minor collections. Region memory holding young objects in numbers: fft's
 * and nucleic's flonum vectors, each store remembered and each flonum pinned (200 K slots and
 * 65 K pins per collection in fft, 2.2x slower than without the nursery; nucleic's pins grow
 * past 20 K, 1.2x). Minor collections taking most of the time over NS_ADAPT_TIME_WINDOWS
 * windows: mperm keeps everything it allocates (its lists, copied into libgc: 88-96% of its
 * CPU time, 3.3x slower). The limits come from the ecraven programs (doc/nursery.md): those
 * the nursery speeds up pin at most 7 K objects and remember 7 K slots per collection, and the
 * busiest spends 73-92% of its time in minor collections (earley, 79% at most over four
 * windows) yet runs 2x faster than with libgc alone, so the time limit is a coarse one.
 * Survival: mperm keeps all it allocates (100% of the bytes promoted at every collection) and
 * ran 2.2x slower than without the nursery (2026-11-28), freezing only after 192 collections
 * (805 MB copied), where the programs the nursery speeds up promote at most 61% of their bytes
 * (earley, 0.69x the time without; sboyer 29%, graphs 3%). Counted from the start, not per
 * window: nboyer promotes 53% in all but more than 90% over some windows, and frozen at one of
 * them it ran 1.25x slower than with the nursery on throughout. Not under the stress and check
 * modes, whose collections are meant to be many. */
static int ns_not_paying(Ns *n, uint64_t t0, uint64_t t1) {
    n->all_minor_ns += t1 - t0;
    n->time_minor_ns += t1 - t0;
    if (++n->win_minors < NS_ADAPT_MINORS) return 0;
    uint64_t slots = n->ssb_total - n->win_ssb, pins = n->pinned_objects - n->win_pins;
    uint64_t allocated = n->allocated_bytes, promoted = n->promoted_bytes;   /* since the start */
    int costly = slots > (uint64_t)NS_ADAPT_SLOTS * NS_ADAPT_MINORS ||
                 pins > (uint64_t)NS_ADAPT_PINS * NS_ADAPT_MINORS ||
                 (n->survival < 100 && promoted * 100 > allocated * n->survival);
    n->win_ssb = n->ssb_total;
    n->win_pins = n->pinned_objects;
    n->win_minors = 0;
    if (++n->time_windows == NS_ADAPT_TIME_WINDOWS) {
        costly |= n->time_minor_ns * 100 > (t1 - n->time_start) * NS_ADAPT_TIME;
        n->time_start = t1;
        n->time_minor_ns = 0;
        n->time_windows = 0;
    }
    return costly && n->stress == 0 && !n->check;
}

static __attribute__((noinline)) void ns_minor(void) {
    __builtin_unwind_init();   /* every callee-saved register spilled into this frame */
    uint64_t t0 = ns_cpu_ns();
    GC_disable();
    rt_nursery.span = 0;       /* promotion allocates in libgc: not noted, not barriered */
    ns_minor_inner();
    GC_enable();
    if (!ns->frozen && ns_not_paying(ns, t0, ns_cpu_ns())) ns->frozen = ns->gave_up = 1;
    if (ns->frozen)   /* too fragmented, or not paying: what it holds stays, scanned by libgc */
        ns->ssb.n = ns->notes.n = ns->aslots.n = 0;
    if (!ns->frozen) {
        rt_nursery.span = ns->span;
        for (int k = 0; k < 2; k++) ns_next_window(k);
    } else {
        rt_nursery.pcur = rt_nursery.plim = rt_nursery.ocur = rt_nursery.olim = NULL;
    }
    /* The old generation's collection: libgc's own test of whether one is due, which its
     * allocations during the minor collection could not run (disabled). Without it, a
     * program whose libgc allocations are all promotions never lets libgc collect while the
     * nursery runs: what dies after its promotion stays (lists that outlive a few minor
     * collections, then are dropped: tests/run/nursery-old-garbage.scm runs out of a 150 MB
     * heap). Outside the minor collection's time (ns_not_paying's measure). */
    GC_collect_a_little();
}

void rt_nursery_start(void) { (void)ns_init(); }

/* A minor collection now, when the nursery is on (bench_runner: what a timing allocated is
 * freed inside it, and libgc's collections afterwards find the nursery empty). */
void rt_nursery_collect(void) {
    if (ns != NULL && !ns->frozen && rt_nursery.span != 0) ns_minor();
}

/* Off for good: nothing moves any more; the used memory stays, scanned by libgc. */
void rt_nursery_freeze(void) {
    if (ns == NULL) {   /* none will start: ns_init refuses a frozen one */
        ns = calloc(1, sizeof *ns);
        if (ns == NULL) rt_out_of_memory();
        ns->frozen = ns->external = 1;
        return;
    }
    if (!ns->external) ns->external = 1;   /* written once, before the first thread starts:
                                              later calls, on any thread, only read it */
    if (ns->frozen) return;
    for (int k = 0; k < 2; k++) ns_close_window(k);
    ns->frozen = 1;
    ns->ssb.n = ns->notes.n = ns->aslots.n = 0;
    rt_nursery.span = 0;
    rt_nursery.pcur = rt_nursery.plim = rt_nursery.ocur = rt_nursery.olim = NULL;
}

void *rt_nursery_alloc_slow(TypeId t, size_t bytes) {
    if (rt_nursery.span == 0 || ns == NULL || ns->frozen) return rt_heap_alloc_slow(t, bytes);
    if (t != TYPE_ID_PAIR && bytes > RT_NURSERY_MAX) {
        /* Too large for the nursery: libgc's, noted (kept until a minor collection reads
         * it). As many bytes as a space holds start a minor collection, so that the notes
         * do not keep dead blocks alive for long. */
        ns->large_bytes += bytes;
        if (ns->large_bytes > ns->sp[1].active) ns_minor();
        return rt_heap_alloc_slow(t, bytes);
    }
    int k = t == TYPE_ID_PAIR ? 0 : 1;
    for (int tries = 0; tries < 3; tries++) {
        if (ns->stress == 0 || tries > 0) {
            while (ns_next_window(k)) {
                char *p = k == 0 ? rt_nursery.pcur : rt_nursery.ocur;
                char *lim = k == 0 ? rt_nursery.plim : rt_nursery.olim;
                if ((size_t)(lim - p) >= bytes) return rt_nursery_alloc(t, bytes);
            }
        }
        ns_minor();
        if (rt_nursery.span == 0) return rt_heap_alloc_slow(t, bytes);
        char *p = k == 0 ? rt_nursery.pcur : rt_nursery.ocur;
        char *lim = k == 0 ? rt_nursery.plim : rt_nursery.olim;
        if ((size_t)(lim - p) >= bytes) return rt_nursery_alloc(t, bytes);
    }
    return rt_heap_alloc_slow(t, bytes);
}

/* libgc's marking (region.c's callback): the nursery's used memory as roots, and the objects
 * of remembered slots and notes kept until the next minor collection reads them. */
__attribute__((no_sanitize("address"))) static void ns_push(void) {
    Ns *n = ns;
    if (n == NULL || n->base == NULL) return;
    if (!n->frozen)
        for (int k = 0; k < 2; k++) ns_close_window(k);
    /* The range of bases first, the eager scans after (region.c's rt_chunks_buffer: a range
     * pushed once eager scans may have filled libgc's mark stack aborts the program). One
     * thread runs while the nursery is on, and a collection starts in libgc's allocation,
     * never inside malloc: realloc is safe here. */
    n->bases.n = 0;
    for (size_t i = 0; i < n->ssb.n; i++) {
        void *b = GC_base(n->ssb.v[i]);
        if (b != NULL) NS_PUSH(n->bases, b);
    }
    for (size_t i = 0; i < n->notes.n; i++) NS_PUSH(n->bases, n->notes.v[i].p);
    for (size_t i = 0; i < n->freed.n; i++)   /* ns_release_freed frees them: not libgc */
        NS_PUSH(n->bases, (void *)n->freed.v[i].lo);
    for (size_t i = 0; i < n->aslots.n; i++) {
        void *b = GC_base(n->aslots.v[i]);
        if (b != NULL) NS_PUSH(n->bases, b);
    }
    if (n->bases.n != 0) GC_push_all(n->bases.v, n->bases.v + n->bases.n);
    for (int k = 0; k < 2; k++) {
        NsSpace *s = &n->sp[k];
        for (size_t i = 0; i < s->runs.n; i++)
            if (s->runs.v[i].hi > s->runs.v[i].lo)
                GC_push_all_eager((void *)s->runs.v[i].lo, (void *)s->runs.v[i].hi);
        for (size_t i = 0; i < s->pins.n;) {   /* sorted: neighbours pushed as one range */
            uintptr_t lo = s->pins.v[i].lo, hi = s->pins.v[i].hi;
            while (++i < s->pins.n && s->pins.v[i].lo <= hi + 64) hi = s->pins.v[i].hi;
            GC_push_all_eager((void *)lo, (void *)hi);
        }
    }
}

/* ---- what it holds for good, given back (at libgc's collections) ---------------------- */
/* Retired objects are scanned at every minor collection and pushed at every libgc collection,
 * and so are a frozen nursery's pins: whatever they reach would stay alive for good, even once
 * they are garbage themselves (mperm: the boxes of a finished call of `permutations`, pinned
 * from the stack at two minor collections in a row, kept every 216 MB list it built alive:
 * 4.8 GB of RSS where libgc alone needs 1.3). So at the end of a libgc collection's marking
 * (ns_audit, gc.c's event callback: the world stopped, libgc's lock held), these HELD objects
 * are checked against what could still refer to them:
 *   - every object libgc marked, but pointer-free ones: conservatively, any word into a held
 *     object. libgc's marks are reachability from its roots, the held objects included;
 *   - a frozen nursery's also the ambiguous roots a minor collection reads (stack and
 *     registers, thread-locals, static data, region memory, its runs), then transitively the
 *     held objects so reached. A running nursery needs neither: its next minor collection
 *     pins what they reach and scans the fields of pinned objects precisely.
 * A retired object nothing marked refers to is no longer retired: every reference made since
 * this marking is in a remembered slot or a noted object, so the next minor collection pins
 * it (an ambiguous root), forwards it (a precise one) or frees it. A frozen pin nothing
 * reaches is garbage: no longer pushed (its memory is never reused). Not after
 * rt_nursery_freeze (threads: other stacks; full continuations: copied frames).
 * The cost is one pass over libgc's marked objects, after a backoff: an audit that releases
 * nothing doubles the number of collections to the next (up to 64); one that releases resets
 * it to 1. Nothing is done while nothing is held. */
static inline void ns_audit_word(uintptr_t w) {
    Ns *n = ns;
    if (w - n->lo >= n->span) return;
    for (int k = 0; k < 2; k++) {
        NsSpace *s = &n->sp[k];
        if (!ns_in(s, w) || s->held.n == 0) continue;
        size_t i = ns_range_index(s->held.v, s->held.n, w);
        if (i < s->held.n && s->held.v[i].lo <= w && !s->seen.v[i]) {
            s->seen.v[i] = 1;
            if (n->frozen) NS_PUSH(n->audit_work, s->held.v[i]);
        }
        return;
    }
}

__attribute__((no_sanitize("address"))) static void ns_audit_range(void *ctx, uintptr_t lo, uintptr_t hi) {
    (void)ctx;
    lo = (lo + 7) & ~(uintptr_t)7;
    for (uintptr_t p = lo; p + 8 <= hi; p += 8) ns_audit_word(*(const uintptr_t *)p);
}

static void GC_CALLBACK ns_audit_object(void *obj, size_t bytes, void *cd) {
    (void)cd;
    int kind = GC_get_kind_and_size(obj, NULL);
    if (kind == GC_I_PTRFREE || kind == ns->atomic_kind) return;
    ns_audit_range(NULL, (uintptr_t)obj, (uintptr_t)obj + bytes);
}

/* The held objects of space k into s->held, sorted, none seen yet. */
static void ns_audit_hold(int k) {
    NsSpace *s = &ns->sp[k];
    const NsVecRange *from = ns->frozen ? &s->pins : &s->retired;
    s->held.n = s->seen.n = 0;
    for (size_t i = 0; i < from->n; i++) {
        NS_PUSH(s->held, from->v[i]);
        NS_PUSH(s->seen, 0);
    }
    if (s->held.n > 1) qsort(s->held.v, s->held.n, sizeof *s->held.v, ns_cmp_range);
}

static __attribute__((noinline)) void ns_audit_frozen_roots(void) {
    __builtin_unwind_init();   /* the registers of the frames below, in this one */
    Ns *n = ns;
    rt_region_gc_roots_hook(ns_audit_range, NULL, (uintptr_t)__builtin_frame_address(0));
    ns_scan_static(ns_audit_range);
    ns_scan_regions(ns_audit_range, NULL);
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < n->sp[k].runs.n; i++)
            ns_audit_range(NULL, n->sp[k].runs.v[i].lo, n->sp[k].runs.v[i].hi);
    if (n->fixed.n != 0) ns_audit_range(NULL, (uintptr_t)n->fixed.v, (uintptr_t)(n->fixed.v + n->fixed.n));
    while (n->audit_work.n != 0) {   /* what the held objects reached hold */
        NsRange r = n->audit_work.v[--n->audit_work.n];
        ns_audit_range(NULL, r.lo, r.hi);
    }
}

static void ns_audit(void) {
    Ns *n = ns;
    if (n == NULL || n->external) return;
    size_t held = n->sp[0].retired.n + n->sp[1].retired.n;
    if (n->frozen) held = n->sp[0].pins.n + n->sp[1].pins.n;
    if (held == 0) return;
    if (n->audit_left > 1) {
        n->audit_left--;
        return;
    }
    n->audits++;
    for (int k = 0; k < 2; k++) ns_audit_hold(k);
    n->audit_work.n = 0;
    GC_enumerate_reachable_objects_inner(ns_audit_object, NULL);
    if (n->frozen) ns_audit_frozen_roots();
    uint64_t released = 0;
    for (int k = 0; k < 2; k++) {
        NsSpace *s = &n->sp[k];
        NsVecRange *v = n->frozen ? &s->pins : &s->retired;
        size_t m = 0;
        for (size_t i = 0; i < v->n; i++) {
            size_t j = ns_range_index(s->held.v, s->held.n, v->v[i].lo);
            if (s->seen.v[j]) {
                v->v[m++] = v->v[i];
                continue;
            }
            released++;
            n->released_bytes += v->v[i].hi - v->v[i].lo;
            if (!n->frozen) {   /* young again: in last collection's pins, not retired */
                size_t b = (v->v[i].lo - s->lo) >> s->shift;
                s->old[b / 64] &= ~((uint64_t)1 << (b % 64));
            }
        }
        v->n = m;
    }
    n->released += released;
    if (released != 0) n->audit_wait = 1;
    else if (n->audit_wait < 64) n->audit_wait = n->audit_wait ? 2 * n->audit_wait : 2;
    n->audit_left = n->audit_wait;
}

/* Every word of the used memory (runs and pins), for regiongc.c. */
static int ns_object_at(uintptr_t w, uintptr_t *lo, uintptr_t *hi) {
    Ns *n = ns;
    if (n == NULL || n->base == NULL || w - n->lo >= n->span) return 0;
    int k = ns_in(&n->sp[0], w) ? 0 : ns_in(&n->sp[1], w) ? 1 : -1;
    if (k < 0) return 0;
    NsSpace *s = &n->sp[k];
    if (!n->frozen) ns_close_window(k);
    const NsRange *r = ns_run_of(s, w);
    if (r == NULL) {
        const NsRange *p = ns_pin_of(s, w);
        if (p == NULL) return 0;
        *lo = p->lo;
        *hi = p->hi;
        return 1;
    }
    if (k == 0) {
        *lo = w & ~(uintptr_t)15;
        *hi = *lo + 16;
        return 1;
    }
    for (uintptr_t a = r->lo; a < r->hi;) {   /* at most NS_WINDOW bytes of headers */
        size_t b = ns_obj_bytes(a);
        if (b == 0) return 0;
        if (w < a + b) {
            *lo = a;
            *hi = a + b;
            return 1;
        }
        a += b;
    }
    return 0;
}

uint64_t rt_nursery_heap_bytes(void) {
    if (ns == NULL) return 0;
    uint64_t b = ns->allocated_bytes;
    if (!ns->frozen)   /* and what this cycle's runs hold so far */
        for (int k = 0; k < 2; k++) {
            ns_close_window(k);
            for (size_t i = 0; i < ns->sp[k].runs.n; i++) b += ns->sp[k].runs.v[i].hi - ns->sp[k].runs.v[i].lo;
        }
    return b > ns->promoted_bytes ? b - ns->promoted_bytes : 0;
}

void rt_nursery_report(void) {
    if (ns == NULL || !ns->stats) return;
    uint64_t all = ns->start_ns != 0 ? ns_cpu_ns() - ns->start_ns : 0;
    fprintf(stderr, "regal nursery: %llu minor collections (%.1f%% of the CPU time since it started), "
            "%llu bytes allocated, %llu bytes promoted, %llu objects pinned, %zu KiB per space%s; "
            "remembered %llu, noted %llu (read early %llu), kept %llu, candidates %llu, ambiguous slots %llu; "
            "%llu retired, %llu audits released %llu held objects (%llu bytes)\n",
            (unsigned long long)ns->minors, all ? 100.0 * (double)ns->all_minor_ns / (double)all : 0.0,
            (unsigned long long)ns->allocated_bytes, (unsigned long long)ns->promoted_bytes,
            (unsigned long long)ns->pinned_objects, ns->sp[0].active >> 10,
            ns->gave_up ? ", frozen: its collections cost too much" : ns->frozen ? ", frozen" : "",
            (unsigned long long)ns->ssb_total, (unsigned long long)ns->notes_total,
            (unsigned long long)ns->drained,
            (unsigned long long)ns->keep_total, (unsigned long long)ns->cand_total,
            (unsigned long long)ns->aslots_total, (unsigned long long)ns->retired_objects,
            (unsigned long long)ns->audits,
            (unsigned long long)ns->released, (unsigned long long)ns->released_bytes);
}
