/* bench_runner.c: measures the runtime's allocation paths and writes the raw numbers (issues
 * 3, 15 and 19).
 *
 * It links the runtime compiled programs link (libregal.a: region chunks from the collector's
 * uncollectable memory, rt_gc_region from its free lists) and measures:
 *   place      what compiled programs allocate (pairs, flonums, boxes, closures, vectors of 3,
 *              10 and 100 slots, strings, records, bignums), built as the emitted code builds
 *              them, in each place an object can live: a region's inline buffer, region
 *              chunks, the collected heap (rt_heap_typed/rt_heap_sized as emitted for a heap
 *              site, and alloc_obj_sized(rr, ...) with rr the collected heap), the nursery
 *              of -fnursery programs (rt_nursery_alloc, its minor collections included),
 *              malloc+free, mimalloc+free, a bump pointer over a buffer in cache and over one larger than
 *              the caches; also vectors of 7 and 31 slots and closures of 6 and 30 free
 *              variables (64 and 256 bytes) for the collected heap against region chunks per
 *              size
 *   like       typed allocation against the mk_* constructors like for like: both inlined
 *              (ctor_inline.h) and both out of line (typed_ool.c against libregal's mk_*)
 *   seed       the seven workloads of the seed document (issue 3), typed and constructor
 *   intern     interning an existing name
 *   lifecycle  rt_region_enter + rt_region_leave: empty, inline buffer used, spilled to a chunk
 *   pool       binary-trees with pooled against fresh chunks (one upstream per binary)
 *   metadata   the same tree with a 48-byte header per object
 *   hitrate    the inline buffer hit rate, counted (hitrate.c)
 *   size       object sizes
 * Every number is a median over repeated timings with its min and max, timed with
 * CLOCK_MONOTONIC after a warm-up, the paths of a row run in rotating order. Output: CSV rows
 * (section,item,variant,median,min,max,unit,count,note) that report.py turns into
 * BENCHMARK_RESULTS_TYPED_CODEGEN.md. Entry point: main.
 *   bench_runner --csv FILE [--append] [--reps N] [--only pool|place] [--upstream NAME]
 *                [--kind NAME] [--place NAME]
 * (--only place: the places alone, for a quick look at one path; --kind and --place, as the
 * rows name them, keep one kind and one place: a profile of one row.)
 */
#define _GNU_SOURCE
#include "regal.h"
#include "ctor_inline.h"

#include <dlfcn.h>
#include <gc/gc.h>
#include <gnu/libc-version.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#ifndef BENCH_CFLAGS
#define BENCH_CFLAGS "?"
#endif
#ifndef BENCH_RT_CFLAGS
#define BENCH_RT_CFLAGS "?"
#endif

/* hitrate.c, compiled with -DRT_COUNT_INLINE */
void hitrate_run(int kmax, int pattern, uint64_t *hits_counter, uint64_t *hits_addr,
                 uint64_t *total, int *first_spill);
/* typed_ool.c: the emitted typed allocation as out-of-line functions */
RtValue to_pair(Region *r, RtValue car, RtValue cdr);
RtValue to_float(Region *r, double d);
RtValue to_box(Region *r, RtValue v);
RtValue to_closure2(Region *r, RtCode code, RtValue f0, RtValue f1);
RtValue to_vector3(Region *r, RtValue a, RtValue b, RtValue c);
RtValue to_make_vector(Region *r, int64_t n, RtValue fill);
RtValue to_make_string(Region *r, int64_t n, uint32_t c);
RtValue to_record2(Region *r, RtValue type, RtValue f0, RtValue f1);

/* ---- timing and keeping results live ------------------------------------------------------ */
static inline uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
/* The value is needed, and memory written so far must really be written. */
#define KEEP(x) __asm__ volatile("" : : "r"(x) : "memory")
static volatile uint64_t g_sink;

typedef struct { double med, min, max; } Stat;
#define MAXREPS 64

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static Stat stat_of(const double *xs, int n) {
    double s[MAXREPS];
    memcpy(s, xs, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    Stat st = {n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2, s[0], s[n - 1]};
    return st;
}

/* Repetitions: each section's default, or --reps N for all of them (a quick trial). */
static int g_reps_override;
static int reps(int dflt) { return g_reps_override ? g_reps_override : dflt; }

/* ---- CSV ----------------------------------------------------------------------------------- */
static FILE *g_csv;
static const char *g_upstream = "collector";

static void csv_str(const char *s) {
    fputc('"', g_csv);
    for (; *s; s++) {
        if (*s == '"') fputc('"', g_csv);
        fputc(*s, g_csv);
    }
    fputc('"', g_csv);
}
static void row(const char *section, const char *item, const char *variant, Stat s,
                const char *unit, double count, const char *note) {
    csv_str(section); fputc(',', g_csv);
    csv_str(item); fputc(',', g_csv);
    csv_str(variant);
    fprintf(g_csv, ",%.4f,%.4f,%.4f,", s.med, s.min, s.max);
    csv_str(unit);
    fprintf(g_csv, ",%.0f,", count);
    csv_str(note ? note : "");
    fputc('\n', g_csv);
    fflush(g_csv);
}
static void meta(const char *key, const char *value) {
    Stat z = {0, 0, 0};
    row("meta", key, "", z, "", 0, value);
}
static void value_row(const char *section, const char *item, const char *variant, double v,
                      const char *unit, const char *note) {
    Stat s = {v, v, v};
    row(section, item, variant, s, unit, 1, note);
}

static void die(const char *fmt, const char *a, long b) {
    fprintf(stderr, "bench_runner: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    exit(1);
}

/* ---- mimalloc, loaded privately ---------------------------------------------------------------
 * Debian's libmimalloc.so exports malloc and free itself: linking it overrides glibc malloc in
 * the whole process. So the main runner dlopens it RTLD_LOCAL and calls mi_malloc/mi_free
 * through pointers, keeping `malloc` glibc's. */
static void *(*p_mi_malloc)(size_t);
static void (*p_mi_free)(void *);
static int (*p_mi_version)(void);

static void load_mimalloc(void) {
    void *h = dlopen("libmimalloc.so.2", RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) h = dlopen("libmimalloc.so", RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) return;
    p_mi_malloc = (void *(*)(size_t))dlsym(h, "mi_malloc");
    p_mi_free = (void (*)(void *))dlsym(h, "mi_free");
    p_mi_version = (int (*)(void))dlsym(h, "mi_version");
    if (p_mi_malloc == NULL || p_mi_free == NULL) p_mi_malloc = NULL;
}

/* ============================================================================================
 * What compiled programs allocate, in every place an object can live
 * --------------------------------------------------------------------------------------------
 * Each kind is built as compiler/emit.c builds it in typed mode: memory of the kind's size,
 * then the header and every field written once (FILL). The stored value of object i is the
 * fixnum i (a vector's every slot, a closure's two free variables i and i + 1, a record's two
 * fields), so the same loop in Chez Scheme (anchor.ss) builds the same objects. Each object
 * built is stored into a ring of RING slots (a global array), as a program stores what it
 * keeps; so at most RING objects are live, whatever the place.
 * X(NAME, what, type id, extra bytes past the type's fixed part, fill, in the main table)
 * ========================================================================================== */
#define BENCH_KINDS(X)                                                                        \
    X(PAIR,    "pair",                      TYPE_ID_PAIR,    0,   fill_pair,     1)           \
    X(FLONUM,  "flonum",                    TYPE_ID_FLOAT,   0,   fill_flonum,   1)           \
    X(BOX,     "box",                       TYPE_ID_BOX,     0,   fill_box,      1)           \
    X(CLOSURE, "closure, 2 free variables", TYPE_ID_CLOSURE, 16,  fill_closure2, 1)           \
    X(VEC3,    "vector of 3",               TYPE_ID_VECTOR,  24,  fill_vec3,     1)           \
    X(VEC10,   "vector of 10",              TYPE_ID_VECTOR,  80,  fill_vec10,    1)           \
    X(VEC100,  "vector of 100",             TYPE_ID_VECTOR,  800, fill_vec100,   1)           \
    X(STRING8, "string of 8 characters",    TYPE_ID_STRING,  32,  fill_string8,  1)           \
    X(RECORD,  "record, 2 fields",          TYPE_ID_RECORD,  16,  fill_record2,  1)           \
    X(BIGNUM,  "bignum, one limb",          TYPE_ID_INT,     8,   fill_bignum1,  1)           \
    X(VEC7,    "vector of 7",               TYPE_ID_VECTOR,  56,  fill_vec7,     0)           \
    X(VEC31,   "vector of 31",              TYPE_ID_VECTOR,  248, fill_vec31,    0)           \
    X(CLO6,    "closure, 6 free variables", TYPE_ID_CLOSURE, 48,  fill_closure6, 0)           \
    X(CLO30,   "closure, 30 free variables",TYPE_ID_CLOSURE, 240, fill_closure30,0)

enum {
#define X_ENUM(K, what, t, extra, fill, main) K_##K,
    BENCH_KINDS(X_ENUM)
#undef X_ENUM
    K_BIGADD,              /* (+ 2^62 i): the runtime's bignum addition, result in the place */
    NKIND
};
static const char *const kind_name[NKIND] = {
#define X_NAME(K, what, t, extra, fill, main) what,
    BENCH_KINDS(X_NAME)
#undef X_NAME
    "bignum from (+ 2^62 i)",
};
static size_t kind_bytes[NKIND];     /* the object's size; set by init_kinds */
static void init_kinds(void) {
#define X_BYTES(K, what, t, extra, fill, main) kind_bytes[K_##K] = RT_ROUND(rt_type_size[t] + extra);
    BENCH_KINDS(X_BYTES)
#undef X_BYTES
    kind_bytes[K_BIGADD] = RT_ROUND(rt_type_size[TYPE_ID_INT] + 8);
}

static RtValue bench_code(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2,
                          RtValue a3) {
    return a0;
}
/* The record type of the record kind, at a constant address (set up in main), so that no path
 * reloads it from memory per object: emitted code has it in a local by then. */
static RtRecordType g_rtd_obj;
#define g_rtd RT_TAG_AS_OBJ(&g_rtd_obj)
static RtValue g_big62;               /* the bignum 2^62 */

static inline RtValue fill_pair(void *m, int64_t i) {
    RtPair *p = m;
    p->car = RT_FIX(i);
    p->cdr = RT_FIX(i);
    return RT_TAG_AS_PAIR(p);
}
static inline RtValue fill_flonum(void *m, int64_t i) {
    RtFlonum *f = m;
    f->hdr = RT_HDR(TYPE_ID_FLOAT, 0);
    f->d = (double)i;
    return RT_TAG_AS_OBJ(f);
}
static inline RtValue fill_box(void *m, int64_t i) {
    RtBox *b = m;
    b->hdr = RT_HDR(TYPE_ID_BOX, 0);
    b->value = RT_FIX(i);
    return RT_TAG_AS_OBJ(b);
}
static inline RtValue fill_closure2(void *m, int64_t i) {
    RtClosure *c = m;
    c->hdr = RT_HDR(TYPE_ID_CLOSURE, 2);
    c->code = bench_code;
    c->free[0] = RT_FIX(i);
    c->free[1] = RT_FIX(i + 1);
    return RT_TAG_AS_OBJ(c);
}
/* closures of n free variables (64 and 256 bytes): objects of those sizes that the collected
 * heap gives no byte of tail, for the per-size rows */
static inline RtValue fill_closure(void *m, int64_t i, int n) {
    RtClosure *c = m;
    c->hdr = RT_HDR(TYPE_ID_CLOSURE, n);
    c->code = bench_code;
    for (int j = 0; j < n; j++) c->free[j] = RT_FIX(i);
    return RT_TAG_AS_OBJ(c);
}
static inline RtValue fill_closure6(void *m, int64_t i) { return fill_closure(m, i, 6); }
static inline RtValue fill_closure30(void *m, int64_t i) { return fill_closure(m, i, 30); }
static inline RtValue fill_vec(void *m, int64_t i, int n) {
    RtVector *v = m;
    v->hdr = RT_HDR(TYPE_ID_VECTOR, n);
    for (int j = 0; j < n; j++) v->items[j] = RT_FIX(i);
    return RT_TAG_AS_OBJ(v);
}
static inline RtValue fill_vec3(void *m, int64_t i) { return fill_vec(m, i, 3); }
static inline RtValue fill_vec7(void *m, int64_t i) { return fill_vec(m, i, 7); }
static inline RtValue fill_vec10(void *m, int64_t i) { return fill_vec(m, i, 10); }
static inline RtValue fill_vec31(void *m, int64_t i) { return fill_vec(m, i, 31); }
static inline RtValue fill_vec100(void *m, int64_t i) { return fill_vec(m, i, 100); }
static inline RtValue fill_string8(void *m, int64_t i) {
    RtString *s = m;
    s->hdr = RT_HDR(TYPE_ID_STRING, 8);
    for (int j = 0; j < 8; j++) s->chars[j] = 'a';
    return RT_TAG_AS_OBJ(s);
}
static inline RtValue fill_record2(void *m, int64_t i) {
    RtRecord *rec = m;
    rec->hdr = RT_HDR(TYPE_ID_RECORD, 2);
    rec->type = g_rtd;
    rec->fields[0] = RT_FIX(i);
    rec->fields[1] = RT_FIX(i);
    return RT_TAG_AS_OBJ(rec);
}
/* a one-limb bignum as numbers.c makes it (the compiler never emits one: arithmetic does) */
static inline RtValue fill_bignum1(void *m, int64_t i) {
    RtBignum *b = m;
    b->hdr = RT_HDR(TYPE_ID_INT, 1u << 1);
    b->limbs[0] = ((uint64_t)1 << 62) + (uint64_t)i;
    return RT_TAG_AS_OBJ(b);
}

#define RING 1024u
static RtValue g_ring[RING];

/* Places. Each timing builds TIMING_BYTES worth of objects (TIMING_BYTES / kind_bytes of
 * them; BIGADD_BYTES for the slow bignum addition), in rounds: a region place enters a region,
 * fills ROUND_BYTES (chunks) or its inline buffer, and leaves it (or recycles it). */
enum { PL_INLINE, PL_CHUNKS, PL_HEAP, PL_HEAP_RR, PL_NURSERY, PL_MALLOC, PL_MIMALLOC,
       PL_BUMP_WARM, PL_BUMP_COLD, NPLACE };
static const char *const place_name[NPLACE] = {
    "region, inline buffer", "region, chunks", "collected heap",
    "collected heap, as the caller's region", "collected heap, nursery (default)",
    "malloc+free", "mimalloc+free", "bump, in cache", "bump, beyond the caches"};
static const char *g_kind, *g_place;   /* --kind, --place: time only this row (profiling) */
static int g_nursery_on;   /* the nursery started on this thread (not under malloc/mimalloc) */
static uintptr_t g_nursery_span;   /* its span: 0 in rt_nursery (off) outside place_nursery */
#define TIMING_BYTES ((size_t)16 << 20)
#define ROUND_BYTES  ((size_t)2 << 20)
#define BIGADD_BYTES ((size_t)1 << 20)
#define COLD_BYTES   ((size_t)256 << 20)      /* 8x this machine's 32 MiB L3; checked at start */
static char *g_warm, *g_cold;                 /* prefaulted bump buffers */
static size_t g_cold_off;

static int64_t objects_per_timing(int k) {
    return (int64_t)((k == K_BIGADD ? BIGADD_BYTES : TIMING_BYTES) / kind_bytes[k]);
}

/* The loop of one place: objects [0, n) in rounds of `per_round`, START/END around a round,
 * BEFORE ahead of each object, ALLOC(t, extra) its memory. */
#define PLACE_CASE(K, what, t, extra, fill, main)                                            \
    case K_##K:                                                                               \
        for (int64_t b_ = 0; b_ < n; b_ += per_round) {                                       \
            int64_t e_ = b_ + per_round < n ? b_ + per_round : n;                             \
            START_ROUND;                                                                      \
            for (int64_t i = b_; i < e_; i++) {                                               \
                BEFORE(i);                                                                    \
                g_ring[i & (RING - 1)] = fill(ALLOC(t, extra), i);                            \
            }                                                                                 \
            END_ROUND;                                                                        \
        }                                                                                     \
        break;
#define BIGADD_CASE(R)                                                                        \
    case K_BIGADD:                                                                            \
        for (int64_t b_ = 0; b_ < n; b_ += per_round) {                                       \
            int64_t e_ = b_ + per_round < n ? b_ + per_round : n;                             \
            START_ROUND;                                                                      \
            for (int64_t i = b_; i < e_; i++)                                                 \
                g_ring[i & (RING - 1)] = rt_add((R), "bench", g_big62, RT_FIX(i));            \
            END_ROUND;                                                                        \
        }                                                                                     \
        break;

#define UNTAG(v) ((void *)(uintptr_t)((v) & ~(RtValue)RT_TAG_MASK))
#define BUMP(t, extra) ({ char *p_ = cur; cur += RT_ROUND(rt_type_size[t] + (extra)); (void *)p_; })

static void place_inline(int k, int64_t n) {
    Region r;
    int64_t per_round = (int64_t)(RT_INLINE_BYTES / kind_bytes[k]);
    rt_region_enter(&r);
#define START_ROUND (void)0
#define END_ROUND rt_region_recycle(&r)
#define BEFORE(i) (void)0
#define ALLOC(t, extra) alloc_obj_sized(&r, t, extra)
    switch (k) {
        BENCH_KINDS(PLACE_CASE)
    }
#undef START_ROUND
#undef END_ROUND
#undef BEFORE
#undef ALLOC
    rt_region_leave(&r);
}
static void place_chunks(int k, int64_t n) {
    Region r;
    int64_t per_round = (int64_t)(ROUND_BYTES / kind_bytes[k]);
#define START_ROUND rt_region_enter(&r)
#define END_ROUND rt_region_leave(&r)
#define BEFORE(i) (void)0
#define ALLOC(t, extra) alloc_obj_sized(&r, t, extra)
    switch (k) {
        BENCH_KINDS(PLACE_CASE)
        BIGADD_CASE(&r)
    }
#undef START_ROUND
#undef END_ROUND
#undef BEFORE
#undef ALLOC
}
/* The collected heap as compiled code allocates there: rt_heap_sized when the site is placed in
 * the heap (what the emitter writes for &rt_gc_region), or alloc_obj_sized(rr, ...) whose rr
 * is the collected heap at run time (its window's test fails, then the typed slow path); the
 * volatile read keeps the compiler from seeing which region it is, as in a compiled procedure. */
static Region *volatile g_heap_rr = &rt_gc_region;
static void place_heap(int k, int64_t n) {
    int64_t per_round = n;
#define START_ROUND (void)0
#define END_ROUND (void)0
#define BEFORE(i) (void)0
#define ALLOC(t, extra) rt_heap_sized(t, extra)
    switch (k) {
        BENCH_KINDS(PLACE_CASE)
        BIGADD_CASE(&rt_gc_region)
    }
#undef ALLOC
}
static void place_heap_rr(int k, int64_t n) {
    int64_t per_round = n;
    Region *rr = g_heap_rr;
#define ALLOC(t, extra) alloc_obj_sized(rr, t, extra)
    switch (k) {
        BENCH_KINDS(PLACE_CASE)
    }
#undef START_ROUND
#undef END_ROUND
#undef BEFORE
#undef ALLOC
}
/* The collected heap of a program compiled with -fnursery: rt_nursery_alloc, as rt_heap_alloc
 * is there (regal.h, "the nursery"), its minor collections included, and one at the end, so
 * that the timing frees what it made: the ring's 1024 objects are the survivors (static
 * data: pinned). The nursery is off (span 0) outside this place. */
static void place_nursery(int k, int64_t n) {
    int64_t per_round = n;
    rt_nursery.span = g_nursery_span;
#define START_ROUND (void)0
#define END_ROUND (void)0
#define BEFORE(i) (void)0
#define ALLOC(t, extra) rt_nursery_alloc(t, RT_ROUND(rt_type_size[t] + (extra)))
    switch (k) {
        BENCH_KINDS(PLACE_CASE)
    }
    rt_nursery_collect();   /* the garbage's freeing is part of the timing */
    if (rt_nursery.pcur == NULL)   /* a window after a collection, unless it froze itself */
        die("%s: the nursery turned itself off; its row would time libgc (%ld)", kind_name[k], k);
    rt_nursery.span = 0;
#undef START_ROUND
#undef END_ROUND
#undef BEFORE
#undef ALLOC
}
/* malloc: the object a ring slot held is freed before the slot takes a new one, so 1024
 * objects stay live and each malloc meets a free of the same size (glibc's tcache). */
static void place_malloc(int k, int64_t n, int mi) {
    int64_t per_round = n;
    void *(*alloc)(size_t) = mi ? p_mi_malloc : malloc;
    void (*release)(void *) = mi ? p_mi_free : free;
#define START_ROUND (void)0
#define END_ROUND (void)0
#define BEFORE(i) release(UNTAG(g_ring[(i) & (RING - 1)]))
#define ALLOC(t, extra) alloc(RT_ROUND(rt_type_size[t] + (extra)))
    switch (k) {
        BENCH_KINDS(PLACE_CASE)
    }
#undef START_ROUND
#undef END_ROUND
#undef BEFORE
#undef ALLOC
    for (unsigned j = 0; j < RING; j++) release(UNTAG(g_ring[j]));
    memset(g_ring, 0, sizeof g_ring);
}
/* A bump pointer with no bounds test over a prefaulted buffer: ROUND_BYTES reused (in cache),
 * or the next TIMING_BYTES of COLD_BYTES (wrapping), last written 15 timings earlier. */
static void place_bump(int k, int64_t n, int cold) {
    char *cur = g_warm;
    int64_t per_round = cold ? n : (int64_t)(ROUND_BYTES / kind_bytes[k]);
    if (cold) {
        if (g_cold_off + TIMING_BYTES > COLD_BYTES) g_cold_off = 0;
        cur = g_cold + g_cold_off;
        g_cold_off += TIMING_BYTES;
    }
#define START_ROUND (void)(cold ? 0 : (cur = g_warm, 0))
#define END_ROUND (void)0
#define BEFORE(i) (void)0
#define ALLOC(t, extra) BUMP(t, extra)
    switch (k) {
        BENCH_KINDS(PLACE_CASE)
    }
#undef START_ROUND
#undef END_ROUND
#undef BEFORE
#undef ALLOC
    KEEP(cur);
}

static int place_applies(int p, int k) {
    if (p == PL_MIMALLOC && p_mi_malloc == NULL) return 0;
    if (p == PL_NURSERY && !g_nursery_on) return 0;
    if (k == K_BIGADD) return p == PL_CHUNKS || p == PL_HEAP;
    if (p == PL_HEAP_RR) return k == K_PAIR || k == K_FLONUM || k == K_CLOSURE || k == K_CLO6 ||
                                k == K_CLO30 || k == K_VEC3 || k == K_VEC7 || k == K_VEC31;
    if (p == PL_INLINE) return kind_bytes[k] <= RT_INLINE_BYTES;
    if (k == K_VEC7 || k == K_VEC31 || k == K_CLO6 || k == K_CLO30)
        return p == PL_CHUNKS || p == PL_HEAP || p == PL_HEAP_RR || p == PL_NURSERY;
    return 1;
}

/* One timing of kind k in place p: ns per object. */
static double time_place(int p, int k) {
    int64_t n = objects_per_timing(k);
    uint64_t spills = rt_alloc_stats.chunks_from_pool + rt_alloc_stats.chunks_from_upstream;
    uint64_t t0 = now_ns();
    switch (p) {
    case PL_INLINE: place_inline(k, n); break;
    case PL_CHUNKS: place_chunks(k, n); break;
    case PL_HEAP: place_heap(k, n); break;
    case PL_HEAP_RR: place_heap_rr(k, n); break;
    case PL_NURSERY: place_nursery(k, n); break;
    case PL_MALLOC: place_malloc(k, n, 0); break;
    case PL_MIMALLOC: place_malloc(k, n, 1); break;
    case PL_BUMP_WARM: place_bump(k, n, 0); break;
    default: place_bump(k, n, 1); break;
    }
    KEEP(g_ring);
    uint64_t t1 = now_ns();
    if (p == PL_INLINE &&
        rt_alloc_stats.chunks_from_pool + rt_alloc_stats.chunks_from_upstream != spills)
        die("%s: the inline-buffer place took a chunk (%ld)", kind_name[k], k);
    if (p != PL_MALLOC && p != PL_MIMALLOC) memset(g_ring, 0, sizeof g_ring);
    return (double)(t1 - t0) / (double)n;
}

/* Whether --place names place p (NAME|NAME...: several, in the order of the rows). */
static int place_chosen(int p) {
    if (g_place == NULL) return 1;
    size_t n = strlen(place_name[p]);
    for (const char *s = g_place; s != NULL; s = strchr(s, '|'), s = s ? s + 1 : s)
        if (!strncmp(s, place_name[p], n) && (s[n] == '|' || s[n] == 0)) return 1;
    return 0;
}

static void bench_places(void) {
    int R = reps(15);
    for (int k = 0; k < NKIND; k++) {
        if (g_kind != NULL && strcmp(g_kind, kind_name[k]) != 0) continue;
        int ps[NPLACE], np = 0;
        for (int p = 0; p < NPLACE; p++)
            if (place_applies(p, k) && place_chosen(p)) ps[np++] = p;
        if (np == 0) continue;
        double ns[NPLACE][MAXREPS];
        for (int j = 0; j < np; j++) time_place(ps[j], k);        /* warm-up */
        for (int rep = 0; rep < R; rep++)                         /* rotate: each leads in turn */
            for (int j = 0; j < np; j++) {
                int p = ps[(j + rep) % np];
                ns[p][rep] = time_place(p, k);
            }
        char note[128];
        snprintf(note, sizeof note, "%zu bytes per object; %lld objects per timing",
                 kind_bytes[k], (long long)objects_per_timing(k));
        for (int j = 0; j < np; j++)
            row("place", kind_name[k], place_name[ps[j]], stat_of(ns[ps[j]], R), "ns/object",
                (double)objects_per_timing(k), note);
        if (g_place != NULL) {
            for (int j = 0; j < np; j++)
                fprintf(stderr, "  place %-26s %s %.2f ns\n", kind_name[k], place_name[ps[j]], stat_of(ns[ps[j]], R).med);
            continue;
        }
        fprintf(stderr, "  place %-26s chunks %.2f ns, heap %.2f ns, nursery %.2f ns\n",
                kind_name[k], stat_of(ns[PL_CHUNKS], R).med, stat_of(ns[PL_HEAP], R).med,
                place_applies(PL_NURSERY, k) ? stat_of(ns[PL_NURSERY], R).med : 0.0);
    }
}

/* ============================================================================================
 * Typed allocation against the constructors, like for like
 * --------------------------------------------------------------------------------------------
 * Four paths build the same objects in region chunks (rounds of ROUND_BYTES, as the chunks
 * place): typed inline (the emitted code), constructor inline (ctor_inline.h: mk_*'s body
 * inlined, then the stores compiled code adds after the call in --alloc=constructors mode),
 * typed out of line (typed_ool.c), constructor out of line (libregal's mk_* and the same
 * stores). The kinds are those emit.c allocates in both modes.
 * ========================================================================================== */
enum { LP_TYPED_IN, LP_CTOR_IN, LP_TYPED_OUT, LP_CTOR_OUT, NLPATH };
static const char *const lpath_name[NLPATH] = {
    "typed, inline", "constructor, inline", "typed, out of line", "constructor, out of line"};
static const int like_kinds[] = {K_PAIR, K_FLONUM, K_BOX, K_CLOSURE, K_VEC3, K_VEC10,
                                 K_STRING8, K_RECORD};
#define NLIKE ((int)(sizeof like_kinds / sizeof like_kinds[0]))

/* The object kind k, index i, built by path p in region r. */
static inline __attribute__((always_inline)) RtValue like_build(int p, int k, Region *r,
                                                                int64_t i) {
    RtValue v, x = RT_FIX(i);
    switch (k) {
    case K_PAIR:
        switch (p) {
        case LP_TYPED_IN: return fill_pair(alloc_obj_typed(r, TYPE_ID_PAIR), i);
        case LP_CTOR_IN: return ci_pair(r, x, x);
        case LP_TYPED_OUT: return to_pair(r, x, x);
        default: return mk_pair(r, x, x);
        }
    case K_FLONUM:
        switch (p) {
        case LP_TYPED_IN: return fill_flonum(alloc_obj_typed(r, TYPE_ID_FLOAT), i);
        case LP_CTOR_IN: return ci_float(r, (double)i);
        case LP_TYPED_OUT: return to_float(r, (double)i);
        default: return mk_float(r, (double)i);
        }
    case K_BOX:
        switch (p) {
        case LP_TYPED_IN: return fill_box(alloc_obj_typed(r, TYPE_ID_BOX), i);
        case LP_CTOR_IN: return ci_box(r, x);
        case LP_TYPED_OUT: return to_box(r, x);
        default: return mk_box(r, x);
        }
    case K_CLOSURE:
        switch (p) {
        case LP_TYPED_IN: return fill_closure2(alloc_obj_sized(r, TYPE_ID_CLOSURE, 16), i);
        case LP_TYPED_OUT: return to_closure2(r, bench_code, x, RT_FIX(i + 1));
        default:
            v = p == LP_CTOR_IN ? ci_closure(r, bench_code, 2) : mk_closure(r, bench_code, 2);
            RT_AS(RtClosure, v)->free[0] = x;
            RT_AS(RtClosure, v)->free[1] = RT_FIX(i + 1);
            return v;
        }
    case K_VEC3:            /* (vector x x x) */
        switch (p) {
        case LP_TYPED_IN: return fill_vec3(alloc_obj_sized(r, TYPE_ID_VECTOR, 24), i);
        case LP_TYPED_OUT: return to_vector3(r, x, x, x);
        default:
            v = p == LP_CTOR_IN ? ci_vector(r, 3, RT_FALSE) : mk_vector(r, 3, RT_FALSE);
            for (int j = 0; j < 3; j++) RT_AS(RtVector, v)->items[j] = x;
            return v;
        }
    case K_VEC10:           /* (make-vector 10 x) */
        switch (p) {
        case LP_TYPED_IN: return fill_vec10(alloc_obj_sized(r, TYPE_ID_VECTOR, 80), i);
        case LP_CTOR_IN: return ci_vector(r, 10, x);
        case LP_TYPED_OUT: return to_make_vector(r, 10, x);
        default: return mk_vector(r, 10, x);
        }
    case K_STRING8:         /* (make-string 8 #\a) */
        switch (p) {
        case LP_TYPED_IN: return fill_string8(alloc_obj_sized(r, TYPE_ID_STRING, 32), i);
        case LP_CTOR_IN: return ci_string_fill(r, 8, 'a');
        case LP_TYPED_OUT: return to_make_string(r, 8, 'a');
        default: return mk_string_fill(r, 8, 'a');
        }
    default:                /* K_RECORD */
        switch (p) {
        case LP_TYPED_IN: return fill_record2(alloc_obj_sized(r, TYPE_ID_RECORD, 16), i);
        case LP_TYPED_OUT: return to_record2(r, g_rtd, x, x);
        default:
            v = p == LP_CTOR_IN ? ci_record(r, g_rtd, 2) : mk_record(r, g_rtd, 2);
            RT_AS(RtRecord, v)->fields[0] = x;
            RT_AS(RtRecord, v)->fields[1] = x;
            return v;
        }
    }
}

/* One timing; the switches are resolved outside the loop (one loop per path and kind). */
#define LIKE_LOOP(P, K)                                                                       \
    for (int64_t b_ = 0; b_ < n; b_ += per_round) {                                           \
        int64_t e_ = b_ + per_round < n ? b_ + per_round : n;                                 \
        rt_region_enter(&r);                                                                  \
        for (int64_t i = b_; i < e_; i++) g_ring[i & (RING - 1)] = like_build(P, K, &r, i);   \
        rt_region_leave(&r);                                                                  \
    }
#define LIKE_KIND(K)                                                                          \
    case K:                                                                                   \
        switch (p) {                                                                          \
        case LP_TYPED_IN: LIKE_LOOP(LP_TYPED_IN, K); break;                                   \
        case LP_CTOR_IN: LIKE_LOOP(LP_CTOR_IN, K); break;                                     \
        case LP_TYPED_OUT: LIKE_LOOP(LP_TYPED_OUT, K); break;                                 \
        default: LIKE_LOOP(LP_CTOR_OUT, K); break;                                            \
        }                                                                                     \
        break;
static double time_like(int p, int k) {
    Region r;
    int64_t n = objects_per_timing(k), per_round = (int64_t)(ROUND_BYTES / kind_bytes[k]);
    uint64_t t0 = now_ns();
    switch (k) {
        LIKE_KIND(K_PAIR)
        LIKE_KIND(K_FLONUM)
        LIKE_KIND(K_BOX)
        LIKE_KIND(K_CLOSURE)
        LIKE_KIND(K_VEC3)
        LIKE_KIND(K_VEC10)
        LIKE_KIND(K_STRING8)
        LIKE_KIND(K_RECORD)
    }
    KEEP(g_ring);
    uint64_t t1 = now_ns();
    memset(g_ring, 0, sizeof g_ring);
    return (double)(t1 - t0) / (double)n;
}

static void bench_like(void) {
    int R = reps(15);
    for (int j = 0; j < NLIKE; j++) {
        int k = like_kinds[j];
        double ns[NLPATH][MAXREPS];
        for (int p = 0; p < NLPATH; p++) time_like(p, k);
        for (int rep = 0; rep < R; rep++)
            for (int q = 0; q < NLPATH; q++) {
                int p = (q + rep) % NLPATH;
                ns[p][rep] = time_like(p, k);
            }
        char note[96];
        snprintf(note, sizeof note, "%zu bytes per object, in region chunks", kind_bytes[k]);
        for (int p = 0; p < NLPATH; p++)
            row("like", kind_name[k], lpath_name[p], stat_of(ns[p], R), "ns/object",
                (double)objects_per_timing(k), note);
        fprintf(stderr, "  like %-26s inline %.2f/%.2f, out of line %.2f/%.2f ns\n",
                kind_name[k], stat_of(ns[0], R).med, stat_of(ns[1], R).med,
                stat_of(ns[2], R).med, stat_of(ns[3], R).med);
    }
}

/* ---- verification: every path builds the same bytes ---------------------------------------- */
static size_t obj_bytes(RtValue v) {
    if (RT_IS_PAIR(v)) return sizeof(RtPair);
    if (!RT_IS_OBJ(v)) return 0;
    RtHeader h = *RT_OBJ(v);
    uint64_t n = RT_HDR_COUNT(h);
    switch (RT_HDR_TYPE(h)) {
    case TYPE_ID_INT: return RT_ROUND(rt_type_size[TYPE_ID_INT] + 8 * (n >> 1));
    case TYPE_ID_VECTOR: case TYPE_ID_CLOSURE: case TYPE_ID_RECORD:
        return RT_ROUND(rt_type_size[RT_HDR_TYPE(h)] + 8 * n);
    case TYPE_ID_STRING: return RT_ROUND(rt_type_size[TYPE_ID_STRING] + 4 * n);
    default: return rt_type_size[RT_HDR_TYPE(h)];
    }
}
static void same_obj(const char *what, long i, RtValue a, RtValue b) {
    int ok = (a & RT_TAG_MASK) == (b & RT_TAG_MASK);
    if (ok && RT_IS_TYPE(a, TYPE_ID_SYMBOL)) ok = a == b;          /* interned: identical */
    else if (ok && (RT_IS_PAIR(a) || RT_IS_OBJ(a))) {
        size_t na = obj_bytes(a), nb = obj_bytes(b);
        const void *pa = RT_IS_PAIR(a) ? (const void *)RT_PAIR(a) : (const void *)RT_OBJ(a);
        const void *pb = RT_IS_PAIR(b) ? (const void *)RT_PAIR(b) : (const void *)RT_OBJ(b);
        ok = na == nb && memcmp(pa, pb, na) == 0;
    } else if (ok) ok = a == b;
    if (!ok) {
        fprintf(stderr, "bench_runner: VERIFY FAILED: %s object %ld differs between two paths "
                        "(%#llx, %#llx)\n", what, i, (unsigned long long)a,
                (unsigned long long)b);
        exit(1);
    }
}
static void verify_like_for_like(void) {
    Region r[NLPATH];
    for (int p = 0; p < NLPATH; p++) rt_region_init(&r[p], 1);
    for (int j = 0; j < NLIKE; j++)
        for (int64_t i = 0; i < 100; i++) {
            RtValue a = like_build(LP_TYPED_IN, like_kinds[j], &r[0], i);
            for (int p = 1; p < NLPATH; p++)
                same_obj(kind_name[like_kinds[j]], (long)i, a,
                         like_build(p, like_kinds[j], &r[p], i));
        }
    for (int p = 0; p < NLPATH; p++) rt_region_release(&r[p]);
}

/* ============================================================================================
 * The seed document's seven workloads (issue 3), typed and through the constructors
 * ========================================================================================== */
#define BIG0 ((int64_t)1 << 62)             /* > RT_FIXNUM_MAX: a real one-limb bignum */

static inline RtValue t_int(Region *r, int64_t n) {      /* n > RT_FIXNUM_MAX, positive */
    return fill_bignum1(alloc_obj_sized(r, TYPE_ID_INT, sizeof(uint64_t)), n - BIG0);
}
static inline RtValue t_float(Region *r, double x) {
    RtFlonum *f = alloc_obj_typed(r, TYPE_ID_FLOAT);
    f->hdr = RT_HDR(TYPE_ID_FLOAT, 0);
    f->d = x;
    return RT_TAG_AS_OBJ(f);
}
static inline RtValue t_pair(Region *r, RtValue a, RtValue d) {
    RtPair *p = alloc_obj_typed(r, TYPE_ID_PAIR);
    p->car = a;
    p->cdr = d;
    return RT_TAG_AS_PAIR(p);
}
static inline RtValue t_vector(Region *r, int n, int64_t base) {
    RtVector *v = alloc_obj_sized(r, TYPE_ID_VECTOR, (size_t)n * sizeof(RtValue));
    v->hdr = RT_HDR(TYPE_ID_VECTOR, n);
    for (int j = 0; j < n; j++) v->items[j] = RT_FIX(base + j);
    return RT_TAG_AS_OBJ(v);
}
static inline RtValue c_vector(Region *r, int n, int64_t base) {
    RtValue v = mk_vector(r, (size_t)n, RT_FIX(0));
    for (int j = 0; j < n; j++) RT_AS(RtVector, v)->items[j] = RT_FIX(base + j);
    return v;
}
static inline RtValue t_string(Region *r, int n, uint32_t fill) {
    RtString *s = alloc_obj_sized(r, TYPE_ID_STRING, (size_t)n * sizeof(uint32_t));
    s->hdr = RT_HDR(TYPE_ID_STRING, n);
    for (int j = 0; j < n; j++) s->chars[j] = fill;
    return RT_TAG_AS_OBJ(s);
}

/* Symbol names: NOLD existing names (interned at start) and fresh names made per run. */
#define NOLD 512
static const char *g_old[NOLD];
static size_t g_oldlen[NOLD];
static double g_old_avglen;
#define MAXNEW 8192
/* malloc'd, not static: the nursery's minor collections scan static data as roots, and a
 * compiled program has no 256 KB of it */
static char (*g_newbuf)[24];
static size_t *g_newlen;
static uint64_t g_newserial;

static void make_old_names(void) {
    static const char *const base[] = {"x", "loop", "acc", "lambda", "make-point",
                                       "vector-ref", "string->symbol", "call-with-output-string",
                                       "tree-insert!", "n"};
    double total = 0;
    for (int i = 0; i < NOLD; i++) {
        char buf[64];
        int n = snprintf(buf, sizeof buf, "%s-%d", base[i % 10], i);
        g_old[i] = strdup(buf);
        g_oldlen[i] = (size_t)n;
        total += n;
        rt_intern(g_old[i], g_oldlen[i]);
    }
    g_old_avglen = total / NOLD;
}
/* `n` names never interned before: "new-<serial>" with a process-wide serial. */
static void make_new_names(int n) {
    if (n > MAXNEW) die("%s too many new names (%ld)", "", n);
    if (g_newbuf == NULL) {
        g_newbuf = malloc(MAXNEW * sizeof *g_newbuf);
        g_newlen = malloc(MAXNEW * sizeof *g_newlen);
        if (g_newbuf == NULL || g_newlen == NULL) die("%s cannot allocate names (%ld)", "", n);
    }
    for (int i = 0; i < n; i++)
        g_newlen[i] = (size_t)snprintf(g_newbuf[i], sizeof g_newbuf[i], "new-%llu",
                                       (unsigned long long)g_newserial++);
}

/* Mixed: the same sequence of six kinds in both paths. */
static inline RtValue t_mixed(Region *r, int i) {
    switch (i % 6) {
    case 0: return t_int(r, BIG0 + i);
    case 1: return t_float(r, i * 0.5);
    case 2: return t_pair(r, RT_FIX(i), RT_FIX(i + 1));
    case 3: return t_vector(r, 3, i);
    case 4: return t_string(r, 8, 'a');
    default: return rt_intern(g_old[i % NOLD], g_oldlen[i % NOLD]);
    }
}
static inline RtValue c_mixed(Region *r, int i) {
    switch (i % 6) {
    case 0: return mk_int(r, BIG0 + i);
    case 1: return mk_float(r, i * 0.5);
    case 2: return mk_pair(r, RT_FIX(i), RT_FIX(i + 1));
    case 3: return c_vector(r, 3, i);
    case 4: return mk_string_fill(r, 8, 'a');
    default: return mk_symbol(r, g_old[i % NOLD]);
    }
}

static void verify_seed(void) {
    Region r1, r2;
    rt_region_init(&r1, 1);
    rt_region_init(&r2, 1);
    for (int i = 0; i < 1000; i++) {
        same_obj("integer", i, t_int(&r1, BIG0 + i), mk_int(&r2, BIG0 + i));
        same_obj("float", i, t_float(&r1, i * 0.25), mk_float(&r2, i * 0.25));
        same_obj("pair", i, t_pair(&r1, RT_FIX(i), RT_FIX(-i)), mk_pair(&r2, RT_FIX(i), RT_FIX(-i)));
        same_obj("mixed", i, t_mixed(&r1, i), c_mixed(&r2, i));
    }
    for (int i = 0; i < 100; i++) same_obj("array", i, t_vector(&r1, 10, i), c_vector(&r2, 10, i));
    make_new_names(100);
    for (int i = 0; i < 100; i++) {
        RtValue a = rt_intern(g_newbuf[i], g_newlen[i]);   /* new: allocated by the typed path */
        same_obj("symbol (new)", i, a, mk_symbol(&r2, g_newbuf[i]));
        same_obj("symbol (existing)", i, rt_intern(g_old[i], g_oldlen[i]), mk_symbol(&r2, g_old[i]));
        if (!RT_IS_TYPE(a, TYPE_ID_SYMBOL)) die("%s symbol %ld is not a symbol", "", i);
    }
    rt_region_release(&r1);
    rt_region_release(&r2);
}

/* one batch = `iters` iterations of `n` objects, in one region */
enum { W_INT, W_FLOAT, W_PAIR, W_SYMBOL, W_ARRAY, W_MIXED, W_LARGE, NWORK };
typedef struct {
    const char *name;
    int n, iters;          /* objects per iteration, iterations per timed batch */
} Workload;
static const Workload works[NWORK] = {
    [W_INT] = {"int", 1000, 64},
    [W_FLOAT] = {"float", 1000, 64},
    [W_PAIR] = {"pair", 1000, 64},
    [W_SYMBOL] = {"symbol", 100, 64},
    [W_ARRAY] = {"array", 100, 64},
    [W_MIXED] = {"mixed", 1000, 64},
    [W_LARGE] = {"large", 100000, 1},
};
#define SYM_NEW_PER_ITER 10                 /* of 100 symbols: 10 new names, 90 existing */

static uint64_t batch_seed(int w, int ctor, Region *r, int iters, int n) {
    uint64_t acc = 0;
    for (int it = 0; it < iters; it++) {
        int64_t b = (int64_t)it * n;
        switch (w) {
        case W_INT: case W_LARGE:
            if (ctor) for (int i = 0; i < n; i++) acc ^= mk_int(r, BIG0 + b + i);
            else for (int i = 0; i < n; i++) acc ^= t_int(r, BIG0 + b + i);
            break;
        case W_FLOAT:
            if (ctor) for (int i = 0; i < n; i++) acc ^= mk_float(r, (double)(b + i));
            else for (int i = 0; i < n; i++) acc ^= t_float(r, (double)(b + i));
            break;
        case W_PAIR:
            if (ctor) for (int i = 0; i < n; i++) acc ^= mk_pair(r, RT_FIX(b + i), RT_FIX(i));
            else for (int i = 0; i < n; i++) acc ^= t_pair(r, RT_FIX(b + i), RT_FIX(i));
            break;
        case W_SYMBOL:
            for (int i = 0, k = 0; i < n; i++) {
                int fresh = i % 10 == 0;
                int j = fresh ? it * SYM_NEW_PER_ITER + i / 10 : (int)((b + k++) % NOLD);
                const char *s = fresh ? g_newbuf[j] : g_old[j];
                size_t len = fresh ? g_newlen[j] : g_oldlen[j];
                acc ^= ctor ? mk_symbol(r, s) : rt_intern(s, len);
            }
            break;
        case W_ARRAY:
            if (ctor) for (int i = 0; i < n; i++) acc ^= c_vector(r, 10, b + i);
            else for (int i = 0; i < n; i++) acc ^= t_vector(r, 10, b + i);
            break;
        case W_MIXED:
            if (ctor) for (int i = 0; i < n; i++) acc ^= c_mixed(r, i);
            else for (int i = 0; i < n; i++) acc ^= t_mixed(r, i);
            break;
        }
    }
    return acc;
}

/* One timed batch: region created before the clock starts, released after it stops. */
static double run_seed(int w, int ctor) {
    const Workload *wk = &works[w];
    Region r;
    rt_region_init(&r, 1);
    if (w == W_SYMBOL) make_new_names(wk->iters * SYM_NEW_PER_ITER);
    uint64_t t0 = now_ns();
    uint64_t acc = batch_seed(w, ctor, &r, wk->iters, wk->n);
    KEEP(acc);
    uint64_t t1 = now_ns();
    rt_region_release(&r);
    g_sink ^= acc;
    return (double)(t1 - t0) / ((double)wk->iters * wk->n);
}

static void bench_seed(void) {
    int R = reps(15);
    for (int w = 0; w < NWORK; w++) {
        const Workload *wk = &works[w];
        double ns[2][MAXREPS];
        for (int c = 0; c < 2; c++) { run_seed(w, c); run_seed(w, c); }
        for (int rep = 0; rep < R; rep++)
            for (int k = 0; k < 2; k++) {
                int c = (k + rep) % 2;
                ns[c][rep] = run_seed(w, c);
            }
        char note[128];
        snprintf(note, sizeof note, "%d iterations x %d objects per timed batch, one region",
                 wk->iters, wk->n);
        row("seed", wk->name, "typed", stat_of(ns[0], R), "ns/object",
            (double)wk->iters * wk->n, note);
        row("seed", wk->name, "constructor", stat_of(ns[1], R), "ns/object",
            (double)wk->iters * wk->n, note);
        fprintf(stderr, "  seed %-8s typed %.2f ns, constructor %.2f ns\n", wk->name,
                stat_of(ns[0], R).med, stat_of(ns[1], R).med);
    }
}

/* ---- interning an existing name ------------------------------------------------------------
 * Three patterns: one name repeated (everything in cache: the pure compute cost), and the
 * NOLD existing names in turn, measured while the table is small (before the symbol workload)
 * and again after it has added its ~17,000 new symbols (buckets and names spread in memory). */
static void bench_intern(const char *when) {
    enum { N = 20480 };
    int hot = when == NULL, R = reps(41);     /* short units (~0.1 ms), many of them */
    double ns[2][MAXREPS];
    for (int rep = -2; rep < R; rep++)
        for (int k = 0; k < 2; k++) {
            int p = (k + rep + 2) % 2;
            uint64_t acc = 0, t0 = now_ns();
            if (p == 0)
                for (int i = 0; i < N; i++) {
                    int j = hot ? 7 : i % NOLD;
                    acc ^= rt_intern(g_old[j], g_oldlen[j]);
                }
            else
                for (int i = 0; i < N; i++) acc ^= mk_symbol(&rt_global_region, g_old[hot ? 7 : i % NOLD]);
            KEEP(acc);
            uint64_t t1 = now_ns();
            g_sink ^= acc;
            if (rep >= 0) ns[p][rep] = (double)(t1 - t0) / N;
        }
    char item[96], note[128];
    if (hot) snprintf(item, sizeof item, "one name repeated (\"%s\")", g_old[7]);
    else snprintf(item, sizeof item, "%d names in turn, %s", NOLD, when);
    snprintf(note, sizeof note, "%zu symbols in the table; average name length %.1f bytes",
             rt_symbol_count(), hot ? (double)g_oldlen[7] : g_old_avglen);
    row("intern", item, "rt_intern(name, len)", stat_of(ns[0], R), "ns/lookup", N, note);
    row("intern", item, "mk_symbol(r, name)", stat_of(ns[1], R), "ns/lookup", N, note);
    fprintf(stderr, "  intern %s: %.2f ns\n", item, stat_of(ns[0], R).med);
}

/* ============================================================================================
 * Region lifecycle: rt_region_enter + rt_region_leave, as every compiled procedure with a
 * frame region does, in a non-inlined function with the Region in its C frame; the loop of N
 * lifecycles is timed as a whole.
 * ========================================================================================== */
__attribute__((noinline)) static uint64_t life_empty(uint64_t i) {
    Region r;
    rt_region_enter(&r);
    KEEP(&r);
    rt_region_leave(&r);
    return i;
}
/* a pair, a flonum and a pair: 48 bytes of the inline buffer */
__attribute__((noinline)) static uint64_t life_inline(uint64_t i) {
    Region r;
    rt_region_enter(&r);
    RtValue a = t_pair(&r, RT_FIX(i), RT_NIL);
    RtValue b = t_float(&r, (double)i);
    RtValue c = t_pair(&r, a, b);
    KEEP(&r);
    rt_region_leave(&r);
    return c;
}
/* 40 pairs (640 bytes) overflow the 512-byte inline buffer: one chunk from the pool and back */
_Static_assert(40 * sizeof(RtPair) > RT_INLINE_BYTES && 48 <= RT_INLINE_BYTES,
               "the lifecycle variants spill, and do not spill, as their names say");
__attribute__((noinline)) static uint64_t life_spill(uint64_t i) {
    Region r;
    rt_region_enter(&r);
    RtValue l = RT_NIL;
    for (int k = 0; k < 40; k++) l = t_pair(&r, RT_FIX(i), l);
    KEEP(&r);
    rt_region_leave(&r);
    return l;
}

static void bench_lifecycle(void) {
    static const long scales[] = {100000, 300000, 1000000, 3000000, 10000000};
    enum { NS = sizeof scales / sizeof scales[0], NV = 3 };
    static const char *const vname[NV] = {"empty", "inline buffer used (3 objects, 48 bytes)",
                                          "spilled (40 pairs, one chunk)"};
    uint64_t (*const fn[NV])(uint64_t) = {life_empty, life_inline, life_spill};
    int R = reps(7);
    static double ns[NV][NS][MAXREPS];
    for (int v = 0; v < NV; v++) {                          /* warm-up, checking each variant */
        uint64_t c0 = rt_alloc_stats.chunks_from_pool + rt_alloc_stats.chunks_from_upstream;
        for (long i = 0; i < 100000; i++) g_sink ^= fn[v]((uint64_t)i);
        uint64_t chunks = rt_alloc_stats.chunks_from_pool + rt_alloc_stats.chunks_from_upstream - c0;
        if (chunks != (v == NV - 1 ? 100000u : 0u))
            die("lifecycle %s: %ld chunks taken in 100000 lifecycles", vname[v], (long)chunks);
    }
    uint64_t ups0 = rt_alloc_stats.upstream_allocs;
    for (int rep = 0; rep < R; rep++)
        for (int s = 0; s < NS; s++)
            for (int k = 0; k < NV; k++) {
                int v = (k + rep + s) % NV;
                long n = scales[s];
                uint64_t acc = 0, t0 = now_ns();
                for (long i = 0; i < n; i++) acc ^= fn[v]((uint64_t)i);
                KEEP(acc);
                uint64_t t1 = now_ns();
                g_sink ^= acc;
                ns[v][s][rep] = (double)(t1 - t0) / (double)n;
            }
    char note[128];
    snprintf(note, sizeof note, "upstream allocations during all timed runs: %llu",
             (unsigned long long)(rt_alloc_stats.upstream_allocs - ups0));
    for (int v = 0; v < NV; v++)
        for (int s = 0; s < NS; s++) {
            char item[32];
            snprintf(item, sizeof item, "%ld", scales[s]);
            row("lifecycle", item, vname[v], stat_of(ns[v][s], R), "ns/lifecycle",
                (double)scales[s], note);
        }
    fprintf(stderr, "  lifecycle 10M: %.2f ns empty, %.2f ns inline, %.2f ns spilled\n",
            stat_of(ns[0][NS - 1], R).med, stat_of(ns[1][NS - 1], R).med,
            stat_of(ns[2][NS - 1], R).med);
}

/* ---- pooling: binary-trees -------------------------------------------------------------------
 * For depth d = 4, 6, ..., 16, 2^(20-d) trees of depth d, each built in its own region,
 * checked (walked) and released: 2^21 pairs per depth, 14.7 M pairs in all. */
static RtValue tree_build(Region *r, int d) {
    if (d == 0) return t_pair(r, RT_NIL, RT_NIL);
    RtValue left = tree_build(r, d - 1);
    RtValue right = tree_build(r, d - 1);
    return t_pair(r, left, right);
}
static int64_t tree_check(RtValue t) {
    RtPair *p = RT_PAIR(t);
    if (p->car == RT_NIL) return 1;
    return 1 + tree_check(p->car) + tree_check(p->cdr);
}
static int64_t binary_trees(void) {
    int64_t total = 0;
    for (int d = 4; d <= 16; d += 2)
        for (long i = 0; i < (1L << (20 - d)); i++) {
            Region r;
            rt_region_init(&r, 1);
            total += tree_check(tree_build(&r, d));
            rt_region_release(&r);
        }
    return total;
}

static long minor_faults(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_minflt;
}

static void bench_pool(void) {
    int R = reps(7);
    static const char *const vname[2] = {"pooled chunks", "fresh chunks (rt_pool_disabled = 1)"};
    double ns[2][MAXREPS];
    uint64_t ups[2] = {0, 0};
    long faults[2] = {0, 0};
    int64_t nodes = 0;
    for (int rep = -1; rep < R; rep++)
        for (int k = 0; k < 2; k++) {
            int v = (k + rep + 1) % 2;
            rt_pool_disabled = v;
            if (v) rt_pool_trim();
            long f0 = minor_faults();
            uint64_t u0 = rt_alloc_stats.upstream_allocs, t0 = now_ns();
            nodes = binary_trees();
            KEEP(nodes);
            uint64_t t1 = now_ns();
            if (rep >= 0) {
                ns[v][rep] = (double)(t1 - t0) / 1e6;
                ups[v] += rt_alloc_stats.upstream_allocs - u0;
                faults[v] += minor_faults() - f0;
            }
        }
    rt_pool_disabled = 0;
    for (int v = 0; v < 2; v++) {
        char note[160];
        snprintf(note, sizeof note, "%lld pairs per run; %.0f upstream allocations per run; "
                 "%.0f page faults per run", (long long)nodes, (double)ups[v] / R,
                 (double)faults[v] / R);
        row("pool", g_upstream, vname[v], stat_of(ns[v], R), "ms", (double)nodes, note);
        fprintf(stderr, "  pool [%s] %s: %.1f ms\n", g_upstream, vname[v],
                stat_of(ns[v], R).med);
    }
}

/* Per-object metadata: the header another region runtime put on every object. */
typedef struct FatHeader {
    Region *owner;            /* owning region */
    uint64_t generation;      /* region generation, for dangling-reference checks */
    uint32_t refcount;
    uint32_t mark;
    uint16_t tag;
    uint16_t flags;
    uint32_t size;
    uint64_t reserved[2];     /* type-table slot, next-object link */
} FatHeader;
typedef struct FatPair { FatHeader h; struct FatPair *car, *cdr; } FatPair;
_Static_assert(sizeof(FatHeader) == 48, "the reference implementation's 48-byte header");

static FatPair *fat_build(Region *r, int d) {
    FatPair *l = NULL, *rt = NULL;
    if (d > 0) { l = fat_build(r, d - 1); rt = fat_build(r, d - 1); }
    FatPair *p = rt_region_bump(r, sizeof(FatPair));
    p->h = (FatHeader){r, r->depth, 1, 0, TYPE_ID_PAIR, 0, sizeof(FatPair), {0, 0}};
    p->car = l;
    p->cdr = rt;
    return p;
}
static int64_t fat_check(const FatPair *p) {
    if (p->car == NULL) return 1;
    return 1 + fat_check(p->car) + fat_check(p->cdr);
}

static void bench_metadata(int DEPTH) {
    int R = reps(11);
    static const char *const vname[2] = {"Regal pair (16 bytes)",
                                         "pair + 48-byte header (64 bytes)"};
    double ns[2][MAXREPS];
    size_t bytes[2] = {0, 0};
    int64_t nodes = 0;
    for (int rep = -2; rep < R; rep++)
        for (int k = 0; k < 2; k++) {
            int v = (k + rep + 2) % 2;
            Region r;
            rt_region_init(&r, 1);
            uint64_t t0 = now_ns();
            nodes = v ? fat_check(fat_build(&r, DEPTH)) : tree_check(tree_build(&r, DEPTH));
            KEEP(nodes);
            uint64_t t1 = now_ns();
            bytes[v] = rt_region_bytes_in_use(&r);
            rt_region_release(&r);
            if (rep >= 0) ns[v][rep] = (double)(t1 - t0) / (double)nodes;
        }
    for (int v = 0; v < 2; v++) {
        char note[64];
        char item[48];
        snprintf(note, sizeof note, "%zu bytes in the region", bytes[v]);
        snprintf(item, sizeof item, "tree of depth %d", DEPTH);
        row("metadata", item, vname[v], stat_of(ns[v], R), "ns/node", (double)nodes, note);
        value_row("metadata_bytes", item, vname[v], (double)bytes[v], "bytes", NULL);
        fprintf(stderr, "  metadata depth %d %s: %.2f ns/node\n", DEPTH, vname[v],
                stat_of(ns[v], R).med);
    }
}

/* ---- inline buffer hit rate (counted in hitrate.c) ----------------------------------------- */
static void bench_hitrate(void) {
    static const char *const pname[2] = {"pairs only", "mixed (pair,float,int,vector3,closure2,string8,box)"};
    for (int pat = 0; pat < 2; pat++) {
        uint64_t hc = 0, ha = 0, tot = 0;
        int spill = 0;
        hitrate_run(64, pat, &hc, &ha, &tot, &spill);
        if (hc != ha) {
            fprintf(stderr, "bench_runner: hit counts disagree: counter %llu, addresses %llu\n",
                    (unsigned long long)hc, (unsigned long long)ha);
            exit(1);
        }
        char note[96];
        snprintf(note, sizeof note, "first k that leaves the inline buffer: %d", spill);
        Stat s = {(double)hc, (double)ha, (double)tot};
        row("hitrate", "regions of k = 1..64 objects", pname[pat], s, "hits(counter),hits(address),total", (double)tot, note);
    }
}

/* ---- object sizes -------------------------------------------------------------------------- */
static void report_sizes(void) {
    static const struct { TypeId t; size_t sz; const char *c; } s[] = {
        {TYPE_ID_PAIR, sizeof(RtPair), "RtPair"},
        {TYPE_ID_FLOAT, sizeof(RtFlonum), "RtFlonum"},
        {TYPE_ID_INT, sizeof(RtBignum), "RtBignum (+ 8 per limb)"},
        {TYPE_ID_SYMBOL, sizeof(RtSymbol), "RtSymbol (+ its name string)"},
        {TYPE_ID_STRING, sizeof(RtString), "RtString (+ 4 per char)"},
        {TYPE_ID_VECTOR, sizeof(RtVector), "RtVector (+ 8 per item)"},
        {TYPE_ID_BYTEVECTOR, sizeof(RtBytevector), "RtBytevector (+ 1 per byte)"},
        {TYPE_ID_CLOSURE, sizeof(RtClosure), "RtClosure (+ 8 per free variable)"},
        {TYPE_ID_BOX, sizeof(RtBox), "RtBox"},
        {TYPE_ID_RECORD, sizeof(RtRecord), "RtRecord (+ 8 per field)"},
        {TYPE_ID_RECORD_TYPE, sizeof(RtRecordType), "RtRecordType"},
        {TYPE_ID_VALUES, sizeof(RtValues), "RtValues (+ 8 per value)"},
        {TYPE_ID_PROMISE, sizeof(RtPromise), "RtPromise"},
        {TYPE_ID_PARAMETER, sizeof(RtParameter), "RtParameter"},
        {TYPE_ID_CONDITION, sizeof(RtCondition), "RtCondition"},
        {TYPE_ID_HASHTABLE, sizeof(RtHashTable), "RtHashTable (+ its RtHashImpl)"},
        {TYPE_ID_PORT, sizeof(RtPort), "RtPort (+ its RtPortImpl)"},
        {TYPE_ID_CONTINUATION, sizeof(RtContinuation), "RtContinuation (+ its RtContImpl)"},
        {TYPE_ID_ENVIRONMENT, sizeof(RtHeader), "RtHeader only"},
    };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        Stat st = {(double)rt_type_size[s[i].t], (double)s[i].sz, (double)rt_type_inline_ok[s[i].t]};
        row("size", rt_type_name[s[i].t], s[i].c, st, "table,sizeof,inline_ok", 0, NULL);
    }
    Stat st = {(double)sizeof(Region), (double)sizeof(Region), 1};
    row("size", "region descriptor", "Region (with its 512-byte inline buffer)", st,
        "table,sizeof,inline_ok", 0, NULL);
}

static void loadavg(const char *key) {
    char buf[128] = "unknown";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f && fgets(buf, sizeof buf, f)) buf[strcspn(buf, "\n")] = 0;
    if (f) fclose(f);
    meta(key, buf);
}

/* The last-level cache, from sysfs ("32768K"), in bytes; 0 if unknown. */
static size_t llc_bytes(void) {
    size_t best = 0;
    for (int i = 0; i < 8; i++) {
        char path[96], buf[32];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        FILE *f = fopen(path, "r");
        if (f == NULL) break;
        if (fgets(buf, sizeof buf, f)) {
            char *end;
            size_t v = strtoull(buf, &end, 10);
            if (*end == 'K') v <<= 10;
            else if (*end == 'M') v <<= 20;
            if (v > best) best = v;
        }
        fclose(f);
    }
    return best;
}

/* ---- the machine --------------------------------------------------------------------------- */
static void report_machine(void) {
    char model[256] = "unknown", line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            char *c = strchr(line, ':');
            if (c) {
                snprintf(model, sizeof model, "%s", c + 2);
                model[strcspn(model, "\n")] = 0;
            }
            break;
        }
    if (f) fclose(f);
    char buf[256];
    meta("cpu", model);
    snprintf(buf, sizeof buf, "%ld", sysconf(_SC_NPROCESSORS_ONLN));
    meta("cores", buf);
    snprintf(buf, sizeof buf, "%zu", llc_bytes());
    meta("llc_bytes", buf);
    snprintf(buf, sizeof buf, "%zu", COLD_BYTES);
    meta("cold_bytes", buf);
    snprintf(buf, sizeof buf, "%u", RT_INLINE_BYTES);     /* the runtime's sizes, for the prose */
    meta("inline_bytes", buf);
    snprintf(buf, sizeof buf, "%u", RT_CHUNK_BYTES);
    meta("chunk_bytes", buf);
    snprintf(buf, sizeof buf, "%u", RT_POOL_MAX);
    meta("pool_max", buf);
    struct utsname u;
    if (uname(&u) == 0) {
        snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release, u.machine);
        meta("kernel", buf);
    }
    meta("compiler", __VERSION__);
    meta("bench_cflags", BENCH_CFLAGS);
    meta("runtime_cflags", BENCH_RT_CFLAGS);
    meta("libc", gnu_get_libc_version());
    unsigned gv = GC_get_version();
    snprintf(buf, sizeof buf, "%u.%u.%u", gv >> 16, (gv >> 8) & 0xff, gv & 0xff);
    meta("libgc", buf);
    if (p_mi_version) {
        int v = p_mi_version();
        snprintf(buf, sizeof buf, "%d.%d.%d", v / 100, (v / 10) % 10, v % 10);
        meta("mimalloc", buf);
    } else meta("mimalloc", "not installed");
    time_t t = time(NULL);
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", gmtime(&t));
    meta("date", buf);
    snprintf(buf, sizeof buf, "%d", reps(15));
    meta("reps", buf);
    loadavg("loadavg_start");
}

/* The runner's work, started as rt_start starts a compiled program, on this thread
 * (rt_start_here: the nursery needs the stack's base, runtime/nursery.c). */
static const char *g_csv_name = "results.csv", *g_only;
static int g_append, g_exit;
static void bench_main(void);

int main(int argc, char **argv) {
    const char *csv = "results.csv", *only = NULL;
    int append = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!strcmp(argv[i], "--append")) append = 1;
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--upstream") && i + 1 < argc) g_upstream = argv[++i];
        else if (!strcmp(argv[i], "--kind") && i + 1 < argc) g_kind = argv[++i];
        else if (!strcmp(argv[i], "--place") && i + 1 < argc) g_place = argv[++i];
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            g_reps_override = atoi(argv[++i]);
            if (g_reps_override < 3 || g_reps_override > MAXREPS)
                die("--reps: %s is not in 3..%ld", argv[i], MAXREPS);
        } else die("%s unknown argument %ld", argv[i], i);
    }
    if (only != NULL && strcmp(only, "pool") != 0 && strcmp(only, "place") != 0)
        die("--only %s: \"pool\" or \"place\" (%ld)", only, 0);
    g_csv_name = csv;
    g_only = only;
    g_append = append;
    /* the collector and its roots as for a compiled program (heap size included) */
    int rc = rt_start_here(argc, argv, bench_main);
    return rc != 0 ? rc : g_exit;
}

static void bench_main(void) {
    const char *csv = g_csv_name, *only = g_only;
    int append = g_append;
    init_kinds();
    g_csv = fopen(csv, append ? "a" : "w");
    if (g_csv == NULL) die("cannot write %s (%ld)", csv, 0);
    if (!append) fputs("section,item,variant,median,min,max,unit,count,note\n", g_csv);
    uint64_t start = now_ns();

    if (only != NULL && strcmp(only, "pool") == 0) {
        fprintf(stderr, "bench_runner: pooling, upstream %s\n", g_upstream);
        bench_pool();
        g_exit = fclose(g_csv) != 0;
        return;
    }

    load_mimalloc();
    report_machine();
    g_warm = malloc(ROUND_BYTES);
    g_cold = malloc(COLD_BYTES);
    if (g_warm == NULL || g_cold == NULL) die("%s cannot allocate the bump buffers (%ld)", "", 0);
    memset(g_warm, 1, ROUND_BYTES);                         /* prefault */
    memset(g_cold, 1, COLD_BYTES);
    if (llc_bytes() != 0 && COLD_BYTES < 4 * llc_bytes())
        die("%s the cold bump buffer is not 4x the last-level cache (%ld bytes)", "",
            (long)llc_bytes());
    RtValue fields = mk_pair(&rt_global_region, rt_intern("x", 1),
                             mk_pair(&rt_global_region, rt_intern("y", 1), RT_NIL));
    g_rtd_obj = *RT_AS(RtRecordType, rt_p_make_record_type(&rt_global_region, "bench",
                                                           rt_intern("point", 5), fields));
    g_big62 = mk_int(&rt_global_region, BIG0);
    make_old_names();
    verify_seed();
    verify_like_for_like();
    fprintf(stderr, "bench_runner: every path builds identical objects\n");
    report_sizes();
    rt_nursery_start();   /* as a -fnursery program does first, if it can here */
    g_nursery_on = rt_nursery.span != 0;
    /* Off while the other places run: a program without -fnursery has none, and while it is on
     * the runtime's libgc allocations are noted for its minor collections (regal.h). */
    g_nursery_span = rt_nursery.span;
    rt_nursery.span = 0;
    meta("nursery", g_nursery_on ? "on" : "off");
    bench_places();
    if (only != NULL) {                                      /* --only place */
        g_exit = fclose(g_csv) != 0;
        return;
    }
    bench_like();
    bench_intern(NULL);
    bench_intern("small table");
    bench_seed();
    bench_intern("after the symbol workload");
    bench_lifecycle();
    bench_pool();
    bench_metadata(14);
    bench_metadata(16);
    bench_hitrate();
    char buf[32];
    double wall = (double)(now_ns() - start) / 1e9;
    snprintf(buf, sizeof buf, "%.1f", wall);
    meta("runner_seconds", buf);
    snprintf(buf, sizeof buf, "%.0f", 100.0 * ((double)clock() / CLOCKS_PER_SEC) / wall);
    meta("cpu_share_percent", buf);      /* 100: the runner had a core to itself */
    loadavg("loadavg_end");
    g_exit = fclose(g_csv) != 0;
}
