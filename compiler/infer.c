/* infer.c: whole-program, flow-based type inference over the analyzed AST.
 *
 * Entry point: infer_program. Requires: analyze_program has run (Var.known, nsets, captured).
 * Guarantees: the fields "set by infer.c" (regalc.h): every node's, variable's and result's
 * type is a superset of the types its values can have at run time (the empty set for nodes that
 * never deliver a value, such as calls of `error`).
 * A monotone fixpoint over abstract values: a type bitset and a set of container sites.
 * Types come from constants, the primitives' rows of prims.def, known procedures (parameters:
 * the union over all call sites; results: the type of the body), variables (the union of every
 * value bound or assigned), type predicates and comparisons that narrow never-assigned
 * variables in the branches of `if`, and everything else unknown.
 * Element types: every node that makes pairs, vectors or records is a container SITE with a
 * slot per field (car and cdr; a vector's elements; a record's fields), the union of all that is
 * ever stored there; a value carries the set of sites its containers may come from, so car,
 * vector-ref and record accessors have types. Containers made where inference cannot see
 * (unknown calls, unmodelled primitives) are the site TOP, whose slots hold anything. A site
 * ESCAPES when its containers reach code that could store into them unseen (an unknown call, a
 * primitive that keeps or calls its arguments, a container that escaped, the result of a
 * procedure used as a value): its slots then hold anything, and so do its contents' sites.
 * Procedures: every lambda used as a value is a CLOSURE site (no slots), so a value also says
 * which lambdas its procedures may be. A call of such a value whose sites are all closures
 * (no TOP: procedures made where inference cannot see are TOP) is a call of each of those
 * lambdas: its arguments join their parameters and its result is the join of their results;
 * nothing escapes. A primitive used as a value is a PRIM site (one per primitive): a call of
 * it is typed and escapes as its prims.def row says. A lambda ESCAPES (Lambda.escapes: anything comes in,
 * its results go anywhere) when its closure site escapes, or when a call of it cannot be seen.
 * Flonum vectors: a vector site that never escapes, holds only flonums and whose containers only
 * ever meet vector-ref, vector-set!, vector-length and eq? (never a mix with other sites) is
 * represented unboxed (Ast.flovec; emit.c: a double per element); one that holds only booleans
 * likewise as bytes (Ast.boolvec).
 */
#include "regalc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- a map from pointers to types ------------------------------------------------------------ */
/* ---- sets of container sites ------------------------------------------------------------------
 * Interned: two equal sets are the same pointer, NULL is the empty set. Site 0 is TOP. */
struct SiteSet { uint32_t n, hash; int ids[]; };
typedef struct SiteSet SiteSet;
enum { CS_TOP, CS_PAIR, CS_VECTOR, CS_RECORD, CS_CLOSURE, CS_PRIM };
enum { SLOT_CAR = 0, SLOT_CDR = 1, SLOT_ELEM = 0 };
typedef struct AVal { Type t; const SiteSet *s; } AVal;
typedef struct CSite {
    Ast *node;            /* the node that makes its containers (NULL: TOP, CS_PRIM) */
    const Prim *prim;     /* CS_PRIM: the primitive whose procedure this is */
    int kind;
    int nslots;
    Type *slot_t;         /* per slot: the union of what is stored there */
    const SiteSet **slot_s;
    bool escaped;
    bool flovec;          /* represented unboxed (a flonum vector) */
    bool boolvec;         /* represented as bytes (a vector of booleans) */
} CSite;

/* The results live in the program (Ast.type, Var.type, Lambda.ret_type, Lambda.escapes and the
 * site sets), joined from nothing up to a fixpoint; the inferrer holds the sites and the
 * interned sets, and whether a round changed anything. */
typedef struct Inferrer {
    Program *prog;
    const InferOptions *opt;
    bool changed;
    VEC(CSite) sites;
    PtrMap site_of;       /* node -> its site index */
    VEC(const SiteSet *) interned;  /* open-addressing table (power of two), NULL = free */
    size_t ninterned;
    const SiteSet *top;   /* {TOP} */
} Inferrer;

static uint32_t infer_ss_hash(const int *ids, uint32_t n) {
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; i++) h = (h ^ (uint32_t)ids[i]) * 16777619u;
    return h;
}

static const SiteSet *infer_ss_intern(Inferrer *in, const int *ids, uint32_t n) {
    if (n == 0) return NULL;
    if (2 * (in->ninterned + 1) > in->interned.len) {
        size_t cap = in->interned.len ? 2 * in->interned.len : 256;
        VEC(const SiteSet *) old = {in->interned.items, in->interned.len, in->interned.cap};
        in->interned.items = xcalloc(cap, sizeof *in->interned.items);
        in->interned.len = in->interned.cap = cap;
        for (size_t i = 0; i < old.len; i++)
            if (old.items[i]) {
                size_t j = old.items[i]->hash & (cap - 1);
                while (in->interned.items[j]) j = (j + 1) & (cap - 1);
                in->interned.items[j] = old.items[i];
            }
        free(old.items);
    }
    uint32_t h = infer_ss_hash(ids, n);
    size_t mask = in->interned.len - 1;
    for (size_t j = h & mask;; j = (j + 1) & mask) {
        const SiteSet *e = in->interned.items[j];
        if (!e) {
            SiteSet *ns = xmalloc(sizeof *ns + n * sizeof(int));
            ns->n = n;
            ns->hash = h;
            memcpy(ns->ids, ids, n * sizeof(int));
            in->interned.items[j] = ns;
            in->ninterned++;
            return ns;
        }
        if (e->hash == h && e->n == n && memcmp(e->ids, ids, n * sizeof(int)) == 0) return e;
    }
}

static const SiteSet *infer_ss_union(Inferrer *in, const SiteSet *a, const SiteSet *b) {
    if (!a || a == b) return b ? b : a;
    if (!b) return a;
    int *ids = xmalloc((a->n + b->n) * sizeof(int));
    uint32_t n = 0, i = 0, j = 0;
    while (i < a->n || j < b->n) {
        int x = i < a->n ? a->ids[i] : INT32_MAX, y = j < b->n ? b->ids[j] : INT32_MAX;
        ids[n++] = x < y ? x : y;
        if (x <= y) i++;
        if (y <= x) j++;
    }
    const SiteSet *r = infer_ss_intern(in, ids, n);
    free(ids);
    return r;
}

static const SiteSet *infer_ss_one(Inferrer *in, int id) { return infer_ss_intern(in, &id, 1); }

static int infer_int_cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The union of m sets at once: one set interned, where folding infer_ss_union over them would
 * intern m - 1 intermediate sets (a walk down a deep structure of distinct sites reads slots of
 * sets of thousands of sites: quadratic time and memory per round with the fold). */
static const SiteSet *infer_ss_union_many(Inferrer *in, const SiteSet **sets, size_t m) {
    const SiteSet *one = NULL;
    size_t total = 0;
    bool several = false;
    for (size_t i = 0; i < m; i++)
        if (sets[i]) {
            if (!one) one = sets[i];
            several |= sets[i] != one;
            total += sets[i]->n;
        }
    if (!several) return one;
    int *ids = xmalloc(total * sizeof(int));
    size_t n = 0;
    for (size_t i = 0; i < m; i++)
        if (sets[i]) {
            memcpy(ids + n, sets[i]->ids, sets[i]->n * sizeof(int));
            n += sets[i]->n;
        }
    qsort(ids, n, sizeof(int), infer_int_cmp);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || ids[k - 1] != ids[i]) ids[k++] = ids[i];
    const SiteSet *r = infer_ss_intern(in, ids, (uint32_t)k);
    free(ids);
    return r;
}

/* Narrowed types of never-assigned variables, innermost first. up and down are the largest
 * c for which v + c and v - c are known to stay fixnums when v is one (from comparisons in
 * enclosing tests: in (if (< i n) ...) with n a fixnum, i + 1 is a fixnum). */
typedef struct Env {
    Var *var;
    Type type;
    int64_t up, down;
    struct Env *next;
} Env;
#define INFER_SLACK_MAX ((int64_t)1 << 40)
#define INFER_FIX_MAX (((int64_t)1 << 60) - 1)
#define INFER_FIX_MIN (-((int64_t)1 << 60))

static void infer_join(Inferrer *in, Type *slot, Type t) {
    if ((*slot | t) != *slot) {
        *slot |= t;
        in->changed = true;
    }
}

/* Join v into the abstract value (*t, *s). */
static void infer_join_av(Inferrer *in, Type *t, const SiteSet **s, AVal v) {
    infer_join(in, t, v.t);
    const SiteSet *u = infer_ss_union(in, *s, v.s);
    if (u != *s) {
        *s = u;
        in->changed = true;
    }
}

static Type infer_const_type(Datum *d);

/* ---- sites: making, reading, writing, escaping ------------------------------------------------ */
static AVal infer_unknown(Inferrer *in) { return (AVal){TY_ANY, in->top}; }

/* The site of node a (made on the first visit). */
static int infer_site(Inferrer *in, Ast *a, int kind, int nslots) {
    size_t *slot = ptrmap_slot(&in->site_of, a, true);
    if (*slot != PTRMAP_NONE) return (int)*slot;
    CSite c = {.node = a, .kind = kind, .nslots = nslots};
    c.slot_t = xcalloc((size_t)nslots + 1, sizeof *c.slot_t);
    c.slot_s = xcalloc((size_t)nslots + 1, sizeof *c.slot_s);
    *slot = in->sites.len;
    vec_push(&in->sites, c);
    in->changed = true;
    return (int)*slot;
}

/* The site of primitive p's procedure (made on the first use). */
static int infer_prim_site(Inferrer *in, const Prim *p) {
    size_t *slot = ptrmap_slot(&in->site_of, p, true);
    if (*slot != PTRMAP_NONE) return (int)*slot;
    CSite c = {.prim = p, .kind = CS_PRIM, .escaped = true};
    *slot = in->sites.len;
    vec_push(&in->sites, c);
    in->changed = true;
    return (int)*slot;
}

static void infer_escape(Inferrer *in, AVal v);

static void infer_escape_site(Inferrer *in, int id) {
    CSite *c = &in->sites.items[id];
    if (c->escaped) return;
    c->escaped = true;
    in->changed = true;
    if (c->kind == CS_CLOSURE) c->node->lambda->escapes = true;
    for (int k = 0; k < c->nslots; k++) {
        AVal old = {c->slot_t[k], c->slot_s[k]};
        c->slot_t[k] = TY_ANY;
        c->slot_s[k] = in->top;
        infer_escape(in, old);
    }
}

/* Containers of v reach code that may store into them unseen. */
static void infer_escape(Inferrer *in, AVal v) {
    for (uint32_t i = 0; v.s && i < v.s->n; i++)
        if (v.s->ids[i] != CS_TOP) infer_escape_site(in, v.s->ids[i]);
}

/* Slot k of the containers of v (TOP and escaped sites: anything; a site with fewer slots, a
 * record of another type, contributes nothing: that access raises). */
static AVal infer_slot_read(Inferrer *in, AVal v, int k) {
    if (!in->opt->element_types) return infer_unknown(in);
    AVal r = {0, NULL};
    if (!v.s) return r;
    const SiteSet **sets = xmalloc(v.s->n * sizeof *sets);
    size_t m = 0;
    for (uint32_t i = 0; i < v.s->n; i++) {
        CSite *c = &in->sites.items[v.s->ids[i]];
        if (c->kind == CS_TOP) {
            free(sets);
            return infer_unknown(in);
        }
        if (k >= c->nslots) continue;
        r.t |= c->slot_t[k];
        sets[m++] = c->slot_s[k];
    }
    r.s = infer_ss_union_many(in, sets, m);
    free(sets);
    return r;
}

/* Store x into slot k of the containers of v: into TOP or an escaped site, x escapes. */
static void infer_slot_write(Inferrer *in, AVal v, int k, AVal x) {
    for (uint32_t i = 0; v.s && i < v.s->n; i++) {
        CSite *c = &in->sites.items[v.s->ids[i]];
        if (c->kind == CS_TOP || c->escaped) {
            infer_escape(in, x);
            continue;
        }
        if (k >= c->nslots) continue;
        infer_join_av(in, &c->slot_t[k], &c->slot_s[k], x);
    }
}

/* The containers reachable from v by cdrs (v's own included): list-tail, memq, ... */
static AVal infer_cdrs(Inferrer *in, AVal v) {
    AVal r = v;
    for (;;) {
        AVal d = infer_slot_read(in, r, SLOT_CDR);
        const SiteSet *u = infer_ss_union(in, r.s, d.s);
        Type t = r.t | d.t;
        if (u == r.s && t == r.t) return r;
        r.s = u;
        r.t = t;
    }
}

/* The abstract value of a quoted datum (its containers: one site for the whole constant, the
 * elements' types joined; nested containers are TOP: a constant is never mutated legally, and
 * its insides are read as anything). */
static AVal infer_const_av(Inferrer *in, Ast *a, Type t) {
    Datum *d = a->datum;
    if (d->kind != DATUM_PAIR && d->kind != DATUM_VECTOR) return (AVal){t, NULL};
    bool pair = d->kind == DATUM_PAIR;
    int id = infer_site(in, a, pair ? CS_PAIR : CS_VECTOR, pair ? 2 : 1);
    AVal self = {t, infer_ss_one(in, id)};
    AVal elem = {0, NULL};
    if (pair) {
        Datum *p = d;
        PtrMap seen = {0};   /* a datum label can make the spine circular (R7RS 2.4) */
        for (; p->kind == DATUM_PAIR; p = p->pair.cdr) {
            size_t *mark = ptrmap_slot(&seen, p, true);
            if (*mark != PTRMAP_NONE) break;
            *mark = 1;
            Type et = 0;
            Datum *e = p->pair.car;
            elem.t |= et = (e->kind == DATUM_PAIR ? TY_PAIR : e->kind == DATUM_VECTOR ? TY_VEC : 0);
            if (et) elem.s = in->top;
            else elem.t |= infer_const_type(e);
        }
        ptrmap_free(&seen);
        CSite *c = &in->sites.items[id];
        infer_join_av(in, &c->slot_t[SLOT_CAR], &c->slot_s[SLOT_CAR], elem);
        AVal tail = {TY_PAIR | (p->kind == DATUM_NIL ? TY_NULL : infer_const_type(p)), self.s};
        if (p->kind == DATUM_PAIR || p->kind == DATUM_VECTOR) tail.s = infer_ss_union(in, tail.s, in->top);
        infer_join_av(in, &c->slot_t[SLOT_CDR], &c->slot_s[SLOT_CDR], tail);
    } else {
        for (size_t i = 0; i < d->vec.len; i++) {
            Datum *e = d->vec.items[i];
            if (e->kind == DATUM_PAIR || e->kind == DATUM_VECTOR) {
                elem.t |= e->kind == DATUM_PAIR ? TY_PAIR : TY_VEC;
                elem.s = in->top;
            } else {
                elem.t |= infer_const_type(e);
            }
        }
        CSite *c = &in->sites.items[id];
        infer_join_av(in, &c->slot_t[SLOT_ELEM], &c->slot_s[SLOT_ELEM], elem);
    }
    return self;
}

Type infer_type(const Ast *a) { return a->type; }

Type infer_var_type(const Var *v) {
    if (v->ext) return v->ext->type;
    if (v->global && !v->defined) return TY_PROC;
    return v->type;
}

bool infer_var_unboxed(const Var *v) {
    if (v->global || v->nsets || v->captured || v->boxed) return false;
    if (infer_var_type(v) != TY_FLO) return false;
    Lambda *o = v->owner;
    if (o && !o->contified)
        for (size_t i = 0; i < o->params.len; i++)
            if (o->params.items[i] == v) return o->flo_entry && v->flo_param;
    if (o && o->rest == v) return false;
    return true;
}

Type infer_return_type(const Lambda *l) {
    return l->ret_type;
}

static bool infer_narrowable(const Var *v) {
    return v->nsets == 0 && (!v->global || v->ndefs <= 1);
}

static Type infer_lookup(Inferrer *in, Env *env, Var *v) {
    for (Env *e = env; e; e = e->next)
        if (e->var == v) return e->type;
    if (v->ext) return v->ext->type;
    if (v->global && !v->defined) return TY_PROC;
    return v->type;
}

/* A variable's abstract value: its (narrowed) type and its sites. */
static AVal infer_lookup_av(Inferrer *in, Env *env, Var *v) {
    if (v->ext) return (AVal){infer_lookup(in, env, v), in->top}; /* made by unknown code */
    if (v->global && !v->defined)
        return (AVal){TY_PROC, v->prim ? infer_ss_one(in, infer_prim_site(in, v->prim)) : in->top};
    return (AVal){infer_lookup(in, env, v), v->sites};
}

static Env *infer_find(Env *env, Var *v) {
    for (Env *e = env; e; e = e->next)
        if (e->var == v) return e;
    return NULL;
}

static Env *infer_narrow(Inferrer *in, Env *env, Var *v, Type t) {
    if (!infer_narrowable(v)) return env;
    Env *old = infer_find(env, v);
    Env *e = xmalloc(sizeof *e);
    e->var = v;
    e->type = infer_lookup(in, env, v) & t;
    e->up = old ? old->up : 0;
    e->down = old ? old->down : 0;
    e->next = env;
    return e;
}

static int64_t infer_clamp(int64_t x) { return x < 0 ? 0 : x > INFER_SLACK_MAX ? INFER_SLACK_MAX : x; }

/* Record that v + up and v - down stay fixnums (when v is a fixnum). */
static Env *infer_bound(Inferrer *in, Env *env, Var *v, int64_t up, int64_t down) {
    if (!infer_narrowable(v) || (!up && !down)) return env;
    Env *e = infer_narrow(in, env, v, TY_ANY);
    if (up > e->up) e->up = up;
    if (down > e->down) e->down = down;
    return e;
}

enum { REL_LT, REL_LE, REL_GT, REL_GE };
/* x REL other holds: the slack it gives x. other is a fixnum constant, or of type t. */
static Env *infer_relate(Inferrer *in, Env *env, Ast *x, int rel, Ast *other) {
    if (x->kind != AST_REF) return env;
    bool k = other->kind == AST_CONST && other->datum->kind == DATUM_FIXNUM;
    int64_t c = k ? other->datum->fix : 0;
    bool fix = other->type && !(other->type & ~TY_FIX);
    switch (rel) {
    case REL_LT: return infer_bound(in, env, x->var, k ? infer_clamp(INFER_FIX_MAX - c + 1) : fix, 0);
    case REL_LE: return infer_bound(in, env, x->var, k ? infer_clamp(INFER_FIX_MAX - c) : 0, 0);
    case REL_GT: return infer_bound(in, env, x->var, 0, k ? infer_clamp(c - INFER_FIX_MIN + 1) : fix);
    default: return infer_bound(in, env, x->var, 0, k ? infer_clamp(c - INFER_FIX_MIN) : 0);
    }
}

/* The facts of (x op y) in the true branch (negate: the false branch). */
static Env *infer_compare(Inferrer *in, Env *env, PrimId op, Ast *x, Ast *y, bool negate) {
    int rel;
    switch (op) {
    case PRIM_num_lt: rel = REL_LT; break;
    case PRIM_num_le: rel = REL_LE; break;
    case PRIM_num_gt: rel = REL_GT; break;
    case PRIM_num_ge: rel = REL_GE; break;
    default: return env;
    }
    if (negate) rel = rel == REL_LT ? REL_GE : rel == REL_LE ? REL_GT : rel == REL_GT ? REL_LE : REL_LT;
    static const int flip[] = {REL_GT, REL_GE, REL_LT, REL_LE};
    env = infer_relate(in, env, x, rel, y);
    return infer_relate(in, env, y, flip[rel], x);
}

/* ---- primitives ------------------------------------------------------------------------------ */
/* + - * / and their kin: exact integers stay exact integers; exact rationals stay exact
 * (a ratnum may become an integer); a flonum among reals makes a flonum (R7RS 6.2.2
 * contagion); a complex operand may give anything. / of exact integers may give a ratnum. */
static Type infer_arith(Type *args, size_t n, bool division) {
    bool all_int = true, all_exact = true, all_real = true, any_flo = false;
    for (size_t i = 0; i < n; i++) {
        if (args[i] & ~TY_INT) all_int = false;
        if (args[i] & ~TY_EXACT) all_exact = false;
        if (args[i] & ~TY_REAL) all_real = false;
        if (args[i] && !(args[i] & ~TY_FLO)) any_flo = true;
    }
    if (all_real && any_flo) return TY_FLO;
    if (all_int && !division) return TY_INT;
    if (all_exact) return TY_EXACT;
    if (all_real) return TY_REAL;
    return TY_NUM;
}

static bool infer_all(Type *args, size_t n, Type t) {
    for (size_t i = 0; i < n; i++)
        if (args[i] & ~t) return false;
    return true;
}

/* The type of a primitive's result from the types of its arguments (prims.def's result
 * column; a call whose argument cannot have the type the primitive requires never returns). */
static Type infer_prim(const Prim *p, Type *args, size_t n) {
    for (size_t i = 0; i < n; i++) /* an argument never delivered: the call never happens */
        if (!args[i] || !(args[i] & prims_arg_type(p, i))) return 0;
    switch (p->rule) {
    case RULE_NONE: return p->result;
    case RULE_ARITH: return n == 0 ? TY_FIX : infer_arith(args, n, false);
    case RULE_DIV: return infer_arith(args, n, true);
    case RULE_QUO: /* the quotient of fixnums may overflow (most negative / -1) */
    case RULE_REM: {
        /* a remainder is smaller than its divisor: exact by a fixnum is a fixnum */
        if (p->rule == RULE_REM && n == 2 && !(args[0] & ~TY_INT) && !(args[1] & ~TY_FIX)) return TY_FIX;
        return infer_arith(args, n, false);
    }
    case RULE_MINMAX: return infer_all(args, n, TY_FIX) ? TY_FIX : infer_arith(args, n, false);
    case RULE_ROUND:
    case RULE_ROUNDI:
        if (n != 1) return TY_NUM;
        if (!(args[0] & ~TY_FLO)) return TY_FLO;
        if (p->rule == RULE_ROUNDI && !(args[0] & ~TY_FIX)) return TY_FIX;
        if (!(args[0] & ~TY_INT)) return TY_INT;
        if (p->rule == RULE_ROUNDI) return (args[0] & TY_EXACT ? TY_INT : 0) | (args[0] & TY_FLO);
        if (!(args[0] & ~TY_EXACT)) return TY_EXACT;
        if (!(args[0] & ~TY_REAL)) return TY_REAL;
        return TY_NUM;
    case RULE_TRANSC: /* real of a real; (exp 0) is exact 1 */
        if (infer_all(args, n, TY_FLO)) return TY_FLO;
        return infer_all(args, n, TY_REAL) ? TY_FIX | TY_FLO : TY_FIX | TY_FLO | TY_CPLX;
    case RULE_TRANSC_C: /* complex of a negative real (sqrt log) or beyond [-1, 1] (asin acos) */
        if (infer_all(args, n, TY_FLO)) return TY_FLO | TY_CPLX;
        return TY_NUM;
    case RULE_EXACT:
        if (n == 1 && !(args[0] & ~TY_INT)) return TY_INT;
        return n == 1 && !(args[0] & ~TY_REAL) ? TY_EXACT : TY_EXACT | TY_CPLX;
    case RULE_INEXACT: return n == 1 && !(args[0] & ~TY_REAL) ? TY_FLO : TY_FLO | TY_CPLX;
    case RULE_RECT: return n == 2 && !(args[1] & TY_FIX) ? TY_CPLX : TY_NUM;
    case RULE_LIST: return n ? TY_PAIR : TY_NULL;
    case RULE_APPEND: return n == 0 ? TY_NULL : (args[n - 1] & ~TY_LIST) ? TY_ANY : TY_LIST;
    }
    diag_internal("infer_prim: rule %d", p->rule);
}

/* ---- non-negative reals ------------------------------------------------------------------------
 * sqrt and log of a negative real are complex (R7RS 6.2.6), so of a flonum they are a flonum or
 * a compnum, and the arithmetic after them generic. A real known to be >= +0.0 (never -0.0,
 * whose sqrt is complex in Chez Scheme) or a NaN keeps them flonums: nbody's distances,
 * (sqrt (+ (* dx dx) (* dy dy))). Syntactic, over nodes already typed real: non-negative
 * constants, x * x, sums, products and quotients of non-negative reals, sqrt exp abs
 * magnitude, and let-bound never-assigned variables whose value is one of these. */
static bool infer_nonneg(const Ast *a, int depth) {
    if (depth > 16 || (a->type & ~TY_REAL)) return false;
    switch (a->kind) {
    case AST_CONST:
        switch (a->datum->kind) {
        case DATUM_FIXNUM: return a->datum->fix >= 0;
        case DATUM_FLONUM: return isnan(a->datum->flo) || !signbit(a->datum->flo);
        case DATUM_BIGNUM: case DATUM_RATNUM: return a->datum->big[0] != '-';
        default: return false;
        }
    case AST_REF: return a->var->nonneg && a->var->nsets == 0;
    case AST_PRIMCALL: {
        size_t n = a->args.len;
        switch (a->prim->id) {
        case PRIM_mul:
            if (n == 2 && a->args.items[0]->kind == AST_REF && a->args.items[1]->kind == AST_REF &&
                a->args.items[0]->var == a->args.items[1]->var && a->args.items[0]->var->nsets == 0 &&
                !(a->args.items[0]->type & ~TY_REAL))
                return true;
            /* fall through */
        case PRIM_add: case PRIM_div:
            if (n == 0) return false;
            for (size_t i = 0; i < n; i++)
                if (!infer_nonneg(a->args.items[i], depth + 1)) return false;
            return true;
        case PRIM_square: case PRIM_sqrt: case PRIM_exp: case PRIM_abs: case PRIM_magnitude: return true;
        default: return false;
        }
    }
    default: return false;
    }
}

/* ---- the walk -------------------------------------------------------------------------------- */
static AVal infer_expr(Inferrer *in, Ast *a, Env *env);

/* Infer a test and the environments of its true and false branches. */
static void infer_test(Inferrer *in, Ast *t, Env *env, Env **tenv, Env **fenv) {
    infer_expr(in, t, env);
    *tenv = *fenv = env;
    if (t->kind == AST_REF) {
        *fenv = infer_narrow(in, env, t->var, TY_BOOL);
        return;
    }
    if (t->kind == AST_IF) {
        /* (and a b): (if a b #f); the true branch knows both */
        if (t->els->kind == AST_CONST && t->els->datum->kind == DATUM_BOOL && !t->els->datum->b) {
            Env *t1, *f1, *t2, *f2;
            infer_test(in, t->test, env, &t1, &f1);
            infer_test(in, t->then, t1, &t2, &f2);
            *tenv = t2;
        }
        return;
    }
    if (t->kind != AST_PRIMCALL) return;
    const Prim *p = t->prim;
    if (p->id == PRIM_not && t->args.len == 1) {
        infer_test(in, t->args.items[0], env, fenv, tenv);
        return;
    }
    if (t->args.len == 2) {
        *tenv = infer_compare(in, env, p->id, t->args.items[0], t->args.items[1], false);
        *fenv = infer_compare(in, env, p->id, t->args.items[0], t->args.items[1], true);
    }
    /* A primitive returns only if its arguments are of the types it checks (prims.def):
     * after (< n 2) both branches know n is a real number. */
    if (!prims_higher_order(p, t->args.len))
        for (size_t i = 0; i < t->args.len; i++) {
            Ast *x = t->args.items[i];
            Type at = prims_arg_type(p, i);
            if (x->kind != AST_REF || at == TY_ANY) continue;
            *tenv = infer_narrow(in, *tenv, x->var, at);
            *fenv = infer_narrow(in, *fenv, x->var, at);
        }
    if (t->args.len == 1 && t->args.items[0]->kind == AST_REF && p->pred_yes) {
        Var *v = t->args.items[0]->var;
        *tenv = infer_narrow(in, env, v, p->pred_yes);
        *fenv = infer_narrow(in, env, v, TY_ANY & ~p->pred_no);
        return;
    }
    if ((p->id == PRIM_eq_p || p->id == PRIM_eqv_p || p->id == PRIM_equal_p) && t->args.len == 2) {
        for (int i = 0; i < 2; i++) {
            Ast *x = t->args.items[i], *k = t->args.items[1 - i];
            if (x->kind == AST_REF && k->kind == AST_CONST && k->datum->kind == DATUM_NIL) {
                *tenv = infer_narrow(in, env, x->var, TY_NULL);
                *fenv = infer_narrow(in, env, x->var, TY_ANY & ~TY_NULL);
            }
        }
    }
}

static Type infer_const_type(Datum *d) {
    switch (d->kind) {
    case DATUM_NIL: return TY_NULL;
    case DATUM_BOOL: return TY_BOOL;
    case DATUM_FIXNUM: return TY_FIX;
    case DATUM_BIGNUM: return TY_BIG;
    case DATUM_RATNUM: return TY_RAT;
    case DATUM_COMPNUM: return TY_CPLX;
    case DATUM_FLONUM: return TY_FLO;
    case DATUM_CHAR: return TY_CHAR;
    case DATUM_STRING: return TY_STR;
    case DATUM_SYMBOL: return TY_SYM;
    case DATUM_PAIR: return TY_PAIR;
    case DATUM_VECTOR: return TY_VEC;
    case DATUM_BYTEVECTOR: return TY_BVEC;
    case DATUM_UNSPEC: return TY_UNSPEC;
    }
    return TY_ANY;
}

static void infer_lambda(Inferrer *in, Lambda *l, Env *env) {
    if (l->escapes) /* called from where inference cannot see: anything comes in */
        for (size_t i = 0; i < l->params.len; i++) {
            Var *v = l->params.items[i];
            infer_join_av(in, &v->type, &v->sites, infer_unknown(in));
        }
    if (l->rest) infer_join_av(in, &l->rest->type, &l->rest->sites, (AVal){TY_LIST, in->top});
    AVal r = infer_expr(in, l->body, env);
    infer_join_av(in, &l->ret_type, &l->ret_sites, r);
    if (l->escapes) infer_escape(in, r);   /* its results go where inference cannot see */
}

/* A call of lambda l with arguments args: they join its parameters (those beyond go into a rest
 * list the runtime makes: they escape). */
static AVal infer_enter(Inferrer *in, Lambda *l, AVal *args, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (i < l->params.len) {
            Var *v = l->params.items[i];
            infer_join_av(in, &v->type, &v->sites, args[i]);
        } else {
            infer_escape(in, args[i]);
        }
    }
    return (AVal){l->ret_type, l->ret_sites};
}

/* Whether the procedures of value f are all lambdas of the program (closure sites, no TOP). */
static bool infer_closures_only(Inferrer *in, AVal f) {
    if (!f.s) return !(f.t & TY_PROC);
    for (uint32_t i = 0; i < f.s->n; i++)
        if (in->sites.items[f.s->ids[i]].kind == CS_TOP) return false;
    return true;
}

static AVal infer_call(Inferrer *in, Ast *a, Env *env) {
    Var *fv = a->fn->kind == AST_REF ? a->fn->var : NULL;
    Lambda *known = fv ? fv->known : NULL;
    AVal f = infer_expr(in, a->fn, env);
    size_t n = a->args.len;
    AVal *args = xcalloc(n + 1, sizeof *args);
    for (size_t i = 0; i < n; i++) args[i] = infer_expr(in, a->args.items[i], env);
    AVal r = {0, NULL};
    if (known) {
        r = infer_enter(in, known, args, n);
    } else if (infer_closures_only(in, f)) {   /* one of these lambdas (or an error) */
        for (uint32_t i = 0; f.s && i < f.s->n; i++) {
            CSite *c = &in->sites.items[f.s->ids[i]];
            if (c->kind == CS_PRIM) {
                if (!prims_arity_ok(c->prim, (int)n)) continue;   /* raises */
                Type *types = xcalloc(n + 1, sizeof *types);
                for (size_t j = 0; j < n; j++) types[j] = args[j].t;
                Type t = infer_prim(c->prim, types, n);
                free(types);
                /* what a primitive may keep or call escapes (infer_prim_av's default) */
                if (c->prim->effect != EF_NONE || c->prim->calls >= 0)
                    for (size_t j = 0; j < n; j++) infer_escape(in, args[j]);
                r.t |= t;
                if (t & (TY_PAIR | TY_VEC | TY_REC | TY_PROC)) r.s = infer_ss_union(in, r.s, in->top);
                continue;
            }
            if (c->kind != CS_CLOSURE) continue;   /* not a procedure: the call raises */
            Lambda *l = c->node->lambda;
            if (n < l->params.len || (n > l->params.len && !l->rest)) continue;   /* raises */
            AVal x = infer_enter(in, l, args, n);
            r.t |= x.t;
            r.s = infer_ss_union(in, r.s, x.s);
        }
    } else {
        infer_escape(in, f);   /* its lambdas may be called from where inference cannot see */
        for (size_t i = 0; i < n; i++) infer_escape(in, args[i]);
        r = infer_unknown(in);
        /* another unit's procedure whose interface gives its result's type */
        if (fv && fv->ext && fv->ext->direct && (size_t)fv->ext->nreq == n) r.t = fv->ext->ret;
    }
    free(args);
    return r;
}

int infer_call_targets(const Program *prog, const Ast *call, CallTarget *out, int max) {
    const Inferrer *in = prog->inferrer;
    const Ast *fn = call->fn;
    if (!in || call->kind != AST_CALL) return -1;
    if (fn->kind == AST_REF && fn->var->known) {
        if (max > 0) out[0] = (CallTarget){fn->var->known, NULL};
        return 1;
    }
    const SiteSet *s = fn->sites;
    if ((fn->type & TY_PROC) && !s) return -1;
    int k = 0;
    for (uint32_t i = 0; s && i < s->n; i++) {
        const CSite *c = &in->sites.items[s->ids[i]];
        if (c->kind == CS_TOP) return -1;
        if (c->kind != CS_CLOSURE && c->kind != CS_PRIM) continue;
        if (k < max) out[k] = (CallTarget){c->kind == CS_CLOSURE ? c->node->lambda : NULL, c->prim};
        k++;
    }
    return k;
}

/* A primitive's abstract result, its arguments' containers made, read, written or escaped as
 * prims.def and the cases below say. t is the type prims.def's row gives. */
static AVal infer_prim_av(Inferrer *in, Ast *a, AVal *args, size_t n, Type t) {
    const Prim *p = a->prim;
    AVal r = {t, NULL};   /* (t may still be 0 in an early round: what escapes must not depend on it) */
    if (p->cxr && n == 1) {
        r = args[0];
        for (size_t i = strlen(p->cxr); i-- > 0;) r = infer_slot_read(in, r, p->cxr[i] == 'a' ? SLOT_CAR : SLOT_CDR);
        r.t &= t;
        return r;
    }
    int id;
    switch (p->id) {
    case PRIM_cons:
        if (n != 2) break;
        id = infer_site(in, a, CS_PAIR, 2);
        r.s = infer_ss_one(in, id);
        infer_slot_write(in, r, SLOT_CAR, args[0]);
        infer_slot_write(in, r, SLOT_CDR, args[1]);
        return r;
    case PRIM_list:
    case PRIM_make_list:
    case PRIM_cons_star:
        if (n == 0 || (p->id == PRIM_cons_star && n == 1)) break;
        id = infer_site(in, a, CS_PAIR, 2);
        r.s = infer_ss_one(in, id);
        if (p->id == PRIM_make_list) {
            infer_slot_write(in, r, SLOT_CAR, n > 1 ? args[1] : (AVal){TY_UNSPEC, NULL});
            infer_slot_write(in, r, SLOT_CDR, (AVal){TY_PAIR | TY_NULL, r.s});
            r.t = TY_PAIR | TY_NULL;
            return r;
        }
        size_t last = p->id == PRIM_cons_star ? n - 1 : n;
        for (size_t i = 0; i < last; i++) infer_slot_write(in, r, SLOT_CAR, args[i]);
        AVal tail = {TY_PAIR | TY_NULL, r.s};
        if (p->id == PRIM_cons_star) tail = (AVal){TY_PAIR | args[n - 1].t, infer_ss_union(in, r.s, args[n - 1].s)};
        infer_slot_write(in, r, SLOT_CDR, tail);
        return r;
    case PRIM_vector:
    case PRIM_make_vector:
        id = infer_site(in, a, CS_VECTOR, 1);
        r.s = infer_ss_one(in, id);
        if (p->id == PRIM_vector)
            for (size_t i = 0; i < n; i++) infer_slot_write(in, r, SLOT_ELEM, args[i]);
        else
            infer_slot_write(in, r, SLOT_ELEM, n > 1 ? args[1] : (AVal){TY_BOOL, NULL});
        return r;
    case PRIM_record:
        if (n < 1) break;
        id = infer_site(in, a, CS_RECORD, (int)n - 1);
        r.s = infer_ss_one(in, id);
        for (size_t i = 1; i < n; i++) infer_slot_write(in, r, (int)i - 1, args[i]);
        return r;
    case PRIM_list_to_vector:
    case PRIM_vector_copy:
    case PRIM_vector_to_list:
    case PRIM_list_copy:
    case PRIM_reverse: { /* new containers holding the argument's elements */
        if (n < 1) break;
        bool from_list = p->id == PRIM_list_to_vector || p->id == PRIM_list_copy || p->id == PRIM_reverse;
        AVal elems = infer_slot_read(in, from_list ? infer_cdrs(in, args[0]) : args[0], SLOT_ELEM);
        bool to_vector = p->id == PRIM_list_to_vector || p->id == PRIM_vector_copy;
        id = infer_site(in, a, to_vector ? CS_VECTOR : CS_PAIR, to_vector ? 1 : 2);
        r.s = infer_ss_one(in, id);
        infer_slot_write(in, r, to_vector ? SLOT_ELEM : SLOT_CAR, elems);
        if (!to_vector) infer_slot_write(in, r, SLOT_CDR, (AVal){TY_PAIR | TY_NULL, r.s});
        return r;
    }
    case PRIM_append: { /* copies of all the lists but the last, which it shares */
        if (n == 0) break;
        id = infer_site(in, a, CS_PAIR, 2);
        AVal self = {TY_PAIR, infer_ss_one(in, id)};
        for (size_t i = 0; i + 1 < n; i++)
            infer_slot_write(in, self, SLOT_CAR, infer_slot_read(in, infer_cdrs(in, args[i]), SLOT_CAR));
        infer_slot_write(in, self, SLOT_CDR, (AVal){TY_PAIR | args[n - 1].t, infer_ss_union(in, self.s, args[n - 1].s)});
        r.s = infer_ss_union(in, self.s, args[n - 1].s);
        return r;
    }
    case PRIM_vector_ref:
        if (n == 2) {
            r = infer_slot_read(in, args[0], SLOT_ELEM);
            r.t &= t;
            return r;
        }
        break;
    case PRIM_list_ref:
        if (n == 2) {
            r = infer_slot_read(in, infer_cdrs(in, args[0]), SLOT_CAR);
            r.t &= t;
            return r;
        }
        break;
    case PRIM_list_tail:
    case PRIM_last_pair:
    case PRIM_memq:
    case PRIM_memv:
        if ((p->id == PRIM_last_pair ? n == 1 : n == 2)) {
            AVal l = infer_cdrs(in, args[p->id == PRIM_memq || p->id == PRIM_memv ? 1 : 0]);
            r.s = l.s;
            return r;
        }
        break;
    case PRIM_assq:
    case PRIM_assv:
        if (n == 2) {
            r = infer_slot_read(in, infer_cdrs(in, args[1]), SLOT_CAR);
            r.t = (r.t | TY_BOOL) & t;
            return r;
        }
        break;
    case PRIM_record_ref:
        if (n >= 3) {
            Ast *k = a->args.items[2];
            if (k->kind == AST_CONST && k->datum->kind == DATUM_FIXNUM && k->datum->fix >= 0) {
                r = infer_slot_read(in, args[0], (int)k->datum->fix);
                r.t &= t;
                return r;
            }
        }
        break;
    case PRIM_set_car_x:
    case PRIM_set_cdr_x:
        if (n == 2) {
            infer_slot_write(in, args[0], p->id == PRIM_set_car_x ? SLOT_CAR : SLOT_CDR, args[1]);
            return r;
        }
        break;
    case PRIM_vector_set_x:
        if (n == 3) {
            infer_slot_write(in, args[0], SLOT_ELEM, args[2]);
            return r;
        }
        break;
    case PRIM_vector_fill_x:
        if (n == 2) {
            infer_slot_write(in, args[0], SLOT_ELEM, args[1]);
            return r;
        }
        break;
    case PRIM_list_set_x:
        if (n == 3) {
            infer_slot_write(in, infer_cdrs(in, args[0]), SLOT_CAR, args[2]);
            return r;
        }
        break;
    case PRIM_record_set_x:
        if (n >= 4) {
            Ast *k = a->args.items[2];
            if (k->kind == AST_CONST && k->datum->kind == DATUM_FIXNUM && k->datum->fix >= 0) {
                infer_slot_write(in, args[0], (int)k->datum->fix, args[3]);
                return r;
            }
        }
        break;
    default:
        /* a primitive that neither keeps nor calls its arguments: they stay where they are; a
         * container it returns (read's lists and vectors, string->list's) was made where
         * inference cannot see, so its elements are anything (with no sites, reading them
         * gave no type at all: (vector-ref (list->vector (read)) 0) "never returned") */
        if (p->effect == EF_NONE && p->calls < 0) {
            if (t & (TY_PAIR | TY_VEC | TY_REC | TY_PROC)) r.s = in->top;
            return r;
        }
        break;
    }
    /* anything else may keep, mutate or pass on its arguments' containers; what it returns is
     * made where inference cannot see */
    for (size_t i = 0; i < n; i++) infer_escape(in, args[i]);
    if (t & (TY_PAIR | TY_VEC | TY_REC | TY_PROC)) r.s = in->top;
    return r;
}

static AVal infer_expr_kind(Inferrer *in, Ast *a, Env *env) {
    switch (a->kind) {
    case AST_CONST: return infer_const_av(in, a, infer_const_type(a->datum));
    case AST_REF: return infer_lookup_av(in, env, a->var);
    case AST_SET: {
        AVal x = infer_expr(in, a->value, env);
        infer_join_av(in, &a->var->type, &a->var->sites, x);
        if (a->var->cname) infer_escape(in, x);   /* other units read it (interface.c) */
        return (AVal){TY_UNSPEC, NULL};
    }
    case AST_IF: {
        Env *tenv, *fenv;
        infer_test(in, a->test, env, &tenv, &fenv);
        AVal x = infer_expr(in, a->then, tenv), y = infer_expr(in, a->els, fenv);
        return (AVal){x.t | y.t, infer_ss_union(in, x.s, y.s)};
    }
    case AST_LAMBDA:
        infer_lambda(in, a->lambda, env);
        if (a->lambda->contified) return (AVal){TY_PROC, NULL};   /* never a value */
        return (AVal){TY_PROC, infer_ss_one(in, infer_site(in, a, CS_CLOSURE, 0))};
    case AST_SEQ: {
        AVal t = {0, NULL};
        for (size_t i = 0; i < a->items.len; i++) t = infer_expr(in, a->items.items[i], env);
        return t;
    }
    case AST_CALL: return infer_call(in, a, env);
    case AST_PRIMCALL: {
        size_t n = a->args.len;
        AVal *args = xcalloc(n + 1, sizeof *args);
        Type *types = xcalloc(n + 1, sizeof *types);
        for (size_t i = 0; i < n; i++) {
            args[i] = infer_expr(in, a->args.items[i], env);
            types[i] = args[i].t;
        }
        Type t = a->ffi ? ffi_result_type(a->ffi) : infer_prim(a->prim, types, n);
        if ((a->prim->id == PRIM_sqrt || a->prim->id == PRIM_log) && n == 1 && infer_nonneg(a->args.items[0], 0))
            t &= ~TY_CPLX;
        /* x + c and x - c for a fixnum x the enclosing tests bound: a fixnum */
        bool add = a->prim->id == PRIM_add, sub = a->prim->id == PRIM_sub;
        if ((add || sub) && n == 2 && t == TY_INT) {
            for (int i = 0; i < 2; i++) {
                Ast *x = a->args.items[i], *k = a->args.items[1 - i];
                if (x->kind != AST_REF || !(types[i] && !(types[i] & ~TY_FIX)) || (sub && i == 1) ||
                    k->kind != AST_CONST || k->datum->kind != DATUM_FIXNUM)
                    continue;
                int64_t c = sub ? -k->datum->fix : k->datum->fix;
                Env *e = infer_find(env, x->var);
                if (c == 0 || (e && c > 0 && c <= e->up) || (e && c < 0 && -c <= e->down)) t = TY_FIX;
            }
        }
        AVal r = infer_prim_av(in, a, args, n, t);
        free(args);
        free(types);
        return r;
    }
    case AST_LET:
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            infer_join_av(in, &v->type, &v->sites, infer_expr(in, a->inits.items[i], env));
            v->nonneg = v->nsets == 0 && infer_nonneg(a->inits.items[i], 0);
        }
        return infer_expr(in, a->body, env);
    case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            if (!v->known) infer_join(in, &v->type, TY_OTHER); /* read before its init */
            infer_join_av(in, &v->type, &v->sites, infer_expr(in, a->inits.items[i], env));
        }
        return infer_expr(in, a->body, env);
    }
    return infer_unknown(in);
}

static AVal infer_expr(Inferrer *in, Ast *a, Env *env) {
    AVal v = infer_expr_kind(in, a, env);
    infer_join_av(in, &a->type, &a->sites, v);
    return v;
}


/* ---- unboxed vectors: flonum vectors and boolean vectors ---------------------------------------
 * A candidate is a vector site made by vector or make-vector that never escaped and holds only
 * flonums (a double per element) or only booleans (a byte per element: sieves). Its containers
 * must never meet code that expects a boxed vector: every node whose site set holds a candidate
 * and anything else (TOP, another site of another representation) demotes its candidates, and so
 * does every use other than the first argument of vector-ref, vector-set! and vector-length, the
 * stored value of a constructor or a mutator, or an operand of eq?. Iterated to a fixpoint.
 * What a container carries into runtime code that reads it (display, equal?, equal-hash) is
 * read there as the vector of its elements (print.c, list.c, hashtable.c). */
static bool infer_unboxed_use_ok(const Ast *parent, size_t i) {
    if (!parent || parent->kind != AST_PRIMCALL) return true; /* a binding, a call, a branch... */
    switch (parent->prim->id) {
    case PRIM_vector_ref: case PRIM_vector_set_x: case PRIM_vector_length:
        return i == 0 || (parent->prim->id == PRIM_vector_set_x && i == 2);
    case PRIM_eq_p: case PRIM_cons: case PRIM_list: case PRIM_vector: case PRIM_record:
        return true;
    case PRIM_set_car_x: case PRIM_set_cdr_x: return i == 1;
    case PRIM_record_set_x: return i == 3;
    default: return false;
    }
}

/* A site's representation: 0 boxed, 1 flonum vector, 2 boolean vector. */
static int infer_unboxed(const CSite *c) { return c->flovec ? 1 : c->boolvec ? 2 : 0; }

static bool infer_demote(Inferrer *in, const SiteSet *s) {
    bool any = false;
    for (uint32_t i = 0; s && i < s->n; i++) {
        CSite *c = &in->sites.items[s->ids[i]];
        if (c->flovec || c->boolvec) { c->flovec = c->boolvec = false; any = true; }
    }
    return any;
}

/* Whether a set holds an unboxed site and a site of another representation. */
static bool infer_mixed(Inferrer *in, const SiteSet *s) {
    bool cand = false, other = false;
    int kind = -1;
    for (uint32_t i = 0; s && i < s->n; i++) {
        int k = infer_unboxed(&in->sites.items[s->ids[i]]);
        if (k) cand = true;
        if (kind >= 0 && k != kind) other = true;
        kind = k;
    }
    return cand && other;
}

/* One pass over the tree: demote where a rule is broken; true if anything was demoted. */
static bool infer_unboxed_walk(Inferrer *in, Ast *a, const Ast *parent, size_t index) {
    bool d = false;
    if (infer_mixed(in, a->sites)) d |= infer_demote(in, a->sites);
    if (!infer_unboxed_use_ok(parent, index) && (a->type & TY_VEC)) d |= infer_demote(in, a->sites);
    switch (a->kind) {
    case AST_CONST: case AST_REF: break;
    case AST_SET: d |= infer_unboxed_walk(in, a->value, a, 0); break;
    case AST_IF:
        d |= infer_unboxed_walk(in, a->test, a, 0);
        d |= infer_unboxed_walk(in, a->then, a, 1);
        d |= infer_unboxed_walk(in, a->els, a, 2);
        break;
    case AST_LAMBDA: d |= infer_unboxed_walk(in, a->lambda->body, NULL, 0); break;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) d |= infer_unboxed_walk(in, a->items.items[i], a, i);
        break;
    case AST_CALL:
        d |= infer_unboxed_walk(in, a->fn, a, 0);
        for (size_t i = 0; i < a->args.len; i++) d |= infer_unboxed_walk(in, a->args.items[i], a, i);
        break;
    case AST_PRIMCALL:
        for (size_t i = 0; i < a->args.len; i++) d |= infer_unboxed_walk(in, a->args.items[i], a, i);
        break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) d |= infer_unboxed_walk(in, a->inits.items[i], a, i);
        d |= infer_unboxed_walk(in, a->body, a, a->inits.len);
        break;
    }
    return d;
}

/* Ast.flovec (Ast.boolvec) of every node: its value is always a flonum (boolean) vector: its
 * site set is nonempty and every site so represented. */
static void infer_unboxed_mark(Inferrer *in, Ast *a) {
    bool f64 = a->sites != NULL, b8 = a->sites != NULL;
    for (uint32_t i = 0; a->sites && i < a->sites->n; i++) {
        f64 &= in->sites.items[a->sites->ids[i]].flovec;
        b8 &= in->sites.items[a->sites->ids[i]].boolvec;
    }
    a->flovec = f64;
    a->boolvec = b8;
    switch (a->kind) {
    case AST_CONST: case AST_REF: break;
    case AST_SET: infer_unboxed_mark(in, a->value); break;
    case AST_IF: infer_unboxed_mark(in, a->test); infer_unboxed_mark(in, a->then); infer_unboxed_mark(in, a->els); break;
    case AST_LAMBDA: infer_unboxed_mark(in, a->lambda->body); break;
    case AST_SEQ: for (size_t i = 0; i < a->items.len; i++) infer_unboxed_mark(in, a->items.items[i]); break;
    case AST_CALL: infer_unboxed_mark(in, a->fn); /* fallthrough */
    case AST_PRIMCALL: for (size_t i = 0; i < a->args.len; i++) infer_unboxed_mark(in, a->args.items[i]); break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) infer_unboxed_mark(in, a->inits.items[i]);
        infer_unboxed_mark(in, a->body);
        break;
    }
}

static void infer_unboxed_vectors(Inferrer *in, bool f64, bool b8) {
    for (size_t i = 1; i < in->sites.len; i++) {
        CSite *c = &in->sites.items[i];
        bool cand = c->kind == CS_VECTOR && !c->escaped && c->node->kind == AST_PRIMCALL &&
                    (c->node->prim->id == PRIM_vector || (c->node->prim->id == PRIM_make_vector && c->node->args.len == 2));
        c->flovec = f64 && cand && c->slot_t[SLOT_ELEM] == TY_FLO;
        c->boolvec = b8 && cand && c->slot_t[SLOT_ELEM] == TY_BOOL && c->node->args.len > 0;
    }
    while (infer_unboxed_walk(in, in->prog->body, NULL, 0)) {}
    infer_unboxed_mark(in, in->prog->body);
}

/* ---- flonum entries ----------------------------------------------------------------------------
 * Lambda.flo_entry: a procedure whose known calls pass its flonum parameters (never assigned
 * or captured) and receive its flonum result as C doubles (emit.c writes it so): without free
 * variables or rest arguments, never used where inference cannot see (its direct entry, which
 * calls through a closure reach, converts), with a flonum parameter or result, and whose every
 * tail call is a self tail call or a contified loop's (a tail call of another procedure could not
 * be a musttail call from a C signature of its own). */
static bool infer_flo_param(const Var *v, PtrMap *boxed_uses) {
    size_t *b = ptrmap_slot(boxed_uses, v, false);
    return !v->nsets && !v->captured && !v->boxed && !v->global && v->type == TY_FLO && !(b && *b != PTRMAP_NONE);
}
/* Whether a reference as argument i of parent takes the variable's double as it is: an operand
 * of arithmetic or a comparison whose operands are all flonums, an argument of a known
 * procedure's flonum parameter, the init of a flonum variable. Anywhere else a C double would
 * be boxed at each use (pnpoly's (> (vector-ref yp i) y)): its parameter stays boxed. */
static bool infer_double_use(const Ast *parent, size_t i) {
    if (!parent) return false;
    if (parent->kind == AST_PRIMCALL && !parent->ffi) {
        switch (parent->prim->id) {
        case PRIM_add: case PRIM_sub: case PRIM_mul: case PRIM_div: case PRIM_num_eq: case PRIM_num_lt:
        case PRIM_num_gt: case PRIM_num_le: case PRIM_num_ge: case PRIM_sqrt: case PRIM_exp: case PRIM_log:
        case PRIM_sin: case PRIM_cos: case PRIM_tan: case PRIM_asin: case PRIM_acos: case PRIM_atan:
        case PRIM_abs: case PRIM_square:
            for (size_t k = 0; k < parent->args.len; k++)
                if (parent->args.items[k]->type != TY_FLO) return false;
            return true;
        default: return false;
        }
    }
    if (parent->kind == AST_CALL && i > 0) {
        const Lambda *k = parent->fn->kind == AST_REF ? parent->fn->var->known : NULL;
        return k && !k->rest && i - 1 < k->params.len && k->params.items[i - 1]->type == TY_FLO;
    }
    if (parent->kind == AST_LET) return i < parent->vars.len && parent->vars.items[i]->type == TY_FLO;
    return false;
}
/* Mark in boxed every variable with a reference that is no double use (tail: a's value is
 * returned by a procedure whose result is a flonum, which a flonum entry returns as a double). */
static void infer_boxed_uses(const Ast *a, const Ast *parent, size_t i, bool tail, PtrMap *boxed) {
    switch (a->kind) {
    case AST_CONST: break;
    case AST_REF: if (!tail && !infer_double_use(parent, i)) *ptrmap_slot(boxed, a->var, true) = 1; break;
    case AST_SET: infer_boxed_uses(a->value, NULL, 0, false, boxed); break;
    case AST_IF:
        infer_boxed_uses(a->test, NULL, 0, false, boxed);
        infer_boxed_uses(a->then, NULL, 0, tail, boxed);
        infer_boxed_uses(a->els, NULL, 0, tail, boxed);
        break;
    case AST_LAMBDA: infer_boxed_uses(a->lambda->body, NULL, 0, a->lambda->ret_type == TY_FLO, boxed); break;
    case AST_SEQ:
        for (size_t k = 0; k < a->items.len; k++)
            infer_boxed_uses(a->items.items[k], NULL, 0, tail && k + 1 == a->items.len, boxed);
        break;
    case AST_CALL:
        infer_boxed_uses(a->fn, a, 0, false, boxed);
        for (size_t k = 0; k < a->args.len; k++) infer_boxed_uses(a->args.items[k], a, k + 1, false, boxed);
        break;
    case AST_PRIMCALL: for (size_t k = 0; k < a->args.len; k++) infer_boxed_uses(a->args.items[k], a, k, false, boxed); break;
    case AST_LET: case AST_LETREC:
        for (size_t k = 0; k < a->inits.len; k++) infer_boxed_uses(a->inits.items[k], a, k, false, boxed);
        infer_boxed_uses(a->body, NULL, 0, tail, boxed);
        break;
    }
}
static bool infer_flo_tails(const Lambda *l, const Ast *a, PtrMap *seen) {
    switch (a->kind) {
    case AST_IF: return infer_flo_tails(l, a->then, seen) && infer_flo_tails(l, a->els, seen);
    case AST_SEQ: return infer_flo_tails(l, a->items.items[a->items.len - 1], seen);
    case AST_LET: case AST_LETREC: return infer_flo_tails(l, a->body, seen);
    case AST_CALL: {
        const Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (k == l) return a->args.len == l->params.len;
        if (!k || !k->contified) return false;
        size_t *mark = ptrmap_slot(seen, k, true);
        if (*mark != PTRMAP_NONE) return true;
        *mark = 1;
        return infer_flo_tails(l, k->body, seen);
    }
    case AST_PRIMCALL: return a->prim->id != PRIM_apply;
    default: return true;
    }
}
static bool infer_flo_entry(const Lambda *l, PtrMap *boxed_uses) {
    const Var *v = l->self;
    if (l->contified || l->rest || l->escapes || l->free.len || !v || v->known != l || v->nsets || v->cname ||
        (v->global && v->ndefs != 1))
        return false;
    bool any = l->ret_type == TY_FLO;
    for (size_t i = 0; i < l->params.len; i++) any |= infer_flo_param(l->params.items[i], boxed_uses);
    if (!any) return false;
    PtrMap seen = {0};
    bool ok = infer_flo_tails(l, l->body, &seen);
    ptrmap_free(&seen);
    return ok;
}

/* Every field infer.c sets, back to nothing: a program inferred before (compiler/version.c
 * changed it since) is inferred again from scratch. */
static void infer_reset_var(Var *v) {
    v->flo_param = false;
    v->type = 0;
    v->sites = NULL;
    v->nonneg = false;
}
static void infer_reset(Ast *a) {
    a->type = 0;
    a->sites = NULL;
    a->flovec = a->boolvec = false;
    switch (a->kind) {
    case AST_CONST: break;
    case AST_REF: infer_reset_var(a->var); break;
    case AST_SET: infer_reset_var(a->var); infer_reset(a->value); break;
    case AST_IF: infer_reset(a->test); infer_reset(a->then); infer_reset(a->els); break;
    case AST_LAMBDA: {
        Lambda *l = a->lambda;
        for (size_t i = 0; i < l->params.len; i++) infer_reset_var(l->params.items[i]);
        if (l->rest) infer_reset_var(l->rest);
        l->ret_type = 0;
        l->ret_sites = NULL;
        l->escapes = false;
        l->flo_entry = false;
        infer_reset(l->body);
        break;
    }
    case AST_SEQ: for (size_t i = 0; i < a->items.len; i++) infer_reset(a->items.items[i]); break;
    case AST_CALL: infer_reset(a->fn); /* fallthrough */
    case AST_PRIMCALL: for (size_t i = 0; i < a->args.len; i++) infer_reset(a->args.items[i]); break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) infer_reset_var(a->vars.items[i]);
        for (size_t i = 0; i < a->inits.len; i++) infer_reset(a->inits.items[i]);
        infer_reset(a->body);
        break;
    }
}

Type infer_prim_type(const Prim *p, Type *args, size_t n) { return infer_prim(p, args, n); }

void infer_program(Program *prog, const InferOptions *opt) {
    Inferrer state = {.prog = prog, .opt = opt}, *in = &state;
    if (prog->inferred) {
        infer_reset(prog->body);
        for (size_t i = 0; i < prog->globals.len; i++) infer_reset_var(prog->globals.items[i]);
        prog->inferred = false;
    }
    CSite top = {.kind = CS_TOP, .escaped = true};
    vec_push(&in->sites, top);
    in->top = infer_ss_one(in, CS_TOP);
    /* a lambda escapes when its closure does (infer_escape_site), and a known lambda whose
     * binding is not the one its self var names (a global defined twice, say) from the start */
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        if (l->self && l->self->known != l) l->escapes = true;
        if (l->self && l->self->cname) l->escapes = true;   /* other units call it */
    }
    do {
        in->changed = false;
        infer_expr(in, prog->body, NULL);
    } while (in->changed);
    if ((opt->flonum_vectors || opt->bool_vectors) && opt->element_types)
        infer_unboxed_vectors(in, opt->flonum_vectors, opt->bool_vectors);
    PtrMap boxed_uses = {0};
    if (opt->flonum_entries) infer_boxed_uses(prog->body, NULL, 0, false, &boxed_uses);
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        l->flo_entry = opt->flonum_entries && infer_flo_entry(l, &boxed_uses);
    }
    for (size_t i = 0; i < prog->lambdas.len; i++) { /* a flonum entry's doubles */
        Lambda *l = prog->lambdas.items[i];
        for (size_t k = 0; l->flo_entry && k < l->params.len; k++) {
            Var *v = l->params.items[k];
            v->flo_param = infer_flo_param(v, &boxed_uses);
        }
    }
    ptrmap_free(&boxed_uses);
    prog->inferred = true;
    Inferrer *keep = xmalloc(sizeof *keep); /* for --dump=infer's list of sites */
    *keep = state;
    prog->inferrer = keep;
}

/* ---- --types --------------------------------------------------------------------------------- */
static const char *const infer_type_names[] = {
#define INFER_NAME(name, bit, text) text,
    TYPE_BITS(INFER_NAME)
#undef INFER_NAME
};

void infer_type_print(Buf *b, Type t) {
    if (t == TY_ANY) { buf_puts(b, "unknown"); return; }
    if (t == 0) { buf_puts(b, "none"); return; }
    const char *sep = "";
    for (int i = 0; i < TY_NBITS; i++)
        if (t & (1u << i)) {
            buf_printf(b, "%s%s", sep, infer_type_names[i]);
            sep = "|";
        }
}

void infer_print(Program *prog, Buf *out) {
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        Lambda *l = v->known;
        if (!v->defined || !l) continue;
        Buf b = {0};
        buf_printf(&b, "%s: (", v->name->name);
        for (size_t j = 0; j < l->params.len; j++) {
            if (j) buf_putc(&b, ' ');
            infer_type_print(&b, infer_var_type(l->params.items[j]));
        }
        if (l->rest) buf_puts(&b, l->params.len ? " . list" : ". list");
        buf_puts(&b, ") -> ");
        infer_type_print(&b, infer_return_type(l));
        buf_printf(out, "%s\n", buf_cstr(&b));
        buf_free(&b);
    }
}

/* ---- --dump=infer ------------------------------------------------------------------------------
 * The expanded program with each expression's type after it (constants and variable references
 * too: narrowing shows there), each bound variable's type where it is bound, and each lambda's
 * result type after its id: (lambda.3{-> fixnum} (n.4{fixnum}) ...). */
static void infer_dump_node(void *ctx, const Ast *a, Buf *out) {
    (void)ctx;
    if (a->kind == AST_LAMBDA) {
        buf_puts(out, "-> ");
        infer_type_print(out, a->lambda->ret_type);
        return;
    }
    infer_type_print(out, a->type);
}
static void infer_dump_binding(void *ctx, const Var *v, Buf *out) {
    (void)ctx;
    infer_type_print(out, infer_var_type(v));
    if (infer_var_unboxed(v)) buf_puts(out, " unboxed");
}
/* The container sites, before the program: where each is made, what its slots hold, whether it
 * escaped or is an unboxed flonum or boolean vector. The inferrer is kept for this (infer_program). */
static void infer_dump_program(void *ctx, const Program *prog, Buf *out) {
    const Inferrer *in = ctx;
    (void)prog;
    for (size_t i = 1; in && i < in->sites.len; i++) {
        const CSite *c = &in->sites.items[i];
        if (i > 1) buf_puts(out, "\n;; ");
        if (c->kind == CS_PRIM) {
            buf_printf(out, "site %zu: the primitive %s", i, c->prim->name);
            continue;
        }
        buf_printf(out, "site %zu: %s at %s:%d:%d:", i, c->kind == CS_PAIR ? "pairs" : c->kind == CS_VECTOR ? "vectors" :
                   c->kind == CS_CLOSURE ? "procedures" : c->kind == CS_PRIM ? "primitive" : "records",
                   c->node->loc.file ? c->node->loc.file : "?", c->node->loc.line, c->node->loc.col);
        for (int k = 0; k < c->nslots; k++) {
            buf_putc(out, ' ');
            infer_type_print(out, c->slot_t[k]);
        }
        if (c->escaped) buf_puts(out, " escaped");
        if (c->flovec) buf_puts(out, " flonum-vector");
        if (c->boolvec) buf_puts(out, " boolean-vector");
    }
}

void infer_dump(Program *prog, Buf *out) {
    DumpHooks h = {.ctx = prog->inferrer, .node = infer_dump_node, .binding = infer_dump_binding,
                   .program = infer_dump_program};
    dump_program(prog, out, &h);
}
