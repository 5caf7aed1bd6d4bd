/* task_bench.c: issue 18's measurements of the task runtime (runtime/task.c) and of where a
 * thread's region chunks come from, each with its anchor in the same run. Run inside rt_start
 * (the collector, the program thread and its roots set up as for a compiled program).
 *   lifecycle  spawn + touch of a trivial task (create, run, destroy, get the result) at 100K,
 *              1M and 10M tasks: ns per task, wall and CPU (all threads). Anchor: the
 *              coroutine runtime's full lifecycle, 97-195 ns per task at 100K-10M.
 *   batch      1000 trivial tasks spawned, then touched (thieves take some): ns per task.
 *   counters   50,000 trivial jobs: detached (one shared counter, no result cell), futures (a
 *              result cell and state per task), parallel-map (one group counter). Anchor: the
 *              job system's 50k jobs, 10.0 ms with a counter per job, 5.2 ms without.
 *   chunks     take and give back one 64 KiB chunk: the thread-local pool (rt_region_enter, a
 *              1 KiB object, rt_region_leave: the real path), a global pool under a mutex,
 *              fresh from malloc and from mimalloc (dlopen'd, when installed), with 1 and 2
 *              threads at once: ns per take+release.
 * Output: CSV lines "section,item,variant,value,unit" on stdout; each value the median of REPS
 * runs. Usage: task_bench [reps]; REGAL_WORKERS sets the pool (the lifecycle runs in both).
 */
#define _GNU_SOURCE
#include "rtlib.h"

#include <dlfcn.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static int g_reps = 5;

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
static uint64_t cpu_ns(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ((uint64_t)ru.ru_utime.tv_sec + (uint64_t)ru.ru_stime.tv_sec) * 1000000000u +
           ((uint64_t)ru.ru_utime.tv_usec + (uint64_t)ru.ru_stime.tv_usec) * 1000u;
}
static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *xs, int n) {
    qsort(xs, (size_t)n, sizeof *xs, cmp_d);
    return xs[n / 2];
}
static void out(const char *section, const char *item, const char *variant, double v,
                const char *unit) {
    printf("%s,%s,%s,%.2f,%s\n", section, item, variant, v, unit);
    fflush(stdout);
}

static RtValue trivial_code(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2,
                            RtValue a3) {
    return RT_FIX(1);
}
static RtValue noop_code(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2,
                         RtValue a3) {
    return a0;
}

/* ---- lifecycle -------------------------------------------------------------------------- */
static void bench_lifecycle(RtValue thunk) {
    const char *w = getenv("REGAL_WORKERS");
    char variant[64];
    snprintf(variant, sizeof variant, "%s worker(s)", w ? w : "default");
    static const int64_t counts[] = {100000, 1000000, 10000000};
    for (int c = 0; c < 3; c++) {
        int64_t n = counts[c];
        double wall[16], cpu[16];
        int reps = g_reps > 16 ? 16 : g_reps;
        for (int r = 0; r < reps; r++) {
            uint64_t t0 = now_ns(), c0 = cpu_ns();
            int64_t sum = 0;
            for (int64_t i = 0; i < n; i++)
                sum += RT_FIXVAL(rt_p_touch(&rt_gc_region, NULL, rt_p_spawn(&rt_gc_region, NULL, thunk)));
            uint64_t t1 = now_ns(), c1 = cpu_ns();
            if (sum != n) { fprintf(stderr, "lifecycle: wrong sum\n"); exit(1); }
            wall[r] = (double)(t1 - t0) / (double)n;
            cpu[r] = (double)(c1 - c0) / (double)n;
        }
        char item[64];
        snprintf(item, sizeof item, "spawn+touch, %lld tasks", (long long)n);
        out("lifecycle", item, variant, median(wall, reps), "ns/task wall");
        out("lifecycle", item, variant, median(cpu, reps), "ns/task cpu");
    }
    /* a batch: spawned first, then touched; the other workers steal part of it */
    enum { BATCH = 1000, ROUNDS = 1000 };
    static RtValue fs[BATCH];
    double wall[16];
    int reps = g_reps > 16 ? 16 : g_reps;
    for (int r = 0; r < reps; r++) {
        uint64_t t0 = now_ns();
        for (int k = 0; k < ROUNDS; k++) {
            for (int i = 0; i < BATCH; i++) fs[i] = rt_p_spawn(&rt_gc_region, NULL, thunk);
            for (int i = 0; i < BATCH; i++) rt_p_touch(&rt_gc_region, NULL, fs[i]);
        }
        wall[r] = (double)(now_ns() - t0) / (double)(BATCH * ROUNDS);
    }
    out("lifecycle", "1000 spawned then 1000 touched, 10^6 tasks", variant, median(wall, reps), "ns/task wall");
}

/* ---- counters ----------------------------------------------------------------------------- */
static void bench_counters(RtValue thunk, RtValue ident) {
    enum { JOBS = 50000 };
    static RtValue fs[JOBS];
    double a[16], b[16], c[16];
    int reps = g_reps > 16 ? 16 : g_reps;
    RtValue list = RT_NIL;
    for (int i = 0; i < JOBS; i++) list = rt_cons(&rt_gc_region, RT_FIX(i), list);
    double ac[16], bc[16], cc[16];
    for (int r = 0; r < reps; r++) {
        uint64_t t0 = now_ns(), c0 = cpu_ns();
        for (int i = 0; i < JOBS; i++) rt_p_spawn_detached(&rt_gc_region, NULL, thunk);
        rt_p_wait_detached(&rt_gc_region, NULL);
        uint64_t t1 = now_ns(), c1 = cpu_ns();
        for (int i = 0; i < JOBS; i++) fs[i] = rt_p_spawn(&rt_gc_region, NULL, thunk);
        for (int i = 0; i < JOBS; i++) rt_p_touch(&rt_gc_region, NULL, fs[i]);
        uint64_t t2 = now_ns(), c2 = cpu_ns();
        rt_p_parallel_map(&rt_gc_region, NULL, ident, list);
        uint64_t t3 = now_ns(), c3 = cpu_ns();
        a[r] = (double)(t1 - t0) / 1e6;
        b[r] = (double)(t2 - t1) / 1e6;
        c[r] = (double)(t3 - t2) / 1e6;
        ac[r] = (double)(c1 - c0) / 1e6;
        bc[r] = (double)(c2 - c1) / 1e6;
        cc[r] = (double)(c3 - c2) / 1e6;
    }
    out("counters", "50k jobs", "detached, one shared counter", median(a, reps), "ms wall");
    out("counters", "50k jobs", "futures, a result cell each", median(b, reps), "ms wall");
    out("counters", "50k jobs", "parallel-map, one group counter", median(c, reps), "ms wall");
    out("counters", "50k jobs", "detached, one shared counter", median(ac, reps), "ms cpu");
    out("counters", "50k jobs", "futures, a result cell each", median(bc, reps), "ms cpu");
    out("counters", "50k jobs", "parallel-map, one group counter", median(cc, reps), "ms cpu");
    out("counters", "50k jobs", "anchor: job system, counter per job", 10.0, "ms");
    out("counters", "50k jobs", "anchor: job system, no per-job counter", 5.2, "ms");
}

/* ---- chunks ------------------------------------------------------------------------------- */
enum { CHUNK = 64 * 1024, CHUNK_ITERS = 2000000 };
static pthread_mutex_t g_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static void *g_pool;                      /* a global pool: a list of chunks under a mutex */
static void *(*p_mi_malloc)(size_t);
static void (*p_mi_free)(void *);

static void *global_take(void) {
    pthread_mutex_lock(&g_pool_lock);
    void *p = g_pool;
    if (p != NULL) g_pool = *(void **)p;
    pthread_mutex_unlock(&g_pool_lock);
    if (p == NULL) p = malloc(CHUNK);
    return p;
}
static void global_give(void *p) {
    pthread_mutex_lock(&g_pool_lock);
    *(void **)p = g_pool;
    g_pool = p;
    pthread_mutex_unlock(&g_pool_lock);
}

typedef struct { int how; double ns; pthread_barrier_t *bar; } ChunkArg;

static double chunk_loop(int how) {
    uint64_t t0 = now_ns();
    for (int i = 0; i < CHUNK_ITERS; i++) {
        switch (how) {
        case 0: {   /* the thread-local pool: a region takes a chunk and gives it back */
            Region r;
            rt_region_enter(&r);
            char *p = rt_region_bump(&r, 1024);
            p[0] = 1;
            rt_region_leave(&r);
            break;
        }
        case 1: { char *p = global_take(); p[0] = 1; global_give(p); break; }
        case 2: { char *p = malloc(CHUNK); p[0] = 1; __asm__ volatile("" ::"r"(p) : "memory"); free(p); break; }
        case 3: { char *p = p_mi_malloc(CHUNK); p[0] = 1; __asm__ volatile("" ::"r"(p) : "memory"); p_mi_free(p); break; }
        }
    }
    return (double)(now_ns() - t0) / CHUNK_ITERS;
}

static void chunk_body(void *p) {
    ChunkArg *a = p;
    pthread_barrier_wait(a->bar);
    a->ns = chunk_loop(a->how);
}
static void *chunk_thread(void *p) {
    rt_thread_run(chunk_body, p);
    return NULL;
}

static void bench_chunks(void) {
    void *h = dlopen("libmimalloc.so.2", RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) h = dlopen("libmimalloc.so", RTLD_NOW | RTLD_LOCAL);
    if (h != NULL) {
        p_mi_malloc = (void *(*)(size_t))dlsym(h, "mi_malloc");
        p_mi_free = (void (*)(void *))dlsym(h, "mi_free");
    }
    static const char *const name[4] = {"thread-local pool (region enter/leave)",
                                        "global pool with a mutex", "malloc/free", "mimalloc"};
    for (int how = 0; how < 4; how++) {
        if (how == 3 && p_mi_malloc == NULL) continue;
        for (int nth = 1; nth <= 2; nth++) {
            double xs[16];
            int reps = g_reps > 16 ? 16 : g_reps;
            for (int r = 0; r < reps; r++) {
                if (nth == 1) {
                    xs[r] = chunk_loop(how);
                } else {
                    pthread_barrier_t bar;
                    pthread_barrier_init(&bar, NULL, 2);
                    ChunkArg a1 = {how, 0, &bar}, a2 = {how, 0, &bar};
                    pthread_t th;
                    if (rt_thread_create(&th, chunk_thread, &a2) != 0) exit(1);
                    chunk_body(&a1);
                    rt_thread_join(th);
                    pthread_barrier_destroy(&bar);
                    xs[r] = (a1.ns + a2.ns) / 2;
                }
            }
            out("chunks", name[how], nth == 1 ? "1 thread" : "2 threads", median(xs, reps),
                "ns per take+release");
        }
    }
}

static int g_argc;
static char **g_argv;

static void bench_main(void) {
    if (g_argc > 1 && atoi(g_argv[1]) > 0) g_reps = atoi(g_argv[1]);
    RtValue thunk = mk_closure(&rt_gc_region, trivial_code, 0);
    RtValue ident = mk_closure(&rt_gc_region, noop_code, 0);
    const char *only = g_argc > 2 ? g_argv[2] : NULL;
    if (only == NULL || strcmp(only, "lifecycle") == 0) bench_lifecycle(thunk);
    if (only == NULL || strcmp(only, "counters") == 0) bench_counters(thunk, ident);
    if (only == NULL || strcmp(only, "chunks") == 0) bench_chunks();
}

int main(int argc, char **argv) {
    g_argc = argc;
    g_argv = argv;
    return rt_start(argc, argv, bench_main);
}
