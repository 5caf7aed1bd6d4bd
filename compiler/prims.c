/* prims.c: the compiler's table of primitives, built from runtime/prims.def so the compiler
 * and the runtime agree on every name, arity and calling convention. */
#include "regalc.h"

#include <string.h>

#include "regal.h"

static const Prim prims_table[] = {
#define RT_PRIM_F(c, s, n, fl) {s, #c, n, 0, true, fl},
#define RT_PRIM_V(c, s, n, o, fl) {s, #c, n, o, false, fl},
#include "prims.def"
#undef RT_PRIM_F
#undef RT_PRIM_V
};
#define PRIMS_COUNT (sizeof prims_table / sizeof prims_table[0])

const Prim *prims_lookup(Sym *name) {
    static Sym *syms[PRIMS_COUNT];
    if (!syms[0])
        for (size_t i = 0; i < PRIMS_COUNT; i++) syms[i] = sym_cstr(prims_table[i].name);
    for (size_t i = 0; i < PRIMS_COUNT; i++)
        if (syms[i] == name) return &prims_table[i];
    return NULL;
}

bool prims_arity_ok(const Prim *p, int argc) {
    if (argc < p->nreq) return false;
    if (p->nopt < 0) return true;
    return argc <= p->nreq + p->nopt;
}
