/* call.c: calling procedures from C (rt_call and rt_call0..3), the argument-count error of
 * compiled procedures (rt_arity_error), rest-argument lists (rt_make_rest), and the
 * primitives procedure? and apply (R7RS 6.10).
 * Convention (regal.h "Calls"): arguments 0..3 in a0..a3, argument i >= 4 in rt_xargs[i], the
 * count of an unknown call in rt_nargs and its location in rt_call_loc, all defined here
 * (rt_xargs is a collector root of the program thread: start.c, rt_gc_thread_roots).
 */
#include "rtlib.h"

_Thread_local RtValue rt_xargs[RT_MAX_ARGS];
_Thread_local intptr_t rt_nargs;
_Thread_local const char *rt_call_loc;

RT_COLD void rt_not_procedure(const char *loc, RtValue f) {
    rt_type_error(loc, "application", "a procedure", f);
}

RtValue rt_call(Region *rr, const char *loc, RtValue f, intptr_t argc, const RtValue *argv) {
    RtCode code = rt_code_of(loc, f);
    if (RT_UNLIKELY(argc > RT_MAX_ARGS)) rt_error_msg(loc, "application", "too many arguments");
    for (intptr_t i = RT_REG_ARGS; i < argc; i++) rt_xargs[i] = argv[i];
    rt_nargs = argc;
    rt_call_loc = loc;
    return code(rr, f, argc > 0 ? argv[0] : RT_UNSPEC, argc > 1 ? argv[1] : RT_UNSPEC,
                argc > 2 ? argv[2] : RT_UNSPEC, argc > 3 ? argv[3] : RT_UNSPEC);
}

RtValue rt_call0(Region *rr, const char *loc, RtValue f) {
    RtCode code = rt_code_of(loc, f);
    rt_nargs = 0;
    rt_call_loc = loc;
    return code(rr, f, RT_UNSPEC, RT_UNSPEC, RT_UNSPEC, RT_UNSPEC);
}
RtValue rt_call1(Region *rr, const char *loc, RtValue f, RtValue x) {
    RtCode code = rt_code_of(loc, f);
    rt_nargs = 1;
    rt_call_loc = loc;
    return code(rr, f, x, RT_UNSPEC, RT_UNSPEC, RT_UNSPEC);
}
RtValue rt_call2(Region *rr, const char *loc, RtValue f, RtValue x, RtValue y) {
    RtCode code = rt_code_of(loc, f);
    rt_nargs = 2;
    rt_call_loc = loc;
    return code(rr, f, x, y, RT_UNSPEC, RT_UNSPEC);
}
RtValue rt_call3(Region *rr, const char *loc, RtValue f, RtValue x, RtValue y, RtValue z) {
    RtCode code = rt_code_of(loc, f);
    rt_nargs = 3;
    rt_call_loc = loc;
    return code(rr, f, x, y, z, RT_UNSPEC);
}

/* "<loc>: [<who>: ]wrong number of arguments: expected N, got M[ (the procedure at <at>)]". */
static RT_NORETURN RT_COLD void rt_arity(const char *loc, const char *who, intptr_t argc,
                                         intptr_t min, intptr_t max, const char *at) {
    char want[64];
    if (max == min) snprintf(want, sizeof want, "%ld", (long)min);
    else if (max < 0) snprintf(want, sizeof want, "at least %ld", (long)min);
    else snprintf(want, sizeof want, "%ld to %ld", (long)min, (long)max);
    if (at != NULL)
        rt_error_msg(loc, who, "wrong number of arguments: expected %s, got %ld (the procedure at %s)", want,
                     (long)argc, at);
    rt_error_msg(loc, who, "wrong number of arguments: expected %s, got %ld", want, (long)argc);
}

/* loc is the procedure's own location; the call that entered it (rt_call_loc, set with
 * rt_nargs) is named first when it is known, since that is where the mistake usually is. */
RT_COLD void rt_arity_error(const char *loc, intptr_t argc, intptr_t min, intptr_t max) {
    const char *call = rt_call_loc;
    if (call == NULL || loc == NULL || strcmp(call, loc) == 0) rt_arity(loc, NULL, argc, min, max, NULL);
    rt_arity(call, NULL, argc, min, max, loc);
}

RT_COLD void rt_arity_error_who(const char *loc, const char *who, intptr_t argc, intptr_t min,
                                intptr_t max) {
    rt_arity(loc, who, argc, min, max, NULL);
}

RtValue rt_make_rest(Region *rr, intptr_t argc, RtValue a0, RtValue a1, RtValue a2, RtValue a3,
                     intptr_t first) {
    RtValue l = RT_NIL;
    for (intptr_t i = argc - 1; i >= first; i--) {
        RtValue v = i == 0 ? a0 : i == 1 ? a1 : i == 2 ? a2 : i == 3 ? a3 : rt_xargs[i];
        l = rt_cons(rr, v, l);
    }
    return l;
}

RtValue rt_p_procedure_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_PROCEDURE(x));
}

/* Spread the arguments of (apply f a ... lst), argv = {f, a, ..., lst}: arguments 0..3 into
 * r[0..3], the others into rt_xargs, their count into rt_nargs; checks that f is a procedure
 * and lst a proper list. argv must not alias rt_xargs (it is filled here). Compiled code calls
 * it for an apply in tail position, then tail-calls f's code itself. */
void rt_apply_spread(const char *loc, intptr_t argc, const RtValue *argv, RtValue r[RT_REG_ARGS]) {
    RtValue f = argv[0];
    (void)rt_code_of(loc, f);
    RtValue lst = argv[argc - 1];
    for (int i = 0; i < RT_REG_ARGS; i++) r[i] = RT_UNSPEC;
    intptr_t k = 0;
    for (intptr_t i = 1; i < argc - 1; i++, k++) {
        if (k < RT_REG_ARGS) r[k] = argv[i];
        else rt_xargs[k] = argv[i];
    }
    /* one walk of the list: a short proper one (the usual case) is copied as it is counted;
     * a long, improper or circular one is measured first (rt_list_length stops on a cycle) */
    RtValue l = lst;
    for (; RT_IS_PAIR(l) && k < RT_REG_ARGS; l = RT_CDR(l), k++) r[k] = RT_CAR(l);
    if (RT_UNLIKELY(l != RT_NIL)) {
        int64_t n = rt_list_length(lst);
        RT_CHECK(n >= 0, "apply", "a proper list", lst);
        intptr_t total = argc - 2 + (intptr_t)n;
        if (total > RT_MAX_ARGS) rt_error_msg(loc, "apply", "too many arguments (%ld)", (long)total);
        for (; RT_IS_PAIR(l); l = RT_CDR(l), k++) rt_xargs[k] = RT_CAR(l);
    }
    rt_nargs = k;
    rt_call_loc = loc;
}

/* (apply f a ... lst) */
RtValue rt_p_apply(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue r[RT_REG_ARGS];
    rt_apply_spread(loc, argc, argv, r);
    return RT_AS(RtClosure, argv[0])->code(rr, argv[0], r[0], r[1], r[2], r[3]);
}
