/* prims.c: the compiler's table of primitives, built from runtime/prims.def so the compiler
 * and the runtime agree on every name, arity and calling convention, and every pass reads the
 * same facts (result types, effects, argument types, predicates) from one row. Lookup by name
 * is for the expander (identifiers are names); passes use Prim.id and the fields. */
#include "regalc.h"

#include <string.h>

#include "regal.h"

/* prims.def's compiler columns, as Prim initialisers */
#define T(t)     (t), RULE_NONE
#define ARITH    TY_NUM, RULE_ARITH
#define DIV      TY_NUM, RULE_DIV
#define QUO      TY_NUM, RULE_QUO
#define REM      TY_NUM, RULE_REM
#define MINMAX   TY_NUM, RULE_MINMAX
#define ROUND    TY_NUM, RULE_ROUND
#define ROUNDI   TY_NUM, RULE_ROUNDI
#define TRANSC   TY_NUM, RULE_TRANSC
#define TRANSC_C TY_NUM, RULE_TRANSC_C
#define EXACT    TY_EXACT | TY_CPLX, RULE_EXACT
#define INEXACT  TY_FLO | TY_CPLX, RULE_INEXACT
#define RECT     TY_NUM, RULE_RECT
#define LIST     TY_LIST, RULE_LIST
#define APPEND   TY_ANY, RULE_APPEND
#define A(...)   {__VA_ARGS__}, false
#define AR(t)    {t}, true
#define A_ANY    {0}, false
#define IS(y, n) (y), (n)
#define NOT_PRED 0, 0
static Prim prims_table[] = {
#define RT_PRIM_F(c, s, n, fl, res, ef, cl, ar, pr, lb) {PRIM_##c, s, #c, n, 0, true, fl, res, ef, cl, ar, pr, NULL, lb},
#define RT_PRIM_V(c, s, n, o, fl, res, ef, cl, ar, pr, lb) {PRIM_##c, s, #c, n, o, false, fl, res, ef, cl, ar, pr, NULL, lb},
#include "prims.def"
#undef RT_PRIM_F
#undef RT_PRIM_V
};
#undef T
#undef ARITH
#undef DIV
#undef QUO
#undef REM
#undef MINMAX
#undef ROUND
#undef ROUNDI
#undef TRANSC
#undef TRANSC_C
#undef EXACT
#undef INEXACT
#undef RECT
#undef LIST
#undef APPEND
#undef A
#undef AR
#undef A_ANY
#undef IS
#undef NOT_PRED
_Static_assert(sizeof prims_table / sizeof prims_table[0] == PRIM_COUNT, "one row per PrimId");

static Sym *prims_syms[PRIM_COUNT];

/* Derived once: the symbols of the names, and the path of each c[ad]+r. */
static void prims_init(void) {
    for (size_t i = 0; i < PRIM_COUNT; i++) {
        Prim *p = &prims_table[i];
        if (p->id != (PrimId)i) diag_internal("prims.def: row %zu out of order", i);
        prims_syms[i] = sym_cstr(p->name);
        size_t n = strlen(p->name);
        if (n >= 3 && p->name[0] == 'c' && p->name[n - 1] == 'r' && strspn(p->name + 1, "ad") == n - 2)
            p->cxr = xstrndup(p->name + 1, n - 2);
    }
}

const Prim *prims_lookup(Sym *name) {
    if (!prims_syms[0]) prims_init();
    for (size_t i = 0; i < PRIM_COUNT; i++)
        if (prims_syms[i] == name) return &prims_table[i];
    return NULL;
}

const Prim *prims_get(PrimId id) {
    if (!prims_syms[0]) prims_init();
    return &prims_table[id];
}

bool prims_arity_ok(const Prim *p, int argc) {
    if (argc < p->nreq) return false;
    if (p->nopt < 0) return true;
    return argc <= p->nreq + p->nopt;
}

Type prims_arg_type(const Prim *p, size_t i) {
    Type t = p->args_all ? p->args[0] : i < PRIM_MAX_ARGS ? p->args[i] : 0;
    return t ? t : TY_ANY;
}

bool prims_higher_order(const Prim *p, size_t nargs) {
    return p->calls >= 0 && nargs > (size_t)p->calls;
}
