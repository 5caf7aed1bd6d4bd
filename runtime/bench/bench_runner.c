/* bench_runner.c: measures the runtime's allocation paths (issue 3) and writes the raw numbers.
 *
 * Six measurements: typed allocation (alloc_obj_typed / alloc_obj_sized, fields filled
 * directly, as the compiler emits it) against the mk_* constructors on seven workloads, with
 * the limits measured beside them (raw bump pointer, glibc malloc+free, mimalloc); region
 * lifecycle at scale; pooled chunks against fresh ones; per-object metadata; the inline buffer
 * hit rate (hitrate.c); object sizes. Every number is a median over >= 7 repetitions with its
 * min and max, timed with CLOCK_MONOTONIC after a warm-up, the paths run in rotating order.
 * Output: CSV rows (section,item,variant,median,min,max,unit,count,note) that report.py turns
 * into BENCHMARK_RESULTS_TYPED_CODEGEN.md. Entry point: main.
 *   bench_runner --csv FILE [--append] [--only pool] [--upstream NAME]
 */
#define _GNU_SOURCE
#include "regal.h"

#include <dlfcn.h>
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

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static Stat stat_of(const double *xs, int n) {
    double s[64];
    memcpy(s, xs, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    Stat st = {n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2, s[0], s[n - 1]};
    return st;
}

/* ---- CSV ----------------------------------------------------------------------------------- */
static FILE *g_csv;
static const char *g_upstream = "malloc";

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

/* ---- the objects, typed and through constructors -------------------------------------------
 * t_* is what the compiler emits (allocation with a constant type id, every field written);
 * c_* calls the out-of-line mk_* constructor. Both must build byte-identical objects
 * (verify_* checks that once per workload). */
#define BIG0 ((int64_t)1 << 62)             /* > RT_FIXNUM_MAX: a real one-limb bignum */

static inline RtValue t_int(Region *r, int64_t n) {      /* n > RT_FIXNUM_MAX, positive */
    RtBignum *b = alloc_obj_sized(r, TYPE_ID_INT, sizeof(uint64_t));
    b->hdr = RT_HDR(TYPE_ID_INT, 1u << 1);
    b->limbs[0] = (uint64_t)n;
    return RT_TAG_AS_OBJ(b);
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
static char g_newbuf[MAXNEW][24];
static size_t g_newlen[MAXNEW];
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

/* ---- verification: both paths build the same object ---------------------------------------- */
static size_t obj_bytes(RtValue v) {
    if (RT_IS_PAIR(v)) return sizeof(RtPair);
    if (!RT_IS_OBJ(v)) return 0;
    RtHeader h = *RT_OBJ(v);
    uint64_t n = RT_HDR_COUNT(h);
    switch (RT_HDR_TYPE(h)) {
    case TYPE_ID_INT: return RT_ROUND(rt_type_size[TYPE_ID_INT] + 8 * (n >> 1));
    case TYPE_ID_VECTOR: return RT_ROUND(rt_type_size[TYPE_ID_VECTOR] + 8 * n);
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
        fprintf(stderr, "bench_runner: VERIFY FAILED: %s object %ld differs between the typed "
                        "path (%#llx) and the constructor path (%#llx)\n",
                what, i, (unsigned long long)a, (unsigned long long)b);
        exit(1);
    }
}
static void verify_all(void) {
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

/* ---- workloads 1 and 2: one batch = `iters` iterations of `n` objects ----------------------- */
enum { P_TYPED, P_CTOR, P_BUMP, P_MALLOC, P_MIMALLOC, NPATHS };
static const char *const path_name[NPATHS] = {"typed", "constructor", "bump", "malloc",
                                              "mimalloc"};
enum { W_INT, W_FLOAT, W_PAIR, W_SYMBOL, W_ARRAY, W_MIXED, W_LARGE, NWORK };
typedef struct {
    const char *name;
    int n, iters;          /* objects per iteration, iterations per timed batch */
    size_t obj_size;       /* bytes per object (limits write the same) */
    int has_limits;        /* bump / malloc / mimalloc are meaningful */
} Workload;
static const Workload works[NWORK] = {
    [W_INT] = {"integer", 1000, 64, 16, 1},
    [W_FLOAT] = {"float", 1000, 64, 16, 1},
    [W_PAIR] = {"pair", 1000, 64, 16, 1},
    [W_SYMBOL] = {"symbol", 100, 64, 0, 0},
    [W_ARRAY] = {"array", 100, 64, 88, 1},
    [W_MIXED] = {"mixed", 1000, 64, 0, 0},
    [W_LARGE] = {"large", 100000, 1, 16, 1},
};
#define SYM_NEW_PER_ITER 10                 /* of 100 symbols: 10 new names, 90 existing */

static uint64_t *g_bump;                     /* preallocated, prefaulted bump buffer */
#define BUMP_BYTES (8u << 20)
static void **g_ptrs;                        /* objects held by the malloc paths */

static uint64_t batch_typed(int w, Region *r, int iters, int n) {
    uint64_t acc = 0;
    for (int it = 0; it < iters; it++) {
        int64_t b = (int64_t)it * n;
        switch (w) {
        case W_INT: case W_LARGE:
            for (int i = 0; i < n; i++) acc ^= t_int(r, BIG0 + b + i);
            break;
        case W_FLOAT:
            for (int i = 0; i < n; i++) acc ^= t_float(r, (double)(b + i));
            break;
        case W_PAIR:
            for (int i = 0; i < n; i++) acc ^= t_pair(r, RT_FIX(b + i), RT_FIX(i));
            break;
        case W_SYMBOL:
            for (int i = 0, k = 0; i < n; i++) {
                if (i % 10 == 0) {
                    int j = it * SYM_NEW_PER_ITER + i / 10;
                    acc ^= rt_intern(g_newbuf[j], g_newlen[j]);
                } else {
                    int j = (int)((b + k++) % NOLD);
                    acc ^= rt_intern(g_old[j], g_oldlen[j]);
                }
            }
            break;
        case W_ARRAY:
            for (int i = 0; i < n; i++) acc ^= t_vector(r, 10, b + i);
            break;
        case W_MIXED:
            for (int i = 0; i < n; i++) acc ^= t_mixed(r, i);
            break;
        }
    }
    return acc;
}
static uint64_t batch_ctor(int w, Region *r, int iters, int n) {
    uint64_t acc = 0;
    for (int it = 0; it < iters; it++) {
        int64_t b = (int64_t)it * n;
        switch (w) {
        case W_INT: case W_LARGE:
            for (int i = 0; i < n; i++) acc ^= mk_int(r, BIG0 + b + i);
            break;
        case W_FLOAT:
            for (int i = 0; i < n; i++) acc ^= mk_float(r, (double)(b + i));
            break;
        case W_PAIR:
            for (int i = 0; i < n; i++) acc ^= mk_pair(r, RT_FIX(b + i), RT_FIX(i));
            break;
        case W_SYMBOL:
            for (int i = 0, k = 0; i < n; i++) {
                if (i % 10 == 0) acc ^= mk_symbol(r, g_newbuf[it * SYM_NEW_PER_ITER + i / 10]);
                else acc ^= mk_symbol(r, g_old[(b + k++) % NOLD]);
            }
            break;
        case W_ARRAY:
            for (int i = 0; i < n; i++) acc ^= c_vector(r, 10, b + i);
            break;
        case W_MIXED:
            for (int i = 0; i < n; i++) acc ^= c_mixed(r, i);
            break;
        }
    }
    return acc;
}
/* The physical limit: a bump pointer with no bounds test into a prefaulted buffer, writing the
 * same words the typed path writes. */
static uint64_t batch_bump(int w, int iters, int n) {
    uint64_t acc = 0;
    for (int it = 0; it < iters; it++) {
        uint64_t *p = g_bump;
        int64_t b = (int64_t)it * n;
        switch (w) {
        case W_INT: case W_LARGE:
            for (int i = 0; i < n; i++, p += 2) {
                p[0] = RT_HDR(TYPE_ID_INT, 2); p[1] = (uint64_t)(BIG0 + b + i);
                acc ^= RT_TAG_AS_OBJ(p);
            }
            break;
        case W_FLOAT:
            for (int i = 0; i < n; i++, p += 2) {
                double d = (double)(b + i);
                p[0] = RT_HDR(TYPE_ID_FLOAT, 0); memcpy(&p[1], &d, 8);
                acc ^= RT_TAG_AS_OBJ(p);
            }
            break;
        case W_PAIR:
            for (int i = 0; i < n; i++, p += 2) {
                p[0] = RT_FIX(b + i); p[1] = RT_FIX(i);
                acc ^= RT_TAG_AS_PAIR(p);
            }
            break;
        case W_ARRAY:
            for (int i = 0; i < n; i++, p += 11) {
                p[0] = RT_HDR(TYPE_ID_VECTOR, 10);
                for (int j = 0; j < 10; j++) p[1 + j] = RT_FIX(b + i + j);
                acc ^= RT_TAG_AS_OBJ(p);
            }
            break;
        }
        KEEP(p);
    }
    return acc;
}
/* malloc (or mimalloc) each object, fill it, keep it; free the iteration's objects at its end. */
static uint64_t batch_malloc(int w, int iters, int n, int mi) {
    uint64_t acc = 0;
    size_t sz = works[w].obj_size;
    for (int it = 0; it < iters; it++) {
        int64_t b = (int64_t)it * n;
        for (int i = 0; i < n; i++) {
            uint64_t *p = mi ? p_mi_malloc(sz) : malloc(sz);
            switch (w) {
            case W_INT: case W_LARGE:
                p[0] = RT_HDR(TYPE_ID_INT, 2); p[1] = (uint64_t)(BIG0 + b + i); break;
            case W_FLOAT: {
                double d = (double)(b + i);
                p[0] = RT_HDR(TYPE_ID_FLOAT, 0); memcpy(&p[1], &d, 8); break;
            }
            case W_PAIR: p[0] = RT_FIX(b + i); p[1] = RT_FIX(i); break;
            case W_ARRAY:
                p[0] = RT_HDR(TYPE_ID_VECTOR, 10);
                for (int j = 0; j < 10; j++) p[1 + j] = RT_FIX(b + i + j);
                break;
            }
            g_ptrs[i] = p;
            acc ^= (uintptr_t)p;
        }
        KEEP(g_ptrs);
        if (mi) for (int i = 0; i < n; i++) p_mi_free(g_ptrs[i]);
        else for (int i = 0; i < n; i++) free(g_ptrs[i]);
    }
    return acc;
}

/* One timed batch of path p: region created before the clock starts, released after it stops.
 * Returns ns per object. */
static double run_batch(int w, int p) {
    const Workload *wk = &works[w];
    Region r;
    rt_region_init(&r, 1);
    if (w == W_SYMBOL) make_new_names(wk->iters * SYM_NEW_PER_ITER);
    uint64_t acc, t0 = now_ns();
    switch (p) {
    case P_TYPED: acc = batch_typed(w, &r, wk->iters, wk->n); break;
    case P_CTOR: acc = batch_ctor(w, &r, wk->iters, wk->n); break;
    case P_BUMP: acc = batch_bump(w, wk->iters, wk->n); break;
    default: acc = batch_malloc(w, wk->iters, wk->n, p == P_MIMALLOC); break;
    }
    KEEP(acc);
    uint64_t t1 = now_ns();
    rt_region_release(&r);
    g_sink ^= acc;
    return (double)(t1 - t0) / ((double)wk->iters * wk->n);
}

#define REPS 15
static void bench_alloc(void) {
    for (int w = 0; w < NWORK; w++) {
        const Workload *wk = &works[w];
        int paths[NPATHS], np = 0;
        paths[np++] = P_TYPED;
        paths[np++] = P_CTOR;
        if (wk->has_limits) {
            paths[np++] = P_BUMP;
            paths[np++] = P_MALLOC;
            if (p_mi_malloc) paths[np++] = P_MIMALLOC;
        }
        double ns[NPATHS][REPS];
        for (int k = 0; k < np; k++) { run_batch(w, paths[k]); run_batch(w, paths[k]); }
        for (int rep = 0; rep < REPS; rep++)            /* rotate: each path leads in turn */
            for (int k = 0; k < np; k++) {
                int p = paths[(k + rep) % np];
                ns[p][rep] = run_batch(w, p);
            }
        char note[128];
        snprintf(note, sizeof note, "%d iterations x %d objects per timed batch", wk->iters,
                 wk->n);
        for (int k = 0; k < np; k++)
            row("alloc", wk->name, path_name[paths[k]], stat_of(ns[paths[k]], REPS),
                "ns/object", (double)wk->iters * wk->n, note);
        fprintf(stderr, "  alloc %-8s typed %.2f ns, constructor %.2f ns\n", wk->name,
                stat_of(ns[P_TYPED], REPS).med, stat_of(ns[P_CTOR], REPS).med);
    }
}

/* ---- interning an existing name ------------------------------------------------------------
 * Three patterns: one name repeated (everything in cache: the pure compute cost), and the
 * NOLD existing names in turn, measured while the table is small (before the symbol workload)
 * and again after it has added its ~17,000 new symbols (buckets and names spread in memory). */
#define IREPS 41                            /* short units (~0.1 ms), many of them */
static void bench_intern(const char *when) {
    enum { N = 20480 };
    int hot = when == NULL;
    double ns[2][IREPS];
    for (int rep = -2; rep < IREPS; rep++)
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
    row("intern", item, "rt_intern(name, len)", stat_of(ns[0], IREPS), "ns/lookup", N, note);
    row("intern", item, "mk_symbol(r, name)", stat_of(ns[1], IREPS), "ns/lookup", N, note);
    fprintf(stderr, "  intern %s: %.2f ns\n", item, stat_of(ns[0], IREPS).med);
}

/* ---- workload 3: region lifecycle at scale (create and release inside the timed loop) ------- */
/* A function-sized region in its own C frame: init, a pair, a float and a pair, release. */
__attribute__((noinline)) static uint64_t life_small(uint64_t i) {
    Region r;
    rt_region_init(&r, 1);
    RtValue a = t_pair(&r, RT_FIX(i), RT_NIL);
    RtValue b = t_float(&r, (double)i);
    RtValue c = t_pair(&r, a, b);
    KEEP(&r);
    rt_region_release(&r);
    return c;
}
/* The same, but 40 pairs (640 bytes) overflow the 512-byte inline buffer: one chunk from the
 * pool and back. */
__attribute__((noinline)) static uint64_t life_spill(uint64_t i) {
    Region r;
    rt_region_init(&r, 1);
    RtValue l = RT_NIL;
    for (int k = 0; k < 40; k++) l = t_pair(&r, RT_FIX(i), l);
    KEEP(&r);
    rt_region_release(&r);
    return l;
}

static void bench_lifecycle(void) {
    static const long scales[] = {100000, 500000, 1000000, 3000000, 5000000, 7000000, 10000000};
    enum { NS = sizeof scales / sizeof scales[0], LREPS = 7 };
    static const char *const vname[2] = {"inline (3 objects)", "spill (40 pairs, one chunk)"};
    double ns[2][NS][LREPS];
    for (int v = 0; v < 2; v++)                            /* warm-up */
        for (long i = 0; i < 100000; i++) g_sink ^= v ? life_spill(i) : life_small(i);
    uint64_t ups0 = rt_alloc_stats.upstream_allocs;
    for (int rep = 0; rep < LREPS; rep++)
        for (int s = 0; s < NS; s++)
            for (int k = 0; k < 2; k++) {
                int v = (k + rep + s) % 2;
                long n = scales[s];
                uint64_t acc = 0, t0 = now_ns();
                if (v == 0) for (long i = 0; i < n; i++) acc ^= life_small((uint64_t)i);
                else for (long i = 0; i < n; i++) acc ^= life_spill((uint64_t)i);
                KEEP(acc);
                uint64_t t1 = now_ns();
                g_sink ^= acc;
                ns[v][s][rep] = (double)(t1 - t0) / (double)n;
            }
    char note[128];
    snprintf(note, sizeof note, "upstream allocations during all timed runs: %llu",
             (unsigned long long)(rt_alloc_stats.upstream_allocs - ups0));
    for (int v = 0; v < 2; v++)
        for (int s = 0; s < NS; s++) {
            char item[32];
            snprintf(item, sizeof item, "%ld", scales[s]);
            row("lifecycle", item, vname[v], stat_of(ns[v][s], LREPS), "ns/lifecycle",
                (double)scales[s], note);
        }
    fprintf(stderr, "  lifecycle 10M: %.2f ns inline, %.2f ns spill\n",
            stat_of(ns[0][NS - 1], LREPS).med, stat_of(ns[1][NS - 1], LREPS).med);
}

/* ---- workloads 4 and 5: trees ----------------------------------------------------------------
 * binary-trees: for depth d = 4, 6, ..., 16, 2^(20-d) trees of depth d, each built in its own
 * region, checked (walked) and released: 2^21 pairs per depth, 14.7 M pairs in all. */
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
    enum { PREPS = 7 };
    static const char *const vname[2] = {"pooled chunks", "fresh chunks (rt_pool_disabled = 1)"};
    double ns[2][PREPS];
    uint64_t ups[2] = {0, 0};
    long faults[2] = {0, 0};
    int64_t nodes = 0;
    for (int rep = -1; rep < PREPS; rep++)
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
                 "%.0f page faults per run", (long long)nodes, (double)ups[v] / PREPS,
                 (double)faults[v] / PREPS);
        row("pool", g_upstream, vname[v], stat_of(ns[v], PREPS), "ms", (double)nodes, note);
        fprintf(stderr, "  pool [%s] %s: %.1f ms\n", g_upstream, vname[v],
                stat_of(ns[v], PREPS).med);
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
    enum { MREPS = 11 };
    static const char *const vname[2] = {"Regal pair (16 bytes)",
                                         "pair + 48-byte header (64 bytes)"};
    double ns[2][MREPS];
    size_t bytes[2] = {0, 0};
    int64_t nodes = 0;
    for (int rep = -2; rep < MREPS; rep++)
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
        row("metadata", item, vname[v], stat_of(ns[v], MREPS), "ns/node", (double)nodes, note);
        value_row("metadata_bytes", item, vname[v], (double)bytes[v], "bytes", NULL);
        fprintf(stderr, "  metadata depth %d %s: %.2f ns/node\n", DEPTH, vname[v],
                stat_of(ns[v], MREPS).med);
    }
}

/* ---- workload 6: inline buffer hit rate (counted in hitrate.c) ----------------------------- */
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
    struct utsname u;
    if (uname(&u) == 0) {
        snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release, u.machine);
        meta("kernel", buf);
    }
    meta("compiler", __VERSION__);
    meta("bench_cflags", BENCH_CFLAGS);
    meta("runtime_cflags", BENCH_RT_CFLAGS);
    meta("libc", gnu_get_libc_version());
    if (p_mi_version) {
        int v = p_mi_version();
        snprintf(buf, sizeof buf, "%d.%d.%d", v / 100, (v / 10) % 10, v % 10);
        meta("mimalloc", buf);
    } else meta("mimalloc", "not installed");
    time_t t = time(NULL);
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", gmtime(&t));
    meta("date", buf);
    snprintf(buf, sizeof buf, "%d", REPS);
    meta("reps", buf);
    loadavg("loadavg_start");
}

int main(int argc, char **argv) {
    const char *csv = "results.csv", *only = NULL;
    int append = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!strcmp(argv[i], "--append")) append = 1;
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--upstream") && i + 1 < argc) g_upstream = argv[++i];
        else die("%s unknown argument %ld", argv[i], i);
    }
    g_csv = fopen(csv, append ? "a" : "w");
    if (g_csv == NULL) die("cannot write %s (%ld)", csv, 0);
    if (!append) fputs("section,item,variant,median,min,max,unit,count,note\n", g_csv);
    uint64_t start = now_ns();

    if (only != NULL && !strcmp(only, "pool")) {
        fprintf(stderr, "bench_runner: pooling, upstream %s\n", g_upstream);
        bench_pool();
        return fclose(g_csv) != 0;
    }

    load_mimalloc();
    report_machine();
    g_bump = malloc(BUMP_BYTES);
    memset(g_bump, 1, BUMP_BYTES);                          /* prefault */
    g_ptrs = malloc(100000 * sizeof *g_ptrs);
    memset(g_ptrs, 0, 100000 * sizeof *g_ptrs);
    make_old_names();
    verify_all();
    fprintf(stderr, "bench_runner: typed and constructor paths build identical objects\n");
    report_sizes();
    bench_intern(NULL);
    bench_intern("small table");
    bench_alloc();
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
    return fclose(g_csv) != 0;
}
