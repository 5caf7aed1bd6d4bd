/* thread.c: SRFI 18 threads on POSIX threads: thread objects, mutexes, condition variables,
 * time objects and the exceptions of joins and abandoned mutexes, exported as (srfi 18).
 *
 * A thread object (TYPE_ID_THREAD) is an RtThread in the collected heap, shared by every
 * thread that can reach it. make-thread keeps its thunk there (prims.def: EF_ESCAPE, so the
 * compiler puts the closure and all it captured in the collected heap, never in a region of a
 * frame that can end before the thread does), and the dynamic environment of its creator:
 * the current ports and a copy of the parameterize bindings (control.c). thread-start!
 * creates the POSIX thread through the collector (start.c, rt_thread_create: its stack is
 * scanned, its thread-locals are roots); the thread calls the thunk with the collected heap
 * as its result region, so the value it returns can be handed to any thread, under
 * rt_call_catching, so that an uncaught raise ends the thread and not the program: the raised
 * object becomes the "reason" that thread-join! raises wrapped in an uncaught-exception
 * condition. Each thread's regions, chunk pool, heap free lists, handlers and winds are its
 * own (thread-local, region.c, error.c); full continuations stay on the program's thread.
 * Mutexes follow SRFI 18's states (unlocked or locked, owned by a thread or not, abandoned
 * when the owner ended); a monitor (a POSIX mutex and condition) guards each. Condition
 * variables wake waiters of mutex-unlock!; spurious wake-ups are allowed, as SRFI 18 says.
 * Timeouts are a time object (absolute) or a real number of seconds from now; #f: none.
 * Not provided: thread-terminate! (cancelling a POSIX thread anywhere would leave the
 * collector and the regions in an undefined state).
 */
#include "rtlib.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <string.h>
#include <time.h>

enum { RT_TH_NEW, RT_TH_RUNNING, RT_TH_DONE, RT_TH_RAISED };

typedef struct RtThread {
    RtHeader hdr;
    RtValue thunk, name, specific;
    RtValue result;            /* the value, or (RT_TH_RAISED) the raised object */
    RtValue binds, out, in, err; /* the creator's dynamic environment, at make-thread */
    int state;                 /* RT_TH_*, under lock */
    pthread_mutex_t lock;
    pthread_cond_t ended;      /* broadcast when state becomes DONE or RAISED */
} RtThread;

typedef struct RtMutex {
    RtHeader hdr;
    RtValue name, specific;
    RtThread *owner;           /* locked: its owner, or NULL (locked/not-owned) */
    int locked, abandoned;
    pthread_mutex_t m;
    pthread_cond_t free;       /* signalled when it is unlocked */
} RtMutex;

typedef struct RtCondvar {
    RtHeader hdr;
    RtValue name, specific;
    pthread_mutex_t m;
    pthread_cond_t cv;
} RtCondvar;

typedef struct RtTime { RtHeader hdr; double secs; } RtTime;

/* The program's thread (its object is static data, which the collector scans) and this
 * thread's object (NULL: the program's thread). */
static RtThread rt_primordial = {
    .hdr = RT_HDR(TYPE_ID_THREAD, 0), .thunk = RT_FALSE, .name = RT_FALSE,
    .specific = RT_UNSPEC, .result = RT_UNSPEC, .binds = RT_NIL, .state = RT_TH_RUNNING,
    .lock = PTHREAD_MUTEX_INITIALIZER, .ended = PTHREAD_COND_INITIALIZER,
};
static _Thread_local RtThread *rt_self;

static RtThread *rt_current(void) { return rt_self != NULL ? rt_self : &rt_primordial; }

static RtThread *rt_thread_arg(const char *loc, RtValue v, const char *who) {
    if (!RT_IS_TYPE(v, TYPE_ID_THREAD)) rt_type_error(loc, who, "a thread", v);
    return RT_AS(RtThread, v);
}
static RtMutex *rt_mutex_arg(const char *loc, RtValue v, const char *who) {
    if (!RT_IS_TYPE(v, TYPE_ID_MUTEX)) rt_type_error(loc, who, "a mutex", v);
    return RT_AS(RtMutex, v);
}
static RtCondvar *rt_condvar_arg(const char *loc, RtValue v, const char *who) {
    if (!RT_IS_TYPE(v, TYPE_ID_CONDVAR)) rt_type_error(loc, who, "a condition variable", v);
    return RT_AS(RtCondvar, v);
}

static void *rt_sync_new(TypeId t, size_t bytes) {
    RtHeader *h = rt_gc_malloc(bytes);   /* zeroed, scanned, shared: the collected heap */
    *h = RT_HDR(t, 0);
    return h;
}

/* ---- time (SRFI 18 time objects and timeouts) ------------------------------------------------ */

static double rt_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static RtValue rt_time_new(double secs) {
    RtTime *t = rt_gc_malloc_atomic(sizeof *t);
    t->hdr = RT_HDR(TYPE_ID_TIME, 0);
    t->secs = secs;
    return RT_TAG_AS_OBJ(t);
}

/* A timeout argument as an absolute time in seconds: a time object, or a real number of
 * seconds from now; *none = 1 for #f or an absent argument. */
static double rt_deadline(const char *loc, const char *who, RtValue v, int *none) {
    *none = v == RT_FALSE || v == RT_DEFAULT;
    if (*none) return 0;
    if (RT_IS_TYPE(v, TYPE_ID_TIME)) return RT_AS(RtTime, v)->secs;
    if (rt_p_real_p(&rt_gc_region, loc, v) != RT_TRUE)
        rt_type_error(loc, who, "a time object, a real number of seconds or #f", v);
    return rt_now() + rt_to_double(loc, v);
}

static struct timespec rt_timespec(double secs) {
    if (secs < 0) secs = 0;
    if (secs > 1e15) secs = 1e15;
    struct timespec ts;
    ts.tv_sec = (time_t)secs;
    ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
    if (ts.tv_nsec >= 1000000000L) ts.tv_nsec = 999999999L;
    if (ts.tv_nsec < 0) ts.tv_nsec = 0;
    return ts;
}

/* Wait on cv (m held) until signalled or the deadline; 0 on timeout. */
static int rt_wait(pthread_cond_t *cv, pthread_mutex_t *m, int none, double deadline) {
    if (none) {
        pthread_cond_wait(cv, m);
        return 1;
    }
    struct timespec ts = rt_timespec(deadline);
    return pthread_cond_timedwait(cv, m, &ts) != ETIMEDOUT;
}

RtValue rt_p_current_time(Region *rr, const char *loc) { return rt_time_new(rt_now()); }
RtValue rt_p_time_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_TIME));
}
RtValue rt_p_time_to_seconds(Region *rr, const char *loc, RtValue t) {
    RT_CHECK(RT_IS_TYPE(t, TYPE_ID_TIME), "time->seconds", "a time object", t);
    return mk_float(rr, RT_AS(RtTime, t)->secs);
}
RtValue rt_p_seconds_to_time(Region *rr, const char *loc, RtValue s) {
    if (rt_p_real_p(rr, loc, s) != RT_TRUE) rt_type_error(loc, "seconds->time", "a real number", s);
    return rt_time_new(rt_to_double(loc, s));
}

/* ---- the conditions of SRFI 18 ---------------------------------------------------------------
 * Conditions of kinds of their own (error.c's RtCondition; error-object? is true of them): a
 * join that timed out, a mutex whose owner ended, and the uncaught exception of a joined
 * thread, whose payload is (reason). Their message is the text printed when nobody catches
 * them. */
static RT_NORETURN void rt_raise_kind(int kind, const char *text, RtValue irritants,
                                      RtValue payload, const char *loc) {
    RtValue c = rt_make_condition(&rt_gc_region, kind, mk_string(&rt_gc_region, text), irritants);
    RT_AS(RtCondition, c)->payload = payload;
    rt_raise(c, 0, loc);
    abort();   /* a non-continuable raise does not return */
}

static int rt_cond_kind(RtValue x, int kind) {
    return RT_IS_TYPE(x, TYPE_ID_CONDITION) && RT_LEN(x) == kind;
}

RtValue rt_p_join_timeout_exception_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(rt_cond_kind(x, RT_COND_JOIN_TIMEOUT));
}
RtValue rt_p_abandoned_mutex_exception_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(rt_cond_kind(x, RT_COND_ABANDONED));
}
RtValue rt_p_uncaught_exception_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(rt_cond_kind(x, RT_COND_UNCAUGHT));
}
RtValue rt_p_uncaught_exception_reason(Region *rr, const char *loc, RtValue x) {
    RT_CHECK(rt_cond_kind(x, RT_COND_UNCAUGHT), "uncaught-exception-reason",
             "an uncaught-exception object", x);
    return RT_CAR(RT_AS(RtCondition, x)->payload);
}

/* thread-join! of a thread that raised reason: an uncaught-exception condition. Its irritants
 * say what was raised: an error object's message and irritants, or the object itself. */
RT_NORETURN void rt_raise_uncaught(const char *loc, RtValue reason) {
    RtValue irritants = rt_cons(&rt_gc_region, reason, RT_NIL);
    if (RT_IS_TYPE(reason, TYPE_ID_CONDITION))
        irritants = rt_cons(&rt_gc_region, RT_AS(RtCondition, reason)->message,
                            RT_AS(RtCondition, reason)->irritants);
    rt_raise_kind(RT_COND_UNCAUGHT, "the thread ended with an uncaught exception:", irritants,
                  rt_cons(&rt_gc_region, reason, RT_NIL), loc);
}

/* ---- threads --------------------------------------------------------------------------------- */

RtValue rt_p_current_thread(Region *rr, const char *loc) {
    return RT_TAG_AS_OBJ(rt_current());
}
RtValue rt_p_thread_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_THREAD));
}

RtValue rt_p_make_thread(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_check_proc(loc, "make-thread", argv[0]);
    RtThread *t = rt_sync_new(TYPE_ID_THREAD, sizeof *t);
    t->thunk = argv[0];
    t->name = RT_OPT(1, RT_UNSPEC);
    t->specific = RT_UNSPEC;
    t->result = RT_UNSPEC;
    t->binds = rt_param_binds_copy();
    t->out = rt_cur_out;
    t->in = rt_cur_in;
    t->err = rt_cur_err;
    t->state = RT_TH_NEW;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->ended, NULL);
    return RT_TAG_AS_OBJ(t);
}

RtValue rt_p_thread_name(Region *rr, const char *loc, RtValue t) {
    return rt_thread_arg(loc, t, "thread-name")->name;
}
RtValue rt_p_thread_specific(Region *rr, const char *loc, RtValue t) {
    return rt_thread_arg(loc, t, "thread-specific")->specific;
}
RtValue rt_p_thread_specific_set_x(Region *rr, const char *loc, RtValue t, RtValue v) {
    rt_thread_arg(loc, t, "thread-specific-set!")->specific = v;
    return RT_UNSPEC;
}

static void rt_thread_body(void *arg) {
    RtThread *t = arg;
    rt_self = t;
    rt_param_binds = t->binds;
    rt_cur_out = t->out;
    rt_cur_in = t->in;
    rt_cur_err = t->err;
    int raised;
    RtValue r = rt_call_catching(&rt_gc_region, NULL, t->thunk, 0, NULL, &raised);
    pthread_mutex_lock(&t->lock);
    t->result = r;
    t->thunk = RT_FALSE;           /* what only the thunk reached can be collected */
    t->binds = RT_NIL;
    __atomic_store_n(&t->state, raised ? RT_TH_RAISED : RT_TH_DONE, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&t->ended);
    pthread_mutex_unlock(&t->lock);
}

static void *rt_thread_main(void *arg) {
    RtThread *volatile t = arg;    /* kept on this stack: the collector sees the thread */
    rt_thread_run(rt_thread_body, t);
    return NULL;
}

RtValue rt_p_thread_start_x(Region *rr, const char *loc, RtValue tv) {
    RtThread *t = rt_thread_arg(loc, tv, "thread-start!");
    pthread_mutex_lock(&t->lock);
    if (t->state != RT_TH_NEW) {
        pthread_mutex_unlock(&t->lock);
        rt_error_msg(loc, "thread-start!", "the thread was already started");
    }
    t->state = RT_TH_RUNNING;
    pthread_mutex_unlock(&t->lock);
    pthread_t th;
    if (rt_thread_create(&th, rt_thread_main, t) != 0) {
        t->state = RT_TH_NEW;
        rt_error_msg(loc, "thread-start!", "cannot create a thread: %s", strerror(errno));
    }
    rt_thread_detach(th);   /* thread-join! waits on the object, not on the POSIX thread */
    return tv;
}

RtValue rt_p_thread_yield_x(Region *rr, const char *loc) {
    sched_yield();
    return RT_UNSPEC;
}

RtValue rt_p_thread_sleep_x(Region *rr, const char *loc, RtValue timeout) {
    int none;
    double deadline = rt_deadline(loc, "thread-sleep!", timeout, &none);
    if (none) rt_type_error(loc, "thread-sleep!", "a time object or a real number of seconds", timeout);
    for (;;) {   /* a signal (the collector's) may cut a sleep short */
        double left = deadline - rt_now();
        if (left <= 0) break;
        struct timespec ts = rt_timespec(left);
        if (nanosleep(&ts, NULL) == 0) break;
    }
    return RT_UNSPEC;
}

/* (thread-join! thread [timeout [timeout-val]]) */
RtValue rt_p_thread_join_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtThread *t = rt_thread_arg(loc, argv[0], "thread-join!");
    if (t == rt_current()) rt_error_msg(loc, "thread-join!", "a thread cannot join itself");
    int none;
    double deadline = rt_deadline(loc, "thread-join!", RT_OPT(1, RT_FALSE), &none);
    pthread_mutex_lock(&t->lock);
    int ok = 1;
    while (ok && t->state != RT_TH_DONE && t->state != RT_TH_RAISED)
        ok = rt_wait(&t->ended, &t->lock, none, deadline);
    int state = t->state;
    RtValue r = t->result;
    pthread_mutex_unlock(&t->lock);
    if (state == RT_TH_DONE) return r;
    if (state == RT_TH_RAISED) rt_raise_uncaught(loc, r);
    if (argc > 2 && argv[2] != RT_DEFAULT) return argv[2];
    rt_raise_kind(RT_COND_JOIN_TIMEOUT, "thread-join!: timed out", RT_NIL, RT_FALSE, loc);
}

static int rt_thread_ended(RtThread *t) {
    int s = __atomic_load_n(&t->state, __ATOMIC_ACQUIRE);
    return s == RT_TH_DONE || s == RT_TH_RAISED;
}

/* ---- mutexes --------------------------------------------------------------------------------- */

RtValue rt_p_mutex_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_MUTEX));
}

RtValue rt_p_make_mutex(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtMutex *m = rt_sync_new(TYPE_ID_MUTEX, sizeof *m);
    m->name = RT_OPT(0, RT_UNSPEC);
    m->specific = RT_UNSPEC;
    pthread_mutex_init(&m->m, NULL);
    pthread_cond_init(&m->free, NULL);
    return RT_TAG_AS_OBJ(m);
}

RtValue rt_p_mutex_name(Region *rr, const char *loc, RtValue m) {
    return rt_mutex_arg(loc, m, "mutex-name")->name;
}
RtValue rt_p_mutex_specific(Region *rr, const char *loc, RtValue m) {
    return rt_mutex_arg(loc, m, "mutex-specific")->specific;
}
RtValue rt_p_mutex_specific_set_x(Region *rr, const char *loc, RtValue m, RtValue v) {
    rt_mutex_arg(loc, m, "mutex-specific-set!")->specific = v;
    return RT_UNSPEC;
}

/* A locked mutex whose owner ended is abandoned (checked where it is looked at, m->m held). */
static void rt_mutex_check_owner(RtMutex *m) {
    if (m->locked && m->owner != NULL && rt_thread_ended(m->owner)) {
        m->locked = 0;
        m->owner = NULL;
        m->abandoned = 1;
    }
}

/* The owner, 'not-owned, 'abandoned or 'not-abandoned (SRFI 18). */
RtValue rt_p_mutex_state(Region *rr, const char *loc, RtValue mv) {
    RtMutex *m = rt_mutex_arg(loc, mv, "mutex-state");
    pthread_mutex_lock(&m->m);
    rt_mutex_check_owner(m);
    RtValue r = m->locked ? (m->owner != NULL ? RT_TAG_AS_OBJ(m->owner)
                                              : rt_intern("not-owned", 9))
                          : m->abandoned ? rt_intern("abandoned", 9)
                                         : rt_intern("not-abandoned", 13);
    pthread_mutex_unlock(&m->m);
    return r;
}

/* How long a waiter sleeps at most before it looks again whether the owner has ended (an
 * ending thread does not know the mutexes it holds). */
#define RT_ABANDON_POLL 0.05

/* (mutex-lock! mutex [timeout [thread]]): #t, or #f when the timeout passed. A thread argument
 * makes that thread the owner; #f locks it not owned. */
RtValue rt_p_mutex_lock_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtMutex *m = rt_mutex_arg(loc, argv[0], "mutex-lock!");
    int none;
    double deadline = rt_deadline(loc, "mutex-lock!", RT_OPT(1, RT_FALSE), &none);
    RtThread *owner = rt_current();
    if (argc > 2 && argv[2] != RT_DEFAULT)
        owner = argv[2] == RT_FALSE ? NULL : rt_thread_arg(loc, argv[2], "mutex-lock!");
    pthread_mutex_lock(&m->m);
    for (;;) {
        rt_mutex_check_owner(m);
        if (!m->locked) break;
        if (!none && rt_now() >= deadline) {
            pthread_mutex_unlock(&m->m);
            return RT_FALSE;
        }
        double until = rt_now() + RT_ABANDON_POLL;
        if (m->owner != NULL && (none || until < deadline)) rt_wait(&m->free, &m->m, 0, until);
        else rt_wait(&m->free, &m->m, none, deadline);
    }
    int abandoned = m->abandoned;
    m->locked = 1;
    m->owner = owner;
    m->abandoned = 0;
    pthread_mutex_unlock(&m->m);
    if (abandoned)
        rt_raise_kind(RT_COND_ABANDONED, "mutex-lock!: the mutex was abandoned by its owner",
                      RT_NIL, RT_FALSE, loc);
    return RT_TRUE;
}

static void rt_mutex_release(RtMutex *m) {
    pthread_mutex_lock(&m->m);
    m->locked = 0;
    m->owner = NULL;
    m->abandoned = 0;
    pthread_cond_signal(&m->free);
    pthread_mutex_unlock(&m->m);
}

/* (mutex-unlock! mutex [condvar [timeout]]): with a condition variable, unlock and wait on it
 * as one step (its lock is taken before the mutex is released, so no signal between the two
 * is lost); #f when the timeout passed, else #t. */
RtValue rt_p_mutex_unlock_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtMutex *m = rt_mutex_arg(loc, argv[0], "mutex-unlock!");
    RtValue cvv = RT_OPT(1, RT_FALSE);
    if (cvv == RT_FALSE) {
        rt_mutex_release(m);
        return RT_TRUE;
    }
    RtCondvar *cv = rt_condvar_arg(loc, cvv, "mutex-unlock!");
    int none;
    double deadline = rt_deadline(loc, "mutex-unlock!", RT_OPT(2, RT_FALSE), &none);
    pthread_mutex_lock(&cv->m);
    rt_mutex_release(m);
    int ok = rt_wait(&cv->cv, &cv->m, none, deadline);
    pthread_mutex_unlock(&cv->m);
    return RT_BOOL(ok);
}

/* ---- condition variables --------------------------------------------------------------------- */

RtValue rt_p_condition_variable_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_CONDVAR));
}

RtValue rt_p_make_condition_variable(Region *rr, const char *loc, intptr_t argc,
                                     const RtValue *argv) {
    RtCondvar *c = rt_sync_new(TYPE_ID_CONDVAR, sizeof *c);
    c->name = RT_OPT(0, RT_UNSPEC);
    c->specific = RT_UNSPEC;
    pthread_mutex_init(&c->m, NULL);
    pthread_cond_init(&c->cv, NULL);
    return RT_TAG_AS_OBJ(c);
}

RtValue rt_p_condition_variable_name(Region *rr, const char *loc, RtValue c) {
    return rt_condvar_arg(loc, c, "condition-variable-name")->name;
}
RtValue rt_p_condition_variable_specific(Region *rr, const char *loc, RtValue c) {
    return rt_condvar_arg(loc, c, "condition-variable-specific")->specific;
}
RtValue rt_p_condition_variable_specific_set_x(Region *rr, const char *loc, RtValue c,
                                               RtValue v) {
    rt_condvar_arg(loc, c, "condition-variable-specific-set!")->specific = v;
    return RT_UNSPEC;
}

RtValue rt_p_condition_variable_signal_x(Region *rr, const char *loc, RtValue cv) {
    RtCondvar *c = rt_condvar_arg(loc, cv, "condition-variable-signal!");
    pthread_mutex_lock(&c->m);
    pthread_cond_signal(&c->cv);
    pthread_mutex_unlock(&c->m);
    return RT_UNSPEC;
}

RtValue rt_p_condition_variable_broadcast_x(Region *rr, const char *loc, RtValue cv) {
    RtCondvar *c = rt_condvar_arg(loc, cv, "condition-variable-broadcast!");
    pthread_mutex_lock(&c->m);
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->m);
    return RT_UNSPEC;
}
