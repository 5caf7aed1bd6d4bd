/* task.c: fork/join tasks on a pool of worker threads with work stealing: (spawn thunk) ->
 * future, (touch future), (parallel-map f list), (spawn-detached thunk), (wait-detached).
 *
 * Scheduling. Every thread that spawns, and every worker, has a DEQUE of its own (a Chase-Lev
 * work-stealing deque of fixed capacity: the owner pushes and pops at the bottom, LIFO, with no
 * atomic read-modify-write but on the last item; thieves take the oldest from the top with one
 * compare-and-swap). A full deque runs the new task at once (eager, still correct). The pool
 * has REGAL_WORKERS workers (default: one per online core); the thread that waits in touch,
 * parallel-map or wait-detached counts as one of them: it runs tasks from its own deque, or
 * steals, until what it waits for is done (so nested spawns never deadlock), and the pool
 * starts REGAL_WORKERS - 1 threads at the first spawn. An idle worker spins a little, then
 * sleeps (1 ms at most) on a condition variable that a spawn signals when someone sleeps.
 * Why a deque of our own and not an OpenMP tasking runtime: libgomp's tasks would run on
 * threads the collector does not know (every thread that touches Scheme objects must be
 * registered: GC_pthread_create, thread-local roots), its task descriptors are malloc'd per
 * task, and a waiting thread cannot be told to help run Scheme tasks with our region and
 * handler set-up; the deque is ~100 lines and its push/pop cost a few nanoseconds.
 *
 * Memory. A task runs in a REGION of its own, entered on the running thread's region stack
 * (chunks from that thread's pool), with the collected heap beyond: the thunk is called with
 * that region as its result region, so what it returns is built at bump speed and what it
 * only used is freed when it ends, at once. Its result is then COPIED OUT into the collected
 * heap (evacuate.c: only the objects that live in the task's region: by R4 nothing older points
 * into it, so the copy is a walk from the result that stops at older objects; sharing and
 * cycles are kept, a hash table made by the task gets entries of its own), and the region is
 * left. A future's result is therefore always in the collected heap, which any thread may
 * read.
 * Objects: a future (TYPE_ID_FUTURE, kind RT_TASK_FUTURE) holds the thunk, the result and its
 * state; a detached task is its closure alone (no result cell, no counter of its own: one
 * counter shared by all, for wait-detached); parallel-map's elements share one GROUP (one
 * counter) and are split into RANGES in halves, so thieves take large halves first.
 * Errors: a task runs with no handler, no winds and no parameterize bindings (those of whoever
 * runs it are put aside): an uncaught raise ends the task, and touch (or parallel-map) raises
 * an uncaught-exception condition with that reason (thread.c). An uncaught raise in a
 * detached task ends the program, reported as the program's own would be.
 */
#include "rtlib.h"

#include <errno.h>
#include <sched.h>
#include <string.h>
#include <time.h>

enum { RT_TASK_FUTURE = 0, RT_TASK_RANGE = 1, RT_TASK_GROUP = 2 };
enum { RT_FUT_PENDING = 0, RT_FUT_DONE = 1, RT_FUT_RAISED = 2 };

typedef struct RtFuture { RtHeader hdr; RtValue thunk, result; int64_t state; } RtFuture;
typedef struct RtGroup {
    RtHeader hdr;
    RtValue f;
    RtValue *args, *results;   /* collector memory (rt_gc_malloc), n items each */
    int64_t remaining;         /* elements not yet done: the group's one counter */
    int64_t raised;            /* 1 once an element raised (the first sets reason) */
    RtValue reason;
} RtGroup;
typedef struct RtRangeTask { RtHeader hdr; RtGroup *group; int64_t lo, hi; } RtRangeTask;

/* ---- the deque (Chase and Lev, SPAA 2005; the C11 orderings of Le et al., PPoPP 2013) ------ */
#define RT_DEQUE_CAP  8192u              /* a power of two */
#define RT_MAX_DEQUES 64

typedef struct RtDeque {
    int64_t top;                 /* thieves' end */
    char pad0[56];
    int64_t bottom;              /* the owner's end */
    char pad1[56];
    RtValue *buf;                /* collector memory: its entries are roots while queued */
} RtDeque;

static RtDeque *rt_deques[RT_MAX_DEQUES];   /* static data: scanned, so every deque is seen */
static int rt_ndeques;
static pthread_mutex_t rt_deques_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local RtDeque *rt_my_deque;
static _Thread_local int rt_my_deque_tried;

/* This thread's deque, made at its first spawn; NULL when all RT_MAX_DEQUES are taken (its
 * spawns then run at once). */
static RtDeque *rt_deque_self(void) {
    if (RT_LIKELY(rt_my_deque != NULL) || rt_my_deque_tried) return rt_my_deque;
    rt_my_deque_tried = 1;
    pthread_mutex_lock(&rt_deques_lock);
    if (rt_ndeques < RT_MAX_DEQUES) {
        RtDeque *d = rt_gc_malloc(sizeof *d);
        d->buf = rt_gc_malloc(RT_DEQUE_CAP * sizeof(RtValue));
        rt_my_deque = d;
        __atomic_store_n(&rt_deques[rt_ndeques], d, __ATOMIC_RELEASE);
        __atomic_store_n(&rt_ndeques, rt_ndeques + 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&rt_deques_lock);
    return rt_my_deque;
}

static int rt_deque_push(RtDeque *d, RtValue v) {
    int64_t b = __atomic_load_n(&d->bottom, __ATOMIC_RELAXED);
    int64_t t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
    if (b - t >= (int64_t)RT_DEQUE_CAP) return 0;
    __atomic_store_n(&d->buf[b & (RT_DEQUE_CAP - 1)], v, __ATOMIC_RELAXED);
    /* a release store rather than a release fence and a relaxed store: the same code on x86,
     * and ThreadSanitizer (which does not model fences) sees the task's fields published */
    __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELEASE);
    return 1;
}

static RtValue rt_deque_pop(RtDeque *d) {
    /* One item (the usual case of a spawn touched at once): take it with the thieves' own
     * compare-and-swap on top, with no fence (a stale top only makes the swap fail). An mfence
     * plus a swap were half the cost of a spawn and touch. */
    int64_t b1 = __atomic_load_n(&d->bottom, __ATOMIC_RELAXED);
    int64_t t1 = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
    if (t1 >= b1) return 0;
    if (b1 - t1 == 1) {
        RtValue v = __atomic_load_n(&d->buf[t1 & (RT_DEQUE_CAP - 1)], __ATOMIC_RELAXED);
        return __atomic_compare_exchange_n(&d->top, &t1, t1 + 1, 0, __ATOMIC_SEQ_CST,
                                           __ATOMIC_RELAXED) ? v : 0;
    }
    int64_t b = b1 - 1;
    __atomic_store_n(&d->bottom, b, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    int64_t t = __atomic_load_n(&d->top, __ATOMIC_RELAXED);
    if (t > b) {                              /* empty */
        __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELAXED);
        return 0;
    }
    RtValue v = __atomic_load_n(&d->buf[b & (RT_DEQUE_CAP - 1)], __ATOMIC_RELAXED);
    if (t == b) {                             /* the last one: race the thieves for it */
        if (!__atomic_compare_exchange_n(&d->top, &t, t + 1, 0, __ATOMIC_SEQ_CST,
                                         __ATOMIC_RELAXED))
            v = 0;
        __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELAXED);
    }
    return v;
}

static RtValue rt_deque_steal(RtDeque *d) {
    int64_t t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    int64_t b = __atomic_load_n(&d->bottom, __ATOMIC_ACQUIRE);
    if (t >= b) return 0;
    RtValue v = __atomic_load_n(&d->buf[t & (RT_DEQUE_CAP - 1)], __ATOMIC_RELAXED);
    if (!__atomic_compare_exchange_n(&d->top, &t, t + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        return 0;                             /* lost to another thief or the owner */
    return v;
}

/* Work from this thread's deque, else stolen from another (starting at a random one). */
static _Thread_local uint64_t rt_steal_seed;
static RtValue rt_find_work(void) {
    RtDeque *mine = rt_my_deque;
    if (mine != NULL) {
        RtValue v = rt_deque_pop(mine);
        if (v != 0) return v;
    }
    int n = __atomic_load_n(&rt_ndeques, __ATOMIC_ACQUIRE);
    if (n == 0) return 0;
    uint64_t x = rt_steal_seed ? rt_steal_seed : (uint64_t)(uintptr_t)&x | 1;
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    rt_steal_seed = x;
    for (int i = 0, k = (int)(x % (uint64_t)n); i < n; i++, k = k + 1 == n ? 0 : k + 1) {
        RtDeque *d = __atomic_load_n(&rt_deques[k], __ATOMIC_ACQUIRE);
        if (d == mine || d == NULL) continue;
        RtValue v = rt_deque_steal(d);
        if (v != 0) return v;
    }
    return 0;
}

/* ---- the pool ---------------------------------------------------------------------------- */
static int rt_nworkers = 1;              /* REGAL_WORKERS, or the online cores */
static pthread_once_t rt_pool_once = PTHREAD_ONCE_INIT;
static int rt_idle_n;                    /* workers asleep (or about to be) */
static pthread_mutex_t rt_idle_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t rt_idle_cv = PTHREAD_COND_INITIALIZER;
static int64_t rt_detached_pending;      /* the detached tasks' one shared counter */
#define RT_IDLE_NS 1000000L              /* 1 ms: the longest an idle worker sleeps */

static void rt_task_exec(RtValue v);

/* After a push: wake a sleeping worker, if any. No fence between the push and the load of
 * rt_idle_n (an mfence was 30% of a spawn+touch): a worker that went to sleep just as the push
 * happened can be missed; it sleeps at most RT_IDLE_NS and checks again. */
static void rt_wake_idle(void) {
    if (__atomic_load_n(&rt_idle_n, __ATOMIC_RELAXED) > 0) {
        pthread_mutex_lock(&rt_idle_lock);
        pthread_cond_signal(&rt_idle_cv);
        pthread_mutex_unlock(&rt_idle_lock);
    }
}

static int rt_any_work(void) {
    int n = __atomic_load_n(&rt_ndeques, __ATOMIC_ACQUIRE);
    for (int k = 0; k < n; k++) {
        RtDeque *d = __atomic_load_n(&rt_deques[k], __ATOMIC_ACQUIRE);
        if (d != NULL && __atomic_load_n(&d->top, __ATOMIC_ACQUIRE) <
                             __atomic_load_n(&d->bottom, __ATOMIC_ACQUIRE))
            return 1;
    }
    return 0;
}

/* One pause of a thread that found no work: spins first, then sleeps (workers) or yields. */
static void rt_backoff(unsigned *fails, int worker) {
    unsigned f = ++*fails;
    if (f < (worker ? 64u : 4096u)) {        /* a waiter's task is often about to finish */
        __builtin_ia32_pause();
    } else if (f < 128 || !worker) {
        if (f < 8192) sched_yield();
        else {
            struct timespec ts = {0, 50000};       /* 50 us: a waiter whose task runs elsewhere */
            nanosleep(&ts, NULL);
        }
    } else {
        pthread_mutex_lock(&rt_idle_lock);
        __atomic_add_fetch(&rt_idle_n, 1, __ATOMIC_SEQ_CST);
        if (!rt_any_work()) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += RT_IDLE_NS;              /* a safety net: a push signals first */
            if (ts.tv_nsec >= 1000000000L) { ts.tv_sec++; ts.tv_nsec -= 1000000000L; }
            pthread_cond_timedwait(&rt_idle_cv, &rt_idle_lock, &ts);
        }
        __atomic_sub_fetch(&rt_idle_n, 1, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&rt_idle_lock);
        *fails = 64;
    }
}

static void rt_worker_body(void *unused) {
    (void)unused;
    rt_deque_self();
    unsigned fails = 0;
    for (;;) {
        RtValue v = rt_find_work();
        if (v != 0) {
            rt_task_exec(v);
            fails = 0;
        } else {
            rt_backoff(&fails, 1);
        }
    }
}

static void *rt_worker_main(void *unused) {
    rt_thread_run(rt_worker_body, unused);
    return NULL;
}

static void rt_pool_start(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    const char *env = getenv("REGAL_WORKERS");
    if (env != NULL && atol(env) > 0) n = atol(env);
    if (n < 1) n = 1;
    if (n > RT_MAX_DEQUES / 2) n = RT_MAX_DEQUES / 2;
    rt_nworkers = (int)n;
    for (int i = 1; i < rt_nworkers; i++) {   /* the waiting thread is the first worker */
        pthread_t th;
        if (rt_thread_create(&th, rt_worker_main, NULL) != 0) break;
        rt_thread_detach(th);
    }
}

/* Queue v on this thread's deque (the pool started), or run it now when there is no room. */
static void rt_task_queue(RtValue v) {
    pthread_once(&rt_pool_once, rt_pool_start);
    RtDeque *d = rt_deque_self();
    if (d == NULL || !rt_deque_push(d, v)) {
        rt_task_exec(v);
        return;
    }
    rt_wake_idle();
}

/* Run tasks until *flag (read with acquire) is no longer `while_eq`. */
static void rt_help_until(const int64_t *flag, int64_t while_eq) {
    unsigned fails = 0;
    while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) == while_eq) {
        RtValue v = rt_find_work();
        if (v != 0) {
            rt_task_exec(v);
            fails = 0;
        } else {
            rt_backoff(&fails, 0);
        }
    }
}

/* ---- running a task ------------------------------------------------------------------------ */

/* f on argv in a region of its own, the dynamic environment of whoever runs it put aside; the
 * result copied out. *raised: the result is what was raised. */
static RtValue rt_task_call(RtValue f, intptr_t argc, const RtValue *argv, int *raised) {
    RtHandler *handlers = rt_handlers;
    RtWind *winds = rt_winds;
    RtValue binds = rt_param_binds;
    rt_handlers = NULL;
    rt_winds = NULL;
    rt_param_binds = RT_NIL;
    Region r;
    rt_region_enter(&r);
    RtValue v = rt_call_catching(&r, NULL, f, argc, argv, raised);
    if (!*raised) {
        int craised;
        /* an error of the copy (a hash table's own hash function, called again) is the task's error too */
        RtCatch *prev = rt_catch;
        RtCatch cc;
        cc.winds = NULL;
        cc.conts = NULL;
        rt_catch = &cc;
        if (setjmp(cc.jb) == 0) {
            v = rt_region_evacuate(&r, v);
            craised = 0;
        } else {
            v = cc.obj;
            craised = 1;
            rt_region_unwind(&r);
        }
        rt_catch = prev;
        *raised = craised;
    }
    rt_region_leave(&r);
    rt_handlers = handlers;
    rt_winds = winds;
    rt_param_binds = binds;
    return v;
}

static void rt_range_exec(RtRangeTask *t) {
    RtGroup *g = t->group;
    int64_t lo = t->lo, hi = t->hi;
    while (hi - lo > 1) {   /* the upper half to the deque, for thieves; keep the lower */
        int64_t mid = lo + (hi - lo) / 2;
        RtRangeTask *u = rt_heap_alloc(TYPE_ID_FUTURE, sizeof *u);
        u->hdr = RT_HDR(TYPE_ID_FUTURE, RT_TASK_RANGE);
        u->group = g;
        u->lo = mid;
        u->hi = hi;
        RtDeque *d = rt_deque_self();
        if (d == NULL || !rt_deque_push(d, RT_TAG_AS_OBJ(u))) break;   /* the rest runs here */
        rt_wake_idle();
        hi = mid;
    }
    for (int64_t i = lo; i < hi; i++) {
        if (!__atomic_load_n(&g->raised, __ATOMIC_ACQUIRE)) {
            int raised;
            RtValue v = rt_task_call(g->f, 1, &g->args[i], &raised);
            if (!raised) {
                g->results[i] = v;
            } else {
                int64_t zero = 0;
                if (__atomic_compare_exchange_n(&g->raised, &zero, 1, 0, __ATOMIC_ACQ_REL,
                                                __ATOMIC_RELAXED))
                    g->reason = v;
            }
        }
        __atomic_sub_fetch(&g->remaining, 1, __ATOMIC_RELEASE);
    }
}

static void rt_task_exec(RtValue v) {
    int raised;
    if (RT_IS_PROCEDURE(v)) {                          /* a detached task */
        RtValue r = rt_task_call(v, 0, NULL, &raised);
        if (raised) {                                  /* nobody to hand it to: the program's error */
            rt_handlers = NULL;
            RtCatch *c = rt_catch;
            rt_catch = NULL;
            rt_raise(r, 0, NULL);
            rt_catch = c;
        }
        __atomic_sub_fetch(&rt_detached_pending, 1, __ATOMIC_RELEASE);
        return;
    }
    if (RT_HDR_COUNT(*RT_OBJ(v)) == RT_TASK_RANGE) {
        rt_range_exec(RT_AS(RtRangeTask, v));
        return;
    }
    RtFuture *f = RT_AS(RtFuture, v);
    RtValue r = rt_task_call(f->thunk, 0, NULL, &raised);
    f->result = r;
    f->thunk = RT_FALSE;
    __atomic_store_n(&f->state, raised ? RT_FUT_RAISED : RT_FUT_DONE, __ATOMIC_RELEASE);
}

/* ---- the primitives ---------------------------------------------------------------------- */

RtValue rt_p_spawn(Region *rr, const char *loc, RtValue thunk) {
    rt_nursery_freeze();   /* task descriptors and regions a minor collection does not scan */
    rt_check_proc(loc, "spawn", thunk);
    RtFuture *f = rt_heap_alloc(TYPE_ID_FUTURE, sizeof *f);
    f->hdr = RT_HDR(TYPE_ID_FUTURE, RT_TASK_FUTURE);
    f->thunk = thunk;
    f->result = RT_UNSPEC;
    f->state = RT_FUT_PENDING;
    RtValue fv = RT_TAG_AS_OBJ(f);
    rt_task_queue(fv);
    return fv;
}

static RtFuture *rt_future_arg(const char *loc, const char *who, RtValue v) {
    if (!RT_IS_TYPE(v, TYPE_ID_FUTURE) || RT_HDR_COUNT(*RT_OBJ(v)) != RT_TASK_FUTURE)
        rt_type_error(loc, who, "a future", v);
    return RT_AS(RtFuture, v);
}

RtValue rt_p_future_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_FUTURE) && RT_HDR_COUNT(*RT_OBJ(x)) == RT_TASK_FUTURE);
}

RtValue rt_p_touch(Region *rr, const char *loc, RtValue fv) {
    RtFuture *f = rt_future_arg(loc, "touch", fv);
    rt_help_until(&f->state, RT_FUT_PENDING);
    if (f->state == RT_FUT_RAISED) rt_raise_uncaught(loc, f->result);
    return f->result;
}

RtValue rt_p_spawn_detached(Region *rr, const char *loc, RtValue thunk) {
    rt_nursery_freeze();   /* task descriptors and regions a minor collection does not scan */
    rt_check_proc(loc, "spawn-detached", thunk);
    __atomic_add_fetch(&rt_detached_pending, 1, __ATOMIC_RELAXED);
    rt_task_queue(thunk);
    return RT_UNSPEC;
}

/* Wait until every detached task spawned so far (by any thread) has run. */
RtValue rt_p_wait_detached(Region *rr, const char *loc) {
    unsigned fails = 0;
    while (__atomic_load_n(&rt_detached_pending, __ATOMIC_ACQUIRE) != 0) {
        RtValue v = rt_find_work();
        if (v != 0) {
            rt_task_exec(v);
            fails = 0;
        } else {
            rt_backoff(&fails, 0);
        }
    }
    return RT_UNSPEC;
}

/* (parallel-map f list): f on each element as a task, the results in a new list in rr, in
 * order. The first uncaught raise (in element order of whoever raised first) is raised here
 * as an uncaught-exception, after every element has finished or been skipped. */
RtValue rt_p_parallel_map(Region *rr, const char *loc, RtValue f, RtValue list) {
    rt_nursery_freeze();   /* task descriptors and regions a minor collection does not scan */
    rt_check_proc(loc, "parallel-map", f);
    int64_t n = 0;
    for (RtValue l = list; l != RT_NIL; l = RT_CDR(l)) {
        if (!RT_IS_PAIR(l)) rt_type_error(loc, "parallel-map", "a list", list);
        n++;
    }
    if (n == 0) return RT_NIL;
    RtGroup *g = rt_heap_alloc(TYPE_ID_FUTURE, sizeof *g);
    g->hdr = RT_HDR(TYPE_ID_FUTURE, RT_TASK_GROUP);
    g->f = f;
    g->args = rt_gc_malloc((size_t)n * sizeof(RtValue));
    g->results = rt_gc_malloc((size_t)n * sizeof(RtValue));
    g->remaining = n;
    g->raised = 0;
    g->reason = RT_FALSE;
    int64_t i = 0;
    for (RtValue l = list; l != RT_NIL; l = RT_CDR(l)) g->args[i++] = RT_CAR(l);
    RtRangeTask *t = rt_heap_alloc(TYPE_ID_FUTURE, sizeof *t);
    t->hdr = RT_HDR(TYPE_ID_FUTURE, RT_TASK_RANGE);
    t->group = g;
    t->lo = 0;
    t->hi = n;
    RtValue volatile keep = RT_TAG_AS_OBJ(g);   /* the group stays alive while we wait */
    rt_task_queue(RT_TAG_AS_OBJ(t));
    unsigned fails = 0;
    while (__atomic_load_n(&g->remaining, __ATOMIC_ACQUIRE) != 0) {
        RtValue v = rt_find_work();
        if (v != 0) {
            rt_task_exec(v);
            fails = 0;
        } else {
            rt_backoff(&fails, 0);
        }
    }
    (void)keep;
    if (g->raised) rt_raise_uncaught(loc, g->reason);
    RtValue out = RT_NIL;
    for (int64_t k = n - 1; k >= 0; k--) out = rt_cons(rr, g->results[k], out);
    return out;
}
