/* prims.c: the first-class procedure of every primitive in prims.def. For each entry it
 * defines a wrapper with the compiled-procedure signature (RtCode) that checks the argument
 * count, gathers the arguments from a0..a3 and rt_xargs, and calls rt_p_<cname> with the
 * location of the call (rt_call_loc, which every call that sets the count sets: its errors
 * name the place); and the static closure rt_pc_<cname> (no free variables) whose code is the wrapper.
 * A procedure value for a primitive is RT_TAG_AS_OBJ(&rt_pc_<cname>).
 */
#include "rtlib.h"

#define RT_CALLF_0(c) rt_p_##c(rr, loc_)
#define RT_CALLF_1(c) rt_p_##c(rr, loc_, a0)
#define RT_CALLF_2(c) rt_p_##c(rr, loc_, a0, a1)
#define RT_CALLF_3(c) rt_p_##c(rr, loc_, a0, a1, a2)
#define RT_CALLF_4(c) rt_p_##c(rr, loc_, a0, a1, a2, a3)

#define RT_PRIM_F(c, s, n, fl, ...)                                                           \
    static RtValue rt_w_##c(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2,     \
                            RtValue a3) {                                                     \
        intptr_t argc = rt_nargs;                                                             \
        const char *loc_ = rt_call_loc;                                                       \
        if (RT_UNLIKELY(argc != (n))) rt_arity_error_who(loc_, s, argc, n, n);               \
        return RT_CALLF_##n(c);                                                               \
    }                                                                                         \
    RtClosure rt_pc_##c = { RT_HDR(TYPE_ID_CLOSURE, 0), rt_w_##c };

#define RT_PRIM_V(c, s, n, o, fl, ...)                                                        \
    static RtValue rt_w_##c(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2,     \
                            RtValue a3) {                                                     \
        intptr_t argc = rt_nargs;                                                             \
        const char *loc_ = rt_call_loc;                                                       \
        const intptr_t max_ = (o) < 0 ? -1 : (intptr_t)(n) + (o);                             \
        if (RT_UNLIKELY(argc < (n) || (max_ >= 0 && argc > max_)))                           \
            rt_arity_error_who(loc_, s, argc, n, max_);                                       \
        RtValue argv_[argc > RT_REG_ARGS ? argc : RT_REG_ARGS];                               \
        argv_[0] = a0;                                                                        \
        argv_[1] = a1;                                                                        \
        argv_[2] = a2;                                                                        \
        argv_[3] = a3;                                                                        \
        for (intptr_t i = RT_REG_ARGS; i < argc; i++) argv_[i] = rt_xargs[i];                 \
        return rt_p_##c(rr, loc_, argc, argv_);                                               \
    }                                                                                         \
    RtClosure rt_pc_##c = { RT_HDR(TYPE_ID_CLOSURE, 0), rt_w_##c };

#include "prims.def"
#undef RT_PRIM_F
#undef RT_PRIM_V
