/* control.c: control features (R7RS 6.10, 4.2.5, 4.2.6) and the system interface (6.14):
 * multiple values, parameter objects, promises, escaping continuations (call/cc) with
 * dynamic-wind, exit, command-line, time and environment variables.
 * The conventions the compiler relies on (parameterize, delay, guard) are in regal.h,
 * "Control". Continuations: escape-only ones are setjmp/longjmp escapes; full ones copy the
 * C stack and can be re-entered (see "continuations" below). An escape releases the frame
 * regions of the C frames it skips (rt_region_unwind to the region stack top saved by its
 * call/cc) before it longjmps.
 * The current ports are parameter objects (rt_port_param). dynamic-wind's list of after
 * thunks is error.c's (the dynamic environment, with the handler stack: an uncaught error
 * runs it too); a continuation leaves it down to its call/cc's, exit all of it.
 * R4: what this file stores into existing objects lives in the collected heap: a promise's
 * memoised value (the thunk is called with rt_gc_region as its result region), a parameter's
 * converted values, and continuation objects themselves (they outlive their call/cc).
 */
#include "rtlib.h"

#include <setjmp.h>
#include <time.h>

/* ---- multiple values -------------------------------------------------------------------------- */

/* rt_values, the object, is in object.c. */
RtValue rt_p_values(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_values(rr, argc, argv);
}

RtValue rt_p_call_with_values(Region *rr, const char *loc, RtValue producer, RtValue consumer) {
    rt_check_proc(loc, "call-with-values", producer);
    rt_check_proc(loc, "call-with-values", consumer);
    RtValue v = rt_call0(rr, loc, producer);
    if (RT_IS_TYPE(v, TYPE_ID_VALUES))
        return rt_call(rr, loc, consumer, RT_LEN(v), RT_AS(RtValues, v)->items);
    return rt_call1(rr, loc, consumer, v);
}

/* Value i of v, the result of an expression whose continuation takes n values (n >= 1): what
 * compiler/simplify.c makes of (call-with-values (lambda () e) (lambda (x ...) body)). */
RtValue rt_p_values_ref(Region *rr, const char *loc, RtValue v, RtValue i, RtValue n) {
    (void)rr;
    int64_t have = RT_IS_TYPE(v, TYPE_ID_VALUES) ? (int64_t)RT_LEN(v) : 1;
    if (RT_UNLIKELY(have != RT_FIXVAL(n)))
        rt_error_msg(loc, NULL, "wrong number of values: expected %lld, got %lld",
                     (long long)RT_FIXVAL(n), (long long)have);
    return have == 1 ? v : RT_AS(RtValues, v)->items[RT_FIXVAL(i)];
}

/* ---- parameter objects --------------------------------------------------------------------- */

/* Per-thread bindings. parameterize never changes the value a parameter object holds (the one
 * every thread sees): it binds the parameter in its thread, in rt_param_binds, a list of cells
 * (parameter object . value) in the collected heap, innermost first, at most one per parameter
 * (a root: start.c, rt_gc_thread_roots). A thread starts with a copy of its creator's cells
 * (rt_param_binds_copy, thread.c), so it sees the bindings in force when it was made and its
 * own parameterize never reaches another thread (SRFI 18's dynamic environment). The list is
 * as long as the number of distinct parameters this thread has ever bound; a program that
 * binds none pays one load and one test per read. (The list itself is start.c's, with the
 * other thread-local roots.) */

/* The cell of p's binding in this thread, or NULL. */
static inline RtPair *rt_param_cell(RtParameter *p) {
    for (RtValue b = rt_param_binds; RT_UNLIKELY(b != RT_NIL); b = RT_CDR(b)) {
        RtPair *c = RT_PAIR(RT_CAR(b));
        if (c->car == RT_TAG_AS_OBJ(p)) return c;
    }
    return NULL;
}

RtValue rt_param_binds_copy(void) {
    RtValue out = RT_NIL, *tail = &out;
    for (RtValue b = rt_param_binds; b != RT_NIL; b = RT_CDR(b)) {
        RtPair *c = RT_PAIR(RT_CAR(b));
        RtValue cell = rt_cons(&rt_gc_region, c->car, c->cdr);
        *tail = rt_cons(&rt_gc_region, cell, RT_NIL);
        tail = &RT_PAIR(*tail)->cdr;
    }
    return out;
}

/* (p) is the value; (p v) sets it without conversion (as Chez Scheme's parameters do): this
 * thread's binding if it has one, else the value every thread sees. */
static RtValue rt_param_code(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2,
                             RtValue a3) {
    intptr_t argc = rt_nargs;
    RtParameter *p = RT_AS(RtParameter, RT_AS(RtClosure, self)->free[0]);
    RtPair *c = rt_param_cell(p);
    if (argc == 0) return c != NULL ? c->cdr : p->value;
    if (argc == 1) {
        RtValue *slot = c != NULL ? &c->cdr : &p->value;
        *slot = a0;
        rt_nursery_wb(slot, a0);
        return RT_UNSPEC;
    }
    rt_arity_error_who(rt_call_loc, "parameter", argc, 0, 1);
}

RtValue rt_p_make_parameter(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue conv = RT_OPT(1, RT_FALSE), v = argv[0];
    if (conv != RT_FALSE) {
        rt_check_proc(loc, "make-parameter", conv);
        v = rt_call1(&rt_gc_region, loc, conv, v);      /* stored in the parameter (R4) */
    }
    RtParameter *p = alloc_obj_typed(rr, TYPE_ID_PARAMETER);
    p->hdr = RT_HDR(TYPE_ID_PARAMETER, 0);
    p->value = v;
    p->converter = conv;
    RtValue c = mk_closure(rr, rt_param_code, 1);
    RT_AS(RtClosure, c)->free[0] = RT_TAG_AS_OBJ(p);
    return c;
}

/* The current ports are parameter objects too (R7RS 6.13.1): current-output-port,
 * current-error-port and current-input-port are the primitives' own procedures, whose value
 * lives in port.c's thread-local rt_cur_out, rt_cur_err, rt_cur_in (0 there: the standard
 * port). parameterize converts a value for them by checking it is an open textual port of
 * the right direction. */
static RtValue *rt_port_param(RtValue p) {
    if (p == RT_TAG_AS_OBJ(&rt_pc_current_output_port)) return &rt_cur_out;
    if (p == RT_TAG_AS_OBJ(&rt_pc_current_error_port)) return &rt_cur_err;
    if (p == RT_TAG_AS_OBJ(&rt_pc_current_input_port)) return &rt_cur_in;
    return NULL;
}

static RtParameter *rt_param_arg(const char *loc, const char *who, RtValue p) {
    if (!RT_IS_PROCEDURE(p) || RT_AS(RtClosure, p)->code != rt_param_code)
        rt_type_error(loc, who, "a parameter object", p);
    return RT_AS(RtParameter, RT_AS(RtClosure, p)->free[0]);
}

RtValue rt_p_parameter_convert(Region *rr, const char *loc, RtValue p, RtValue v) {
    RtValue *port = rt_port_param(p);
    if (port != NULL) {
        if (port == &rt_cur_in) rt_in_port(loc, "current-input-port", v);
        else rt_out_port(loc, port == &rt_cur_out ? "current-output-port" : "current-error-port", v);
        return v;
    }
    RtParameter *pp = rt_param_arg(loc, "parameterize", p);
    /* the result is stored in the parameter by %parameter-swap! (R4) */
    return pp->converter == RT_FALSE ? v : rt_call1(&rt_gc_region, loc, pp->converter, v);
}

RtValue rt_p_parameter_swap_x(Region *rr, const char *loc, RtValue p, RtValue v) {
    RtValue *port = rt_port_param(p);
    if (port != NULL) {
        RtValue old = port == &rt_cur_out ? rt_current_output()
                      : port == &rt_cur_in ? rt_current_input() : rt_p_current_error_port(rr, loc);
        *port = v;
        return old;
    }
    RtParameter *pp = rt_param_arg(loc, "parameterize", p);
    RtPair *c = rt_param_cell(pp);
    if (c == NULL) {   /* this thread's first binding of pp: a cell holding the shared value */
        RtValue cell = rt_cons(&rt_gc_region, RT_TAG_AS_OBJ(pp), pp->value);
        rt_param_binds = rt_cons(&rt_gc_region, cell, rt_param_binds);
        c = RT_PAIR(cell);
    }
    RtValue old = c->cdr;
    c->cdr = v;
    rt_nursery_wb(&c->cdr, v);
    return old;
}

/* ---- promises (R7RS 4.2.5) -------------------------------------------------------------------- */

enum { RT_PROMISE_DONE = 1, RT_PROMISE_DELAY_FORCE = 2 };

static RtValue rt_promise(Region *rr, int flags, RtValue v) {
    RtPromise *p = alloc_obj_typed(rr, TYPE_ID_PROMISE);
    p->hdr = RT_HDR(TYPE_ID_PROMISE, flags);
    p->value = v;
    p->spare = RT_FALSE;
    return RT_TAG_AS_OBJ(p);
}

RtValue rt_p_make_promise(Region *rr, const char *loc, RtValue v) {
    return RT_IS_TYPE(v, TYPE_ID_PROMISE) ? v : rt_promise(rr, RT_PROMISE_DONE, v);
}
RtValue rt_p_make_promise_lazy(Region *rr, const char *loc, RtValue thunk) {
    return rt_promise(rr, 0, thunk);
}
RtValue rt_p_make_promise_delay_force(Region *rr, const char *loc, RtValue thunk) {
    return rt_promise(rr, RT_PROMISE_DELAY_FORCE, thunk);
}
RtValue rt_p_promise_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_PROMISE));
}

/* Iterative, so a chain of delay-force runs in constant C stack (R7RS 4.2.5). The thunk's
 * result is memoised in the promise, which may be older than rr: it is allocated in the
 * collected heap (R4). */
RtValue rt_force(Region *rr, const char *loc, RtValue pv) {
    if (!RT_IS_TYPE(pv, TYPE_ID_PROMISE)) return pv;
    RtPromise *p = RT_AS(RtPromise, pv);
    for (;;) {
        if (RT_HDR_COUNT(p->hdr) & RT_PROMISE_DONE) return p->value;
        int lazy = (RT_HDR_COUNT(p->hdr) & RT_PROMISE_DELAY_FORCE) != 0;
        RtValue v = rt_call0(&rt_gc_region, loc, p->value);
        if (RT_HDR_COUNT(p->hdr) & RT_PROMISE_DONE) return p->value; /* forced meanwhile */
        if (lazy && RT_IS_TYPE(v, TYPE_ID_PROMISE)) {
            RtPromise *q = RT_AS(RtPromise, v);
            p->hdr = q->hdr;
            p->value = q->value;
            rt_nursery_wb(&p->value, p->value);
            continue;
        }
        p->hdr = RT_HDR(TYPE_ID_PROMISE, RT_PROMISE_DONE);
        p->value = v;
        rt_nursery_wb(&p->value, v);
        return v;
    }
}

RtValue rt_p_force(Region *rr, const char *loc, RtValue p) { return rt_force(rr, loc, p); }

/* ---- continuations and dynamic-wind (R7RS 6.10) ----------------------------------------------
 * Two kinds, one procedure type (rt_cont_code):
 *   ESCAPE (%call/cc-escape: guard, and call/cc where the compiler sees the continuation only
 *     called, from the procedure call/cc calls, analyze.c): the record lives in the C frame of
 *     the call/cc, which setjmp's; calling the continuation while that frame is on the stack
 *     longjmps to it (rt_cont_escape); after, it is an error.
 *   FULL (call/cc, call-with-current-continuation): the record is a collected object holding
 *     a copy of the C stack from the program's base (rt_stack_base, start.c) down to the
 *     call/cc's frame, and the jmp_buf. While that call/cc is still active, calling it escapes
 *     as above. Afterwards it is RE-ENTERED (rt_cont_reenter): the current stack's winds are
 *     left down to the ones it shares with the continuation (after thunks run), its regions
 *     switched out (region.c), the stack grown below the copy by recursion and the copy
 *     written back at its own addresses (as SCM and Guile 1.x did), then longjmp; on the
 *     restored stack the regions are switched in, the escape continuations whose frames are
 *     back become callable again, and the winds the continuation had are entered again
 *     (before thunks run, rt_winds_rewind). Capturing makes the live regions captured
 *     (region.c), so nothing the copied frames point to is freed or handed out twice.
 * A record of either kind is on rt_conts while its frame is on the stack (`active`). */
struct RtContImpl {
    jmp_buf jb;
    RtWind *winds;             /* the dynamic-wind list at call/cc */
    RtHandler *handlers;       /* the exception handler stack at call/cc */
    RtValue cur_out, cur_in, cur_err; /* the current ports at call/cc */
    Region *regions;           /* the region stack top at call/cc */
    Region *rr;                /* region of call/cc's result */
    RtValue result;
    RtContinuation *obj;       /* escape: impl is cleared when the frame leaves the stack */
    struct RtContImpl *prev;   /* the enclosing active call/cc */
    int full;                  /* a full continuation: a collected object with the copy */
    int active;                /* full: its call/cc's frame is on the stack */
    char *lo;                  /* full: the copy is of [lo, rt_stack_base) */
    size_t size;
    _Alignas(16) char stack[]; /* full: the copy */
};
static _Thread_local struct RtContImpl *rt_conts;

/* A re-entry in flight: its record, and the wind the two stacks share. Plain statics, so
 * the collector sees the record while the stack is being replaced (one program thread). */
static struct RtContImpl *rt_cont_landing;
static RtWind *rt_cont_common;

static void rt_cont_set_active(struct RtContImpl *k, int on) {
    if (k->full) k->active = on;
    else k->obj->impl = on ? k : NULL;
}

/* A value for a continuation of argc values: the values object in region r. */
static RtValue rt_cont_value(Region *r, intptr_t argc, RtValue a0, RtValue a1, RtValue a2,
                             RtValue a3) {
    if (argc == 1) return a0;
    RtValue items[argc > RT_REG_ARGS ? argc : RT_REG_ARGS];
    items[0] = a0;
    items[1] = a1;
    items[2] = a2;
    items[3] = a3;
    for (intptr_t i = RT_REG_ARGS; i < argc; i++) items[i] = rt_xargs[i];
    return rt_values(r, argc, items);
}

static RT_NORETURN void rt_cont_escape(Region *rr, struct RtContImpl *k, RtValue r) {
    rt_winds_unwind_to(rr, NULL, k->winds); /* leave the dynamic-winds inside (error.c) */
    while (rt_conts != k) { /* the call/cc frames skipped end their extent */
        rt_cont_set_active(rt_conts, 0);
        rt_conts = rt_conts->prev;
    }
    rt_handlers = k->handlers;
    rt_cur_out = k->cur_out;
    rt_cur_in = k->cur_in;
    rt_cur_err = k->cur_err;
    k->result = r;
    if (k->full) rt_nursery_wb(&k->result, r);   /* (an escape's record is on the stack) */
    rt_cont_landing = NULL;
    rt_region_unwind(k->regions);  /* the frames it skips are still live: release them now */
    longjmp(k->jb, 1);
}

/* Where p (an address in the stack the copy was taken of) is in the copy. */
static void *rt_cont_in_copy(const struct RtContImpl *k, const void *p) {
    const char *c = p;
    if (c >= k->lo && c < k->lo + k->size) return (char *)k->stack + (c - k->lo);
    return (void *)p;
}

/* The innermost wind of the current list that k's list (read in the copy) has too. */
static RtWind *rt_cont_shared_wind(const struct RtContImpl *k) {
    for (RtWind *w = rt_winds; w != NULL; w = w->parent)
        for (RtWind *t = k->winds; t != NULL; t = ((RtWind *)rt_cont_in_copy(k, t))->parent)
            if (t == w && ((RtWind *)rt_cont_in_copy(k, t))->serial == w->serial) return w;
    return NULL;
}

/* Grow the stack until this frame is below the copy, then write the copy back and jump. */
static RT_NORETURN __attribute__((noinline)) void rt_cont_restore(struct RtContImpl *k) {
    char here;
    if (&here >= k->lo - 4096) {
        size_t grow = (size_t)(&here - k->lo) + 8192;
        volatile char *pad = __builtin_alloca(grow);
        pad[0] = 0;
        rt_cont_restore(k);
    }
#if defined(RT_ASAN)
    ASAN_UNPOISON_MEMORY_REGION(k->lo, k->size);
#endif
    rt_copy_unchecked(k->lo, k->stack, k->size);
    longjmp(k->jb, 1);
}

static RT_NORETURN RT_COLD void rt_cont_reenter(struct RtContImpl *k, intptr_t argc, RtValue a0,
                                                RtValue a1, RtValue a2, RtValue a3) {
    k->result = rt_cont_value(&rt_gc_region, argc, a0, a1, a2, a3);
    rt_nursery_wb(&k->result, k->result);   /* k is full: collected memory */
    rt_cont_landing = k;                   /* keeps k and r seen by the collector */
    RtWind *common = rt_cont_shared_wind(k);
    rt_winds_unwind_to(&rt_gc_region, NULL, common);  /* after thunks, on this stack */
    for (; rt_conts != NULL; rt_conts = rt_conts->prev) rt_cont_set_active(rt_conts, 0);
    rt_regions_switch_out();
    rt_cont_landing = k;                   /* an after thunk may have re-entered another */
    rt_cont_common = common;
    rt_cont_restore(k);
}

/* On the restored stack, in k's call/cc: the rest of a re-entry. */
static void rt_cont_arrive(struct RtContImpl *k) {
    rt_regions_switch_in(k->regions);
    rt_conts = k;
    for (struct RtContImpl *c = k; c != NULL; c = c->prev) rt_cont_set_active(c, 1);
    rt_winds = rt_cont_common;
    rt_winds_rewind(&rt_gc_region, k->winds, rt_cont_common);
    rt_winds = k->winds;
    rt_handlers = k->handlers;
    rt_cur_out = k->cur_out;
    rt_cur_in = k->cur_in;
    rt_cur_err = k->cur_err;
}

static RtValue rt_cont_code(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2,
                            RtValue a3) {
    intptr_t argc = rt_nargs;
    RtContinuation *obj = RT_AS(RtContinuation, RT_AS(RtClosure, self)->free[0]);
    struct RtContImpl *k = obj->impl;
    if (k == NULL)
        rt_error_msg(NULL, "continuation", rt_stack_base == NULL && rt_catch != NULL
                     ? "a continuation captured outside the program's main thread called after "
                       "its call/cc returned (full continuations are main-thread only)"
                     : "an escape-only continuation called after its call/cc returned");
    /* Threads and tasks: an active continuation must be on this thread's list above the base
     * of the thread or task running now (rt_catch); another's C frames are not ours to jump
     * to. A full one is re-entered only on the program's thread, outside any task. */
    struct RtContImpl *barrier = rt_catch != NULL ? rt_catch->conts : NULL, *c = rt_conts;
    if (!k->full || k->active) {
        while (c != NULL && c != k && c != barrier) c = c->prev;
        if (RT_UNLIKELY(c != k))
            rt_error_msg(NULL, "continuation", "called outside the thread or task that captured it");
    } else if (RT_UNLIKELY(rt_stack_base == NULL || rt_catch != NULL)) {
        rt_error_msg(NULL, "continuation", "a full continuation re-entered outside the program's "
                     "main thread, or in a task");
    }
    if (RT_UNLIKELY(k->full && !k->active)) rt_cont_reenter(k, argc, a0, a1, a2, a3);
    rt_cont_escape(rr, k, rt_cont_value(k->rr, argc, a0, a1, a2, a3));
}

static inline __attribute__((always_inline)) RtValue rt_cont_make(struct RtContImpl *k) {
    /* The continuation may be stored anywhere and outlive call/cc: the collected heap. */
    RtContinuation *obj = alloc_obj_typed(&rt_gc_region, TYPE_ID_CONTINUATION);
    obj->hdr = RT_HDR(TYPE_ID_CONTINUATION, 0);
    obj->impl = k;
    k->obj = obj;
    RtValue proc = mk_closure(&rt_gc_region, rt_cont_code, 1);
    RT_AS(RtClosure, proc)->free[0] = RT_TAG_AS_OBJ(obj);
    return proc;
}

static inline __attribute__((always_inline)) void rt_cont_save(struct RtContImpl *k, Region *rr) {
    k->winds = rt_winds;
    k->handlers = rt_handlers;
    k->cur_out = rt_cur_out;
    k->cur_in = rt_cur_in;
    k->cur_err = rt_cur_err;
    k->regions = rt_region_top;
    k->rr = rr;
    k->result = RT_UNSPEC;
    k->prev = rt_conts;
}

RtValue rt_p_call_cc_escape(Region *rr, const char *loc, RtValue f) {
    rt_check_proc(loc, "call/cc", f);
    struct RtContImpl k;
    rt_cont_save(&k, rr);
    k.full = 0;
    RtValue proc = rt_cont_make(&k);
    rt_conts = &k;
    RtValue r;
    if (setjmp(k.jb) == 0) r = rt_call1(rr, loc, f, proc);
    else r = k.result;
    rt_conts = k.prev;
    k.obj->impl = NULL;
    return r;
}

/* The record of a full continuation whose copy starts at this function's caller's frame
 * (the caller's frame is the same at every call from one place). */
static __attribute__((noinline)) struct RtContImpl *rt_cont_alloc_full(void) {
    rt_nursery_freeze();   /* the copy holds young objects a minor collection would not see */
    char *lo = __builtin_frame_address(0);
    size_t size = (size_t)(rt_stack_base - lo);
    struct RtContImpl *k = rt_gc_stack_alloc(sizeof *k + size);
    k->lo = lo;
    k->size = size;
    k->full = 1;
    return k;
}

static __attribute__((noinline)) void rt_cont_copy(struct RtContImpl *k) {
    rt_copy_unchecked(k->stack, k->lo, k->size);
}

RtValue rt_p_call_cc(Region *rr, const char *loc, RtValue f) {
    rt_check_proc(loc, "call/cc", f);
    if (rt_stack_base == NULL) return rt_p_call_cc_escape(rr, loc, f);   /* no rt_start */
    rt_regions_capture();
    struct RtContImpl *k = rt_cont_alloc_full();
    rt_cont_save(k, rr);
    RtValue proc = rt_cont_make(k);
    rt_conts = k;
    k->active = 1;
    if (setjmp(k->jb) != 0) {
        k = rt_cont_landing != NULL ? rt_cont_landing : k;
        if (rt_cont_landing != NULL) {
            rt_cont_landing = NULL;
            rt_cont_arrive(k);
        }
        RtValue r = k->result;
        rt_conts = k->prev;
        k->active = 0;
        return r;
    }
    rt_cont_copy(k);
    RtValue r = rt_call1(rr, loc, f, proc);
    rt_conts = k->prev;
    k->active = 0;
    return r;
}

RtValue rt_p_call_with_current_continuation(Region *rr, const char *loc, RtValue f) {
    return rt_p_call_cc(rr, loc, f);
}
/* guard's re-raise (compiler/derive.c): a full continuation, re-entered at most once; only the
 * compiler treats it apart (compiler/analyze.c: no re-entry of a frame that still runs). */
RtValue rt_p_call_1cc(Region *rr, const char *loc, RtValue f) { return rt_p_call_cc(rr, loc, f); }

/* A thread's or a task's base (thread.c, task.c): f called on argv with an RtCatch installed (rtlib.h). An uncaught
 * raise comes back here with the winds already left; the rest of the dynamic environment is
 * put back as a continuation's escape puts it (rt_cont_escape): the call/cc frames skipped
 * end their extent, the handlers, current ports and region stack are those of this frame. */
RtValue rt_call_catching(Region *rr, const char *loc, RtValue f, intptr_t argc,
                         const RtValue *argv, int *raised) {
    RtCatch c;
    c.obj = RT_UNSPEC;
    c.winds = rt_winds;
    c.conts = rt_conts;
    RtCatch *prev = rt_catch;
    struct RtContImpl *conts = rt_conts;
    RtHandler *handlers = rt_handlers;
    RtValue out = rt_cur_out, in = rt_cur_in, err = rt_cur_err;
    Region *top = rt_region_top;
    rt_catch = &c;
    *raised = 0;
    if (setjmp(c.jb) != 0) {
        while (rt_conts != conts) {
            rt_cont_set_active(rt_conts, 0);
            rt_conts = rt_conts->prev;
        }
        rt_handlers = handlers;
        rt_cur_out = out;
        rt_cur_in = in;
        rt_cur_err = err;
        rt_region_unwind(top);
        rt_catch = prev;
        *raised = 1;
        return c.obj;
    }
    RtValue r = argc == 0 ? rt_call0(rr, loc, f) : rt_call(rr, loc, f, argc, argv);
    rt_catch = prev;
    return r;
}

RtValue rt_p_dynamic_wind(Region *rr, const char *loc, RtValue before, RtValue thunk,
                          RtValue after) {
    rt_check_proc(loc, "dynamic-wind", before);
    rt_check_proc(loc, "dynamic-wind", thunk);
    rt_check_proc(loc, "dynamic-wind", after);
    return rt_dynamic_wind(rr, loc, before, thunk, after);
}

/* ---- the system interface (R7RS 6.14) --------------------------------------------------------- */

RtValue rt_p_void(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return RT_UNSPEC;
}

/* The status of (exit obj) and (emergency-exit obj) (R7RS 6.14: #t or no argument is
 * success, #f failure, any other object "translated into an appropriate exit code"; README,
 * "Errors and exit statuses"): #t, no argument and the unspecified value 0; #f 1; a fixnum
 * its low 8 bits, which is what C's exit passes on (256: 0, -1: 255); anything else (a
 * symbol, a string, an inexact number, an integer past the fixnums) 1. As Chez Scheme does,
 * but for #t, which exits 1 there. Never an error: exit always exits. */
static int rt_exit_status(intptr_t argc, const RtValue *argv) {
    RtValue v = RT_OPT(0, RT_TRUE);
    if (v == RT_TRUE || v == RT_UNSPEC) return 0;
    if (RT_IS_FIXNUM(v)) return (int)(RT_FIXVAL(v) & 0xff);
    return 1;
}

/* (exit [obj]): runs the `after` thunks of the active dynamic-winds, flushes, exits. Output
 * that cannot be written at the flush is reported and makes the status RT_EXIT_ERROR. */
RtValue rt_p_exit(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int status = rt_exit_status(argc, argv);
    rt_winds_unwind_all(rr, loc);
    rt_stats_report();
    exit(rt_exit_flush() ? RT_EXIT_ERROR : status);
}

RtValue rt_p_emergency_exit(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int status = rt_exit_status(argc, argv);
    _exit(rt_exit_flush() ? RT_EXIT_ERROR : status);
}

RtValue rt_p_command_line(Region *rr, const char *loc) {
    RtValue l = RT_NIL;
    for (int i = rt_argc - 1; i >= 0; i--) l = rt_cons(rr, mk_string(rr, rt_argv[i]), l);
    return l;
}

RtValue rt_p_current_second(Region *rr, const char *loc) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return mk_float(rr, (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
}

RtValue rt_p_current_jiffy(Region *rr, const char *loc) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return RT_FIX((int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
}

RtValue rt_p_jiffies_per_second(Region *rr, const char *loc) { return RT_FIX(1000000000); }

RtValue rt_p_get_environment_variable(Region *rr, const char *loc, RtValue name) {
    RT_CHECK(RT_IS_STRING(name), "get-environment-variable", "a string", name);
    char *n = rt_string_to_utf8(name, NULL);
    const char *v = getenv(n);
    free(n);
    return v == NULL ? RT_FALSE : mk_string(rr, v);
}

extern char **environ;

/* (get-environment-variables): an alist of (name . value) strings (R7RS 6.14). */
RtValue rt_p_get_environment_variables(Region *rr, const char *loc) {
    RtValue l = RT_NIL;
    for (char **e = environ; e != NULL && *e != NULL; e++) {
        const char *eq = strchr(*e, '=');
        if (eq == NULL) continue;
        l = rt_cons(rr, rt_cons(rr, mk_string_n(rr, *e, (size_t)(eq - *e)), mk_string(rr, eq + 1)), l);
    }
    return l;
}

/* The program's -D features (rt_features_add, called by the generated program at start). */
static const char *const *rt_features_extra;
static size_t rt_nfeatures_extra;
void rt_features_add(const char *const *names, size_t n) {
    rt_features_extra = names;
    rt_nfeatures_extra = n;
}

/* (features) (R7RS 6.14): what cond-expand may test (features.def, which the compiler reads too). */
RtValue rt_p_features(Region *rr, const char *loc) {
    (void)loc;
    static const char *const names[] = {
#define RT_FEATURE(n) n,
#include "features.def"
#undef RT_FEATURE
    };
    size_t nbuiltin = sizeof names / sizeof names[0];
    RtValue l = RT_NIL;
    for (size_t i = rt_nfeatures_extra; i-- > 0;) {
        int seen = 0;
        for (size_t j = 0; j < nbuiltin && !seen; j++) seen = !strcmp(names[j], rt_features_extra[i]);
        for (size_t j = 0; j < i && !seen; j++) seen = !strcmp(rt_features_extra[j], rt_features_extra[i]);
        if (!seen) l = rt_cons(rr, mk_symbol(rr, rt_features_extra[i]), l);
    }
    for (size_t i = nbuiltin; i-- > 0;)
        l = rt_cons(rr, mk_symbol(rr, names[i]), l);
    return l;
}

/* ---- the prelude's errors -------------------------------------------------------------- */

/* (%type-error who what x), for the prelude (compiler/prelude.scm), whose code carries the
 * program's source locations: the error rt_type_error raises; who is a symbol, what a string.
 * x is printed into the message, never kept (prims.def: effect EF_NONE, so regions may hold it). */
RtValue rt_p_type_error(Region *rr, const char *loc, RtValue who, RtValue what, RtValue x) {
    (void)rr;
    char buf[128];
    size_t n = 0;
    char *w = RT_IS_TYPE(what, TYPE_ID_STRING) ? rt_string_to_utf8(what, &n) : NULL;
    snprintf(buf, sizeof buf, "%s", w ? w : "?");
    free(w);
    rt_type_error(loc, RT_IS_TYPE(who, TYPE_ID_SYMBOL) ? rt_symbol_utf8(who) : "?", buf, x);
}

/* ---- eval, environments, load (R7RS 6.12, (scheme load)) ----------------------------------
 * The evaluator is not part of this library: it needs the compiler's reader and expander, so
 * it lives in libregal-eval.a (eval/), which the compiler links only into programs that refer
 * to these primitives (RT_PF_EVAL); such a program calls rt_eval_install first, which sets
 * rt_eval_hooks. Anywhere else (a program compiled by hand from regal -S output without the
 * library) they raise an error instead of crashing. */
const RtEvalHooks *rt_eval_hooks;

static const RtEvalHooks *rt_eval_need(const char *loc, const char *who) {
    if (RT_UNLIKELY(rt_eval_hooks == NULL))
        rt_error_msg(loc, who, "the evaluator is not linked into this program (link "
                               "libregal-eval.a and call rt_eval_install)");
    return rt_eval_hooks;
}

RtValue rt_p_eval(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    (void)rr;
    return rt_eval_need(loc, "eval")->eval(loc, argv[0], argc > 1 ? argv[1] : RT_DEFAULT);
}

RtValue rt_p_environment(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    (void)rr;
    return rt_eval_need(loc, "environment")->environment(loc, argc, argv);
}

RtValue rt_p_scheme_report_environment(Region *rr, const char *loc, RtValue version) {
    (void)rr;
    return rt_eval_need(loc, "scheme-report-environment")->report_environment(loc, version, 0);
}

RtValue rt_p_null_environment(Region *rr, const char *loc, RtValue version) {
    (void)rr;
    return rt_eval_need(loc, "null-environment")->report_environment(loc, version, 1);
}

RtValue rt_p_interaction_environment(Region *rr, const char *loc) {
    (void)rr;
    return rt_eval_need(loc, "interaction-environment")->interaction_environment();
}

RtValue rt_p_load(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    (void)rr;
    return rt_eval_need(loc, "load")->load(loc, argv[0], argc > 1 ? argv[1] : RT_DEFAULT);
}
