/* regions.c: region inference. Decides, for every allocation site, the region its objects
 * live in, so that no object ever points into a younger region (R4 in runtime/regal.h) and
 * memory is given back when a call returns or a loop iteration ends.
 *
 * Entry points: regions_program (sets Ast.place at every allocation site, the Lambda/Program
 * region flags that emit.c turns into C, and Program.region_sites) and regions_explain
 * (--explain-regions, from Program.region_sites). Requires analyze and infer.
 *
 * The model. Each procedure (a non-contified lambda, or the top level) has a tree of scopes:
 *   heap <- caller <- local <- [self] <- loops...
 * `heap` is the collected heap, `caller` the region passed in `rr`, `local` a region in the
 * C frame, `self` the iteration region of a procedure whose body loops by self tail calls,
 * and one iteration region per contified loop, its parent the scope the loop was entered in.
 * A token stands for the objects of one allocation site (or for whatever a parameter or a
 * free variable holds, or a rest list). Walking the body computes, for every expression, the
 * set of tokens its value may be (V), field-insensitive contents of each site, and "uses":
 * a value used in scope s must live in s or an ancestor (the need of a token is the lowest
 * common ancestor of its allocation scope and every use). Escaping uses are uses in `heap`
 * (stores into objects, set!, unknown calls, raise, higher-order primitives) or `caller`
 * (returned, passed in a tail call); a loop variable needs its value to outlive the
 * iteration (the loop's parent scope). Objects a site's object contains must outlive it.
 * A site is placed in its need, except that a site evaluated in every iteration of a loop
 * whose objects must outlive the iteration goes to the heap: that is what keeps loops in
 * bounded memory (the collector reclaims what regions cannot). The exception to the
 * exception is accumulation: a site made on the way to a back edge only to be stored in the
 * next value of a loop variable that always holds its previous value (`(loop (cons x acc))`)
 * never makes garbage while the loop runs, so it goes to its need (the caller's region, for
 * a list a loop builds and returns). A site in a local region that can only allocate bignums
 * (fixnum overflow) uses the caller's region instead: a deep recursion should not pay for a
 * region in every frame. Value sets are narrowed by the inferred types (a number is never
 * a list's pair). Code that can no longer reach
 * a back edge (a loop's exit branch) runs once per loop entry and allocates as its entry.
 * Callees are summarised per parameter (NONE: used during the call, RESULT: may be returned
 * or put in the result, GLOBAL: may escape), iterated over the whole program to a fixpoint.
 * Closures likewise per free variable: one that returns what it captured (continuation-passing
 * style) is kept by each call of it as long as that call's result, and what it captured lives
 * as long as the closure; a closure that captures the loop variable it is carried into
 * accumulates (tak's continuation k in cpstak).
 */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

#include "regal.h" /* RT_PF_ALLOC */

#define RG_MAX_TARGETS 8   /* call targets followed for a call inference can name */

/* ---- token sets ----------------------------------------------------------------------------- */
typedef struct Bits { uint64_t *w; size_t n; } Bits;  /* n words */

static bool bits_has(const Bits *b, int i) {
    size_t k = (size_t)i / 64;
    return k < b->n && (b->w[k] >> (i % 64) & 1);
}
static bool bits_add(Bits *b, int i) {
    size_t k = (size_t)i / 64;
    if (k >= b->n) {
        b->w = xrealloc(b->w, (k + 1) * sizeof *b->w);
        memset(b->w + b->n, 0, (k + 1 - b->n) * sizeof *b->w);
        b->n = k + 1;
    }
    uint64_t m = (uint64_t)1 << (i % 64);
    if (b->w[k] & m) return false;
    b->w[k] |= m;
    return true;
}
static void bits_del(Bits *b, int i) {
    size_t k = (size_t)i / 64;
    if (k < b->n) b->w[k] &= ~((uint64_t)1 << (i % 64));
}
static bool bits_union(Bits *d, const Bits *s) {
    size_t n = s->n;
    while (n && !s->w[n - 1]) n--;
    if (n > d->n) {
        d->w = xrealloc(d->w, n * sizeof *d->w);
        memset(d->w + d->n, 0, (n - d->n) * sizeof *d->w);
        d->n = n;
    }
    uint64_t grew = 0;
    for (size_t k = 0; k < n; k++) {
        grew |= s->w[k] & ~d->w[k];
        d->w[k] |= s->w[k];
    }
    return grew != 0;
}
static Bits bits_copy(const Bits *b) {
    Bits r = {0};
    bits_union(&r, b);
    return r;
}
static void bits_free(Bits *b) { free(b->w); b->w = NULL; b->n = 0; }
/* The first member >= i, or -1; zero words are skipped (sets are sparse in big procedures). */
static int bits_next(const Bits *b, int i) {
    size_t k = (size_t)i / 64;
    if (k >= b->n) return -1;
    uint64_t w = b->w[k] & (~(uint64_t)0 << (i % 64));
    while (!w) {
        if (++k >= b->n) return -1;
        w = b->w[k];
    }
    return (int)(k * 64 + (size_t)__builtin_ctzll(w));
}
/* Each member, in increasing order; the body may add or remove members. */
#define BITS_EACH(b, i) for (int i = bits_next((b), 0); i >= 0; i = bits_next((b), i + 1))

/* ---- scopes, tokens, procedures ------------------------------------------------------------ */
enum { SC_HEAP, SC_CALLER, SC_LOCAL, SC_SELF, SC_LOOP, SC_CARRY };
typedef struct RgScope {
    int kind, parent, depth;
    Lambda *loop;         /* SC_LOOP, SC_CARRY: the contified lambda */
    bool used;            /* some site is placed here */
    bool entered;         /* rg_finish: some site the number and tested rules do not send to
                           * the heap is placed here, so the region is entered anyway: those
                           * rules' sites go here too (rg_place_by) */
} RgScope;

enum { TK_SITE, TK_PARAM, TK_FREE, TK_REST, TK_REST_ELEMS, TK_ELSEWHERE, TK_COPY };
typedef struct Tok {
    int kind, index;      /* index: parameter or free-variable number */
    Ast *site;            /* TK_SITE */
    const char *what;     /* "cons", "closure", "result of f", ... */
    int alloc;            /* TK_SITE, TK_REST: the scope it is evaluated in */
    int need;             /* lowest common ancestor of alloc and all uses; -1: none */
    Bits contents;        /* tokens its objects may point to */
    const char *why;      /* the use that last raised need (the most escaping one) */
    RegionWhy why_kind;   /* its kind, for --explain-regions' summary */
    Loc why_loc;
    int why_tok;          /* or: the token whose object contains it; -1 */
    Type type;            /* the types its objects can have */
    Var *acc;             /* TK_SITE: each object is stored into the next value of this loop
                           * variable as soon as it is made (accumulation, below) */
    Lambda *carry_arg;    /* TK_SITE: evaluated in the arguments of a back edge of this loop */
    bool tail_passed;     /* passed in a tail call (or called in one): garbage once the
                           * callee is done with it, if the callee does not return it */
    bool stored;          /* TK_SITE: stored into objects of this procedure's sites (a
                           * mutator, or a call summarised INTO): the container rule */
    uint64_t into;        /* TK_PARAM: the parameters (bit j: parameter j) into whose objects
                           * it may be stored (the INTO summary) */
    Var *copy_var;        /* TK_COPY: the loop variable whose copies it stands for (below) */
    int parts;            /* TK_PARAM, TK_FREE: 1 + the token of its objects' parts (its PARTS
                             token, below), 0: none (it stands for all it reaches) */
    bool is_parts;        /* that token (same kind and index as its owner) */
} Tok;

typedef struct Proc {
    Lambda *lam;          /* NULL: the top level */
    Ast *body;
    VEC(RgScope) scopes;
    VEC(Tok) toks;
    int self_scope;       /* SC_SELF scope, or -1 */
    int rest_tok;         /* TK_REST token, or -1 */
    int elsewhere_tok;    /* TK_ELSEWHERE token (rg_var_value), or -1 */
    VEC(Ast *) tail_calls; /* the calls in tail position that are given its region */
    bool tail_unknown;    /* a primitive that calls procedures is in tail position (apply) */
} Proc;

typedef struct Rg {
    Program *prog;
    bool number_heap;     /* a local site of maybe-fixnum numbers goes to the heap (rg_place) */
    bool bignum_heap;     /* a local site that boxes only on fixnum overflow: the heap (rg_place) */
    bool loop_numbers;    /* ... but not one a contified loop's iteration needs (rg_place_by) */
    bool number_reuse;    /* ... unless its region is entered anyway (RgScope.entered); also
                           * for tested_heap's calls */
    bool carry;           /* loops get carry regions (below) */
    bool container;       /* the container rule and INTO summaries (below) */
    bool soft_strings;    /* strings a loop makes go to their need's region (soft sites, below) */
    bool apply_prims;     /* (apply f ...) of a primitive f as f's call (rg_primcall) */
    VEC(Proc *) procs;
    size_t nlambdas;
    int *loop_scope;      /* by lambda id: a contified loop's scope in its host, 0: none yet */
    bool *walking;        /* by lambda id: its body is being walked (calls are back edges) */
    uint8_t **param_sum;  /* by lambda id: per required parameter */
    uint8_t *rest_sum;    /* by lambda id: for the arguments that make the rest list */
    uint8_t **free_sum;   /* by lambda id: per free variable */
    uint64_t **param_into; /* by lambda id: per required parameter, the parameters into whose
                              objects it may be stored (bit j: parameter j) */
    VEC(Bits) varset;     /* by var id: tokens a local variable may hold */
    Proc *p;              /* the procedure being analysed */
    bool changed;         /* a set, contents or need changed during this walk */
    bool settled;         /* this walk follows one that changed nothing: value sets are final */
    bool sum_changed;
    Bits broken;          /* loop variables (by id) some back edge passes a value that does not
                             hold the previous one (accumulation, below) */
    Bits carry_read;      /* loop variables (by id) read where their loop may still go round
                             (carry regions, below) */
    Lambda *carry_arg;    /* the loop whose back edge's arguments are being walked */
    bool *rr_dirty;       /* by lambda id: may put into its caller's region objects that are
                             not part of its result (carry regions, below) */
    bool dirty_known;     /* rr_dirty is computed: a dirty call's result is not carried */
    bool *rr_holds;       /* by lambda id: may put into the region it is given an object that holds
                             references (a closure, a pair: rg_proc_holds) */
    bool holds_known;     /* rr_holds is computed (after the first round) */
    bool collected_tails; /* ... unless the garbage it leaves is collected (regiongc.c): a
                             dirty call's region is marked by the cycle that dirties it */
    bool tail_soft;       /* tail cycles allocate through the soft budget (below) */
    bool *alloc_free;     /* by lambda id: never allocates in a region it is given (below) */
    bool *rr_unused;      /* by lambda id: as placed, makes nothing in its caller's region (below) */
    bool *ret_fresh;      /* by lambda id: returns only objects it makes (below) */
    bool *ret_else;       /* by lambda id: may return an object it neither was given nor made in
                             its caller's region (a global's, one of the heap: rg_note_returned) */
    bool *fresh_visiting; /* by lambda id: a contified loop whose exits are being looked at */
    bool store_rr_on;     /* stores into parameters' objects go to the caller's region (below) */
    bool tested_heap;     /* unknown calls whose value is only tested take the heap (rg_place_by) */
    bool dirty_calls;     /* a call of an rr_dirty procedure whose result is no object gets the
                             region of its scope (rg_dirty_unallocated) */
    bool *tail_called;    /* by lambda id: the target of a tail call (not a loop's jump) */
    uint64_t *store_rr;   /* by lambda id: the parameters (bit j) into whose objects it stores
                             objects of its caller's region (below) */
    bool *tail_cyclic;    /* by lambda id: on a cycle of tail calls (rg_tail_cycles) */
    Bits copy_wanted;     /* loop variables (by id) a back edge passes a likely boxed number */
    VEC(Ast *) let_init;  /* by var id: the init of a variable a let binds (rg_likely_boxed) */
    Bits copy_demoted;    /* loop variables (by id) that are no copy variables after all */
    VEC(int) copy_tok;    /* by var id: 1 + its TK_COPY token in its host, 0: none yet */
    bool evacuate;        /* calls may be evacuated (rg_evacuated, below) */
    bool evacuate_ok;     /* ... the program allows it: element calls are (spines, below) */
    bool spines;          /* parameters and free variables have PARTS tokens (spines, below) */
    bool tail_closures;   /* a closure tail-called is returned only as its code says (rg_call) */
    uint8_t **param_spine; /* by lambda id: per required parameter, its spine summary */
    uint8_t **free_spine; /* by lambda id: per free variable, its spine summary */
    bool *elems_heap;     /* by lambda id: puts its result's elements in the heap (spines) */
} Rg;

typedef struct Chain {    /* the loops the current node is in tail position of, innermost first */
    Lambda *target;       /* a back edge is a call of this lambda */
    int entry_alloc;      /* where code after the loop's last iteration allocates */
    const struct Chain *next;
    const struct Chain *live_next;   /* the loops the loop's entry was inside (Ctx.live) */
} Chain;
typedef struct Ctx {
    int use;              /* the scope whose region is the youngest one alive here */
    int alloc;            /* the scope a site here is evaluated once per (exit branches) */
    const Chain *chain;
    const Chain *live;    /* the loops whose back edge may still be taken after this node,
                             innermost first (linked by live_next; chain is a prefix of it) */
    bool ptail;           /* tail position of the procedure: returned, or a tail call */
} Ctx;

static Ctx rg_nontail(Ctx c) {
    c.chain = NULL;
    c.ptail = false;
    return c;
}

static RgScope *rg_scope(Proc *p, int s) { return &p->scopes.items[s]; }

static int rg_add_scope(Proc *p, int kind, int parent, Lambda *loop) {
    RgScope s = {.kind = kind, .parent = parent, .loop = loop,
               .depth = parent < 0 ? 0 : p->scopes.items[parent].depth + 1};
    vec_push(&p->scopes, s);
    return (int)p->scopes.len - 1;
}

static int rg_lca(Proc *p, int a, int b) {
    if (a < 0) return b;
    if (b < 0) return a;
    while (rg_scope(p, a)->depth > rg_scope(p, b)->depth) a = rg_scope(p, a)->parent;
    while (rg_scope(p, b)->depth > rg_scope(p, a)->depth) b = rg_scope(p, b)->parent;
    while (a != b) {
        a = rg_scope(p, a)->parent;
        b = rg_scope(p, b)->parent;
    }
    return a;
}

static int rg_add_tok(Proc *p, Tok t) {
    t.why_tok = -1;
    vec_push(&p->toks, t);
    return (int)p->toks.len - 1;
}

/* The token of the allocation site at node a (made on the first visit). */
static int rg_site(Rg *rg, Ast *a, const char *what, int alloc) {
    if (a->rg_tok) return a->rg_tok - 1;
    Type ty = a->kind == AST_LAMBDA ? TY_PROC : a->kind == AST_REF ? TY_FLO : infer_type(a);
    int t = rg_add_tok(rg->p, (Tok){.kind = TK_SITE, .site = a, .what = what, .alloc = alloc,
                                    .need = alloc, .type = ty, .carry_arg = rg->carry_arg});
    a->rg_tok = t + 1;
    rg->changed = true;
    return t;
}

/* Token t must live in scope s or an older one. */
static void rg_need(Rg *rg, int t, int s, RegionWhy kind, const char *why, Loc loc, int why_tok) {
    Tok *k = &rg->p->toks.items[t];
    int n = rg_lca(rg->p, k->need, s);
    if (n == k->need) return;
    k->need = n;
    k->why = why;
    k->why_kind = why_tok >= 0 ? RW_CONTAINED : kind;
    k->why_loc = loc;
    k->why_tok = why_tok;
    rg->changed = true;
}
static void rg_use(Rg *rg, const Bits *v, int s, RegionWhy kind, const char *why, Loc loc) {
    BITS_EACH(v, t) rg_need(rg, t, s, kind, why, loc, -1);
}

/* v and everything its objects may point to. */
static Bits rg_reach(Rg *rg, const Bits *v) {
    Bits r = bits_copy(v), done = {0};
    bool grew = true;
    while (grew) { /* each token's contents joined once (word at a time: contents are dense) */
        grew = false;
        BITS_EACH(&r, t)
            if (bits_add(&done, t)) grew |= bits_union(&r, &rg->p->toks.items[t].contents);
    }
    bits_free(&done);
    return r;
}

/* (car x) (elem) or (cdr x) of the values v: of an own token with parts, its parts or itself;
 * of its parts, themselves; of anything else, all it reaches (spines, rg_proc_new). */
static Bits rg_part(Rg *rg, const Bits *v, bool elem) {
    Bits r = {0}, other = {0};
    BITS_EACH(v, t) {
        const Tok *k = &rg->p->toks.items[t];
        if (k->is_parts) bits_add(&r, t);
        else if (k->parts) bits_add(&r, elem ? k->parts - 1 : t);
        else bits_add(&other, t);
    }
    Bits x = rg_reach(rg, &other);
    bits_union(&r, &x);
    bits_free(&x);
    bits_free(&other);
    return r;
}

/* Drops from v the tokens whose objects cannot have a type in t (the value's type). Only the
 * tokens of objects made here (sites, rest lists), whose parts are tokens of their own (their
 * contents): a parameter's or a free variable's token stands for its objects and all their
 * parts, of any type (the car of a list parameter is a part of it: dropping the token because
 * a list is no vector let a heap pair hold a vector of the caller's region, R4 broken, found by
 * --check-regions on ecraven nucleic; tests/run/regions-part-of-parameter.scm). */
static void rg_filter(Rg *rg, Bits *v, Type t) {
    BITS_EACH(v, i) {
        const Tok *k = &rg->p->toks.items[i];
        if ((k->kind == TK_SITE || k->kind == TK_REST) && !(k->type & t)) v->w[i / 64] &= ~((uint64_t)1 << (i % 64));
    }
}

static Bits *rg_varset(Rg *rg, Var *v) {
    while (rg->varset.len <= (size_t)v->id) vec_push(&rg->varset, ((Bits){0}));
    return &rg->varset.items[v->id];
}

/* Whether a call that is given a region may put into it more than its result: it may enter
 * a procedure inference cannot name, one that is rr_dirty, or a primitive that calls
 * procedures (carry regions, below). */
static Lambda *rg_mapped(Ast *a);
static bool rg_call_targets(const Rg *rg, const Ast *a, CallTarget *ts, int *nt);
static bool rg_call_dirty(const Rg *rg, Ast *a) {
    if (a->kind == AST_PRIMCALL) {
        Lambda *f = rg_mapped(a);
        return f ? rg->rr_dirty[f->id] : prims_higher_order(a->prim, a->args.len);
    }
    if (a->kind != AST_CALL) return false;
    CallTarget ts[RG_MAX_TARGETS];
    int nt;
    if (!rg_call_targets(rg, a, ts, &nt)) return true;
    for (int j = 0; j < nt; j++)
        if (ts[j].lambda ? rg->rr_dirty[ts[j].lambda->id] : prims_higher_order(ts[j].prim, a->args.len)) return true;
    return false;
}

/* The region a site's objects go to: its need, or the heap when that need outlives an
 * iteration of a loop the site is evaluated in and the objects may become garbage while the
 * loop runs (per iteration: unbounded otherwise). Objects kept only by accumulation (below)
 * stay live as long as the loop's result, so they go to the region of their need. */
static bool rg_acc_broken(const Rg *rg, const Var *v) { return bits_has(&rg->broken, v->id); }
/* Soft sites: two kinds of sites made in every iteration of a loop whose objects outlive it go
 * to the region of their need instead of the heap. What the loop replaces becomes garbage there
 * until the region is released, so they allocate through rt_region_soft (Ast.place_soft): past
 * a soft budget of the region's size, the heap.
 * - The container rule (MLKit puts a value where the container it is stored into lives): objects
 *   a loop makes to store into containers (objects of this procedure's sites: destruct).
 * - Strings made by a primitive (a word built by appending syllables in a loop and returned:
 *   benchmarks/hashtable): they hold nothing. Pairs, vectors and closures made so keep the heap:
 *   measured, sending them to their region too made ecraven's nqueens and nucleic 10% slower
 *   (more collections, each scanning the regions), for no gain on benchmarks/. */
static bool rg_container_rule(const Rg *rg, const Tok *k) {
    return rg->container && k->kind == TK_SITE && k->stored;
}
static bool rg_soft_string(const Rg *rg, const Tok *k) {
    return rg->soft_strings && k->kind == TK_SITE && k->site->kind == AST_PRIMCALL && k->type == TY_STR;
}
static bool rg_soft_rule(const Rg *rg, const Tok *k) { return rg_container_rule(rg, k) || rg_soft_string(rg, k); }
static int rg_place_by(const Rg *rg, Proc *p, const Tok *k, bool container);
static int rg_place(const Rg *rg, Proc *p, const Tok *k) { return rg_place_by(rg, p, k, true); }
/* Whether the soft rules decide k's place (the heap without them). */
static bool rg_soft(const Rg *rg, Proc *p, const Tok *k) {
    return rg_soft_rule(rg, k) && rg_place_by(rg, p, k, false) == SC_HEAP && rg_place(rg, p, k) != SC_HEAP;
}
static bool rg_type_bignum_only(Type t) {
    return !(t & (TY_FLO | TY_RAT | TY_CPLX | TY_PAIR | TY_STR | TY_VEC | TY_BVEC | TY_PROC | TY_REC | TY_OTHER));
}
/* Numbers that may be fixnums: generic arithmetic on operands of unknown types, or a call
 * returning what it computes so; they allocate only when the value is not a fixnum. */
static bool rg_type_number_maybe_fixnum(Type t) { return (t & TY_FIX) && !(t & ~TY_NUM); }
/* The sites of the number rule (rg_place_by). */
static bool rg_number_site(const Rg *rg, const Tok *k) {
    return k->kind == TK_SITE && rg_type_number_maybe_fixnum(k->type) && rg->number_heap;
}
static bool rg_tested_heap(const Rg *rg, Proc *p, const Tok *k, int n) {
    if (k->kind != TK_SITE || k->site->kind != AST_CALL || !k->site->rg_tested || !rg->tested_heap) return false;
    if (n != SC_LOCAL && rg_scope(p, n)->kind != SC_SELF && rg_scope(p, n)->kind != SC_LOOP) return false;
    BITS_EACH(&k->contents, t)
        if (p->toks.items[t].kind == TK_SITE || p->toks.items[t].kind == TK_PARAM) return false;
    CallTarget ts[RG_MAX_TARGETS];
    int nt;
    return !rg_call_targets(rg, k->site, ts, &nt);
}
/* A call whose result is no object (a boolean: the bignum rule's type test holds for it too)
 * of a known procedure that may leave more than its result in the region it is given (rr_dirty:
 * continuation closures its tail calls pass on, ecraven graphs' search): that garbage needs
 * the region of the call's own scope, released when the call returns, not the caller's. */
static bool rg_type_unallocated(Type t);
static bool rg_dirty_unallocated(const Rg *rg, const Tok *k) {
    if (k->site->kind != AST_CALL || !rg_type_unallocated(k->type) || !rg->dirty_known || !rg->dirty_calls)
        return false;
    CallTarget ts[RG_MAX_TARGETS];
    int nt;
    if (!rg_call_targets(rg, k->site, ts, &nt)) return false;   /* unknown: as before (lattice's
                                                                    comparisons allocate nothing) */
    for (int j = 0; j < nt; j++)
        if (ts[j].lambda && rg->rr_dirty[ts[j].lambda->id]) return true;
    return false;
}
/* Whether some of k's contents need not outlive this frame (their need is neither the
 * caller's region nor the heap). */
static bool rg_frame_contents(Proc *p, const Tok *k) {
    BITS_EACH(&k->contents, c) {
        int nd = p->toks.items[c].need;
        if (nd != SC_HEAP && nd != SC_CALLER) return true;
    }
    return false;
}
static int rg_place_by(const Rg *rg, Proc *p, const Tok *k, bool container) {
    int a = k->alloc, n = k->need < 0 ? a : k->need;
    for (int s = a; s != n; s = rg_scope(p, s)->parent)
        if (rg_scope(p, s)->kind == SC_SELF || rg_scope(p, s)->kind == SC_LOOP) {
            if (s == a && k->acc && !rg_acc_broken(rg, k->acc)) continue;
            if (container && rg_soft_rule(rg, k)) continue;
            /* made by a back edge's arguments for the loop's carry region (below) */
            if (rg_scope(p, s)->kind == SC_LOOP && k->kind == TK_SITE && k->carry_arg == rg_scope(p, s)->loop &&
                rg_scope(p, s)->parent == n && rg_scope(p, n)->kind == SC_CARRY &&
                !(rg->dirty_known && !rg->collected_tails && rg_call_dirty(rg, k->site)))
                continue;
            return SC_HEAP;
        }
    /* A site that allocates only on fixnum overflow never makes its procedure enter a region
     * (a frame of 560 bytes and an enter/leave per call or iteration, for a rare bignum): the
     * bignums of a local one go to the collected heap too, not to the caller's region, where
     * they would make the procedure use the region it is given, and its callers enter one for
     * it (ecraven triangl's fixnum copy: (+ depth 1) cost a region per loop; -fno-bignum-heap:
     * the caller's), those of an iteration one to the collected heap (in the caller's, a loop
     * that overflows each time would grow). The type
     * test also holds for a call whose result is no object at all (a boolean), which then
     * gives its callee the caller's region, where a clean callee puts nothing; a dirty one
     * gets the call's own region (rg_dirty_unallocated). */
    if (k->kind == TK_SITE && rg_type_bignum_only(k->type) && !rg_dirty_unallocated(rg, k)) {
        if (n == SC_LOCAL && k->site->kind != AST_CALL && rg->bignum_heap) return SC_HEAP;
        /* (not a call whose callee's objects there may point to objects that need not
         * outlive this frame, among its contents: they would outlive them; --check-regions
         * found one, tests/run/region-unallocated-calls.scm) */
        if (n == SC_LOCAL && !(k->site->kind == AST_CALL && rg_frame_contents(p, k))) return SC_CALLER;
        /* not a call's: its callee may put more than its result in the region it is given
         * (what it passes in tail calls, cpstak's continuations) */
        if ((rg_scope(p, n)->kind == SC_SELF || rg_scope(p, n)->kind == SC_LOOP) && k->site->kind != AST_CALL)
            return SC_HEAP;
    }
    /* A call inference cannot follow whose value is only tested or dropped (quicksort's
     * (less? x pivot) in a loop): a region entered, and emptied at each iteration or call, for a
     * callee that usually makes nothing there; the collected heap takes what it makes. A known
     * callee that makes nothing is given no region anyway (alloc_free). Not when the result may
     * hold objects of this procedure's sites or parameters (what the closure called captured):
     * in the heap it would take them there (ecraven equal's thunks, made by each caller, then
     * went to the heap). A free variable's may go: the procedure a loop calls is usually a
     * global's or a parameter's of the loop's host. */
    if (rg_tested_heap(rg, p, k, n)) return rg->number_reuse && rg_scope(p, n)->entered ? n : SC_HEAP;
    /* Likewise a local site of numbers that may be fixnums: a region in every frame (an enter
     * and a leave per call) for what is usually a fixnum was half of fib's time on an input
     * read at run time; the collected heap takes the boxed ones. Sites that always box (flonum
     * arithmetic: no fixnum in the type) keep the region. -fno-number-heap: the region. A
     * site whose need is an iteration it is made in uses only the iteration, so the heap's
     * objects are garbage when the iteration ends (the need is the iteration, not beyond). */
    if (rg_number_site(rg, k)) {
        /* But when other sites make the procedure or the iteration enter that region anyway,
         * the boxed ones cost nothing more there (mbrotZ's complex numbers, made in an iteration
         * whose flonums enter its region: 24.8 GB went through the collected heap). */
        if (rg->number_reuse && rg_scope(p, n)->entered) return n;
        if (n == SC_LOCAL) return SC_HEAP;
        /* A contified loop's iteration region costs an enter and a leave per loop, and a
         * recycle per iteration, not an enter and a leave per round as a frame's does: the boxed
         * numbers of its iterations go there (ecraven pnpoly's flonum arithmetic on the
         * elements of vectors of unknown type: 3.1 GB through the collected heap, 0.83x CPU).
         * -fno-loop-numbers: the heap. */
        if (rg->loop_numbers && rg_scope(p, n)->kind == SC_LOOP) return n;
        /* the heap in a self tail call's iteration (ack's (- n 1)), but for a call, whose callee
         * may put more than its result in the region it is given */
        if ((rg_scope(p, n)->kind == SC_SELF || rg_scope(p, n)->kind == SC_LOOP) && k->site->kind != AST_CALL)
            return SC_HEAP;
    }
    return n;
}

/* ---- helpers over the AST ------------------------------------------------------------------- */
static Lambda *rg_host(Lambda *l) {
    while (l && l->contified) l = l->parent;
    return l;
}

static bool rg_static_var(Var *v) {   /* emit.c's static closures: no run-time allocation */
    return v->known && !v->known->contified && v->known->free.len == 0 && v->nsets == 0 &&
           (!v->global || v->ndefs == 1);
}

/* Values of these types are never in a region: immediates, and symbols (interned, permanent). */
static bool rg_type_unallocated(Type t) {
    return !(t & (TY_FLO | TY_BIG | TY_RAT | TY_CPLX | TY_PAIR | TY_STR | TY_VEC | TY_BVEC | TY_PROC | TY_REC | TY_OTHER));
}

/* Values of these types may point to other objects (a number or a string never does: an
 * exact compnum's parts are made with it, in its region, and never shared). */
static bool rg_type_holds_refs(Type t) {
    return t & (TY_PAIR | TY_VEC | TY_PROC | TY_REC | TY_OTHER);
}

/* Whether a, in tail position of the loop of target, can reach a back edge to it. */
static bool rg_back_edge(Ast *a, Lambda *target) { return analyze_tail_calls(a, target); }

/* ---- primitives ---------------------------------------------------------------------------- */
typedef enum { PC_NONE, PC_CTOR, PC_PART, PC_HIGHER, PC_MUTATOR, PC_ESCAPE } PrimClass;

/* From prims.def's effect and calls columns. PC_HIGHER: calls procedure arguments (the runtime
 * may pass one callee's result to another, so everything goes to the heap). PC_MUTATOR: stores
 * arguments 1.. into argument 0. PC_ESCAPE: raises or keeps its arguments. PC_CTOR: a new
 * object holding the arguments. PC_PART: the result may be (a part of) an argument. PC_NONE:
 * the result shares nothing with the arguments (numbers are fresh and immutable: an
 * arithmetic result never aliases its operands). */
static PrimClass rg_prim_class(const Prim *p, size_t nargs) {
    if (prims_higher_order(p, nargs)) return PC_HIGHER;
    switch (p->effect) {
    case EF_NONE: return PC_NONE;
    case EF_CTOR: return PC_CTOR;
    case EF_PART: return PC_PART;
    case EF_MUTATE: return PC_MUTATOR;
    case EF_ESCAPE: return PC_ESCAPE;
    }
    diag_internal("rg_prim_class: effect %d", p->effect);
}

/* Its object holds its arguments themselves (cons* of two or more: all but the last, which it
 * shares). */
static bool rg_ctor(const Ast *e) {
    if (e->kind != AST_PRIMCALL) return false;
    return e->prim->effect == EF_CTOR || (e->prim->id == PRIM_cons_star && e->args.len >= 2);
}

/* Accumulation: the values a back edge carries into the loop variables keep every previous
 * value reachable, so nothing carried becomes garbage while the loop runs. A value is an
 * accumulating form over loop variables S when it is one of them, or a constructor holding one
 * of them (append: its last list); S is what it keeps. The variables whose values are all
 * accumulating forms over such variables, and whose previous values are all kept, accumulate
 * together ((loop (cons x acc)), or (split (cdr l) b (cons (car l) a)), which swaps two); a
 * variable carried any other value is on its own (`broken`, below).
 * Not reverse or copies: those let the previous value go. */
static int rg_param_index(const Lambda *k, const Ast *e) {
    if (e->kind != AST_REF) return -1;
    for (size_t i = 0; i < k->params.len; i++)
        if (k->params.items[i] == e->var) return (int)i;
    return -1;
}
/* The loop variables of k that e keeps as an accumulating form (bit i: parameter i), or 0. */
static uint64_t rg_acc_keeps(const Ast *e, const Lambda *k) {
    int i = rg_param_index(k, e);
    if (i >= 0) return i < 64 ? (uint64_t)1 << i : 0;
    if (e->kind == AST_PRIMCALL && e->prim->id == PRIM_append)   /* shares its last list */
        return e->args.len > 0 ? rg_acc_keeps(e->args.items[e->args.len - 1], k) : 0;
    if (e->kind == AST_LAMBDA) {   /* a closure holds its free variables */
        uint64_t m = 0;
        for (size_t j = 0; j < e->lambda->free.len; j++)
            for (size_t x = 0; x < k->params.len && x < 64; x++)
                if (k->params.items[x] == e->lambda->free.items[j]) m |= (uint64_t)1 << x;
        return m;
    }
    if (!rg_ctor(e)) return 0;
    uint64_t m = 0;
    for (size_t j = 0; j < e->args.len; j++) {
        int x = rg_param_index(k, e->args.items[j]);
        if (x >= 0 && x < 64) m |= (uint64_t)1 << x;
    }
    return m;
}

/* The sites whose objects an accumulating value e for v is made of, evaluated on the way to
 * the back edge only to be stored in it: e and the arguments of constructors within it. */
static void rg_mark_kept(Rg *rg, Ast *e, Var *v) {
    if (e->kind != AST_PRIMCALL && e->kind != AST_CALL && e->kind != AST_LAMBDA) return;
    if (e->rg_tok) {
        Tok *k = &rg->p->toks.items[e->rg_tok - 1];
        if (k->acc && k->acc != v) rg->changed |= bits_add(&rg->broken, k->acc->id);   /* kept twice: give up */
        k->acc = v;
    }
    if (rg_ctor(e))
        for (size_t i = 0; i < e->args.len; i++) rg_mark_kept(rg, e->args.items[i], v);
}

/* A back edge a of loop k carries its arguments into k's variables. */
static void rg_carry(Rg *rg, Ast *a, Lambda *k) {
    size_t n = a->args.len < k->params.len ? a->args.len : k->params.len;
    uint64_t group = 0, keeps[64] = {0};
    for (size_t i = 0; i < n && i < 64; i++) {
        keeps[i] = rg_acc_keeps(a->args.items[i], k);
        if (keeps[i]) group |= (uint64_t)1 << i;
    }
    uint64_t kept = 0;
    for (size_t i = 0; i < n && i < 64; i++)
        if (group >> i & 1) kept |= keeps[i];
    if ((kept & group) != group) group = 0;   /* a member's previous value is dropped */
    for (size_t i = 0; i < n; i++) {
        Var *v = k->params.items[i];
        if (i < 64 && (group >> i & 1)) rg_mark_kept(rg, a->args.items[i], v);
        else rg->changed |= bits_add(&rg->broken, v->id);
    }
}

/* The procedure of (map f l ...) or (for-each f l ...) when it is known and takes exactly the
 * lists' elements: the runtime calls it with map's own region as its caller's region, so its
 * results are made where the result list is. NULL otherwise. */
static Lambda *rg_mapped(Ast *a) {
    if (a->prim->id != PRIM_map && a->prim->id != PRIM_for_each) return NULL;
    if (a->args.len < 2) return NULL;
    Ast *fn = a->args.items[0];
    Lambda *f = fn->kind == AST_LAMBDA ? fn->lambda : fn->kind == AST_REF && !fn->var->global ? fn->var->known
              : fn->kind == AST_REF && rg_static_var(fn->var) ? fn->var->known : NULL;
    if (!f || f->contified || f->rest || f->params.len != a->args.len - 1) return NULL;
    return f;
}

/* ---- table keys --------------------------------------------------------------------------------
 * A key a hash table keeps must live as long as the table (the heap, for a global's table), so
 * every key string a loop made went there, though a table keeps few of them (benchmarks/
 * hashtable: 4 million words counted, 1110 kept). When the key argument's value is a string made
 * only for it, no other reference to it exists once the call is made: the table may keep a copy
 * (made in its home region when it inserts the key, hashtable.c) instead, and nothing can tell
 * the copy from the original. Such a call becomes its primitive's /own-key variant and its key
 * is used only during the call. A literal is never copied (rt_ht_own_key: static data keeps its
 * identity), so it may be among the values.
 * "Fresh" (rg_fresh): every value is a literal or a new object that nothing else references: a
 * primitive's whose result is always new (RT_PF_FRESH: string-append, number->string ...), a
 * call of a procedure (or loop) whose results all are, a variable (bound by let or a contified
 * loop, never assigned nor captured) whose values all are and whose every reference either
 * gives the value to a primitive that keeps nothing (EF_NONE: it reads the string) or is the
 * value of the construct that binds it (rg_key_uses). A pure conjunction over a graph: a greatest
 * fixpoint, computed on demand per key (a node on the path being explored counts as fresh). */
typedef struct RgKeys {
    bool *bad;            /* by var id: a reference that is neither a read nor the binder's value */
    VEC(Ast *) *values;   /* by var id: what it is bound to (let inits, a contified loop's args) */
    bool *bound;          /* by var id: bound by let or a contified loop (values is complete) */
    unsigned *var_mark, *lam_mark, epoch;   /* this query: visited (by var id, lambda id) */
    bool *var_val, *lam_val;
    bool *in_walk;        /* by lambda id */
} RgKeys;

static void rg_keys_index(RgKeys *ks, Ast *a, const Bits *tail);
/* Walks a: records each variable's values, and marks a variable bad where a reference is not a
 * read by an EF_NONE primitive nor in `tail` (the variables whose binder's value this is). */
static void rg_keys_index(RgKeys *ks, Ast *a, const Bits *tail) {
    Bits none = {0};
    switch (a->kind) {
    case AST_CONST: return;
    case AST_REF:
        if (!bits_has(tail, a->var->id)) ks->bad[a->var->id] = true;
        return;
    case AST_SET:
        rg_keys_index(ks, a->value, &none);
        return;
    case AST_IF:
        rg_keys_index(ks, a->test, &none);
        rg_keys_index(ks, a->then, tail);
        rg_keys_index(ks, a->els, tail);
        return;
    case AST_SEQ:
        for (size_t i = 0; i + 1 < a->items.len; i++) rg_keys_index(ks, a->items.items[i], &none);
        rg_keys_index(ks, a->items.items[a->items.len - 1], tail);
        return;
    case AST_LET: case AST_LETREC: {
        Bits t = bits_copy(tail);
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            Ast *init = a->inits.items[i];
            if (init->kind == AST_LAMBDA && init->lambda->contified) continue;   /* walked at its calls */
            rg_keys_index(ks, init, &none);
            vec_push(&ks->values[v->id], init);
            ks->bound[v->id] = true;
            bits_add(&t, v->id);
        }
        rg_keys_index(ks, a->body, &t);
        bits_free(&t);
        return;
    }
    case AST_LAMBDA:   /* a closure's body: walked from the program's list, with no tail */
        return;
    case AST_PRIMCALL: {
        bool reads = a->prim->effect == EF_NONE && !prims_higher_order(a->prim, a->args.len);
        for (size_t i = 0; i < a->args.len; i++)
            if (!(reads && a->args.items[i]->kind == AST_REF)) rg_keys_index(ks, a->args.items[i], &none);
        return;
    }
    case AST_CALL: {
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (!k || !k->contified) {
            rg_keys_index(ks, a->fn, &none);
            for (size_t i = 0; i < a->args.len; i++) rg_keys_index(ks, a->args.items[i], &none);
            return;
        }
        for (size_t i = 0; i < a->args.len && i < k->params.len; i++) {
            Var *p = k->params.items[i];
            Ast *x = a->args.items[i];
            vec_push(&ks->values[p->id], x);
            /* a back edge passing a loop variable to itself: still only that variable's */
            if (!(ks->in_walk[k->id] && x->kind == AST_REF && x->var == p)) rg_keys_index(ks, x, &none);
        }
        if (ks->in_walk[k->id]) return;   /* a back edge */
        Bits t = bits_copy(tail);
        for (size_t i = 0; i < k->params.len; i++) {
            ks->bound[k->params.items[i]->id] = true;
            bits_add(&t, k->params.items[i]->id);
        }
        ks->in_walk[k->id] = true;
        rg_keys_index(ks, k->body, &t);   /* its exits are the call's value */
        ks->in_walk[k->id] = false;
        bits_free(&t);
        return;
    }
    }
}

static bool rg_fresh(RgKeys *ks, Ast *e);
static bool rg_fresh_var(RgKeys *ks, Var *v) {
    if (v->global || v->boxed || v->nsets || v->captured || !ks->bound[v->id] || ks->bad[v->id]) return false;
    if (ks->var_mark[v->id] == ks->epoch) return ks->var_val[v->id];   /* done, or on the path */
    ks->var_mark[v->id] = ks->epoch;
    ks->var_val[v->id] = true;
    bool r = true;
    for (size_t i = 0; r && i < ks->values[v->id].len; i++) r = rg_fresh(ks, ks->values[v->id].items[i]);
    return ks->var_val[v->id] = r;
}
static bool rg_fresh_body(RgKeys *ks, Lambda *k) {
    if (ks->lam_mark[k->id] == ks->epoch) return ks->lam_val[k->id];
    ks->lam_mark[k->id] = ks->epoch;
    ks->lam_val[k->id] = true;
    return ks->lam_val[k->id] = rg_fresh(ks, k->body);
}
static bool rg_fresh(RgKeys *ks, Ast *e) {
    switch (e->kind) {
    case AST_CONST: return true;
    case AST_REF: return rg_fresh_var(ks, e->var);
    case AST_PRIMCALL: return (e->prim->flags & RT_PF_FRESH) != 0;
    case AST_IF: return rg_fresh(ks, e->then) && rg_fresh(ks, e->els);
    case AST_SEQ: return rg_fresh(ks, e->items.items[e->items.len - 1]);
    case AST_LET: case AST_LETREC: return rg_fresh(ks, e->body);
    case AST_CALL: {
        Var *f = e->fn->kind == AST_REF ? e->fn->var : NULL;
        Lambda *k = f && f->nsets == 0 ? f->known : NULL;
        return k && !k->rest && rg_fresh_body(ks, k);
    }
    default: return false;
    }
}

static bool rg_table_insert(const Prim *p) {
    return p->id == PRIM_hash_table_set_x || p->id == PRIM_hash_table_update_x || p->id == PRIM_hash_table_update_x_default;
}
static const Prim *rg_own_key_variant(const Prim *p) {
    return prims_get(p->id == PRIM_hash_table_set_x ? PRIM_hash_table_set_x_own_key
                     : p->id == PRIM_hash_table_update_x ? PRIM_hash_table_update_x_own_key
                     : PRIM_hash_table_update_x_default_own_key);
}
static bool rg_own_key(const Prim *p) { return (p->flags & RT_PF_OWN_KEY) != 0; }
/* Every table insertion of prog whose key is fresh becomes the /own-key variant. */
static void rg_keys_mark(RgKeys *ks, Ast *a);
static void rg_keys_program(Program *prog) {
    RgKeys ks = {0};
    size_t nv = (size_t)prog->next_var_id + 1, nl = 1;
    for (size_t i = 0; i < prog->lambdas.len; i++)
        if ((size_t)prog->lambdas.items[i]->id + 1 > nl) nl = (size_t)prog->lambdas.items[i]->id + 1;
    ks.bad = xcalloc(nv, sizeof *ks.bad);
    ks.values = xcalloc(nv, sizeof *ks.values);
    ks.bound = xcalloc(nv, sizeof *ks.bound);
    ks.var_mark = xcalloc(nv, sizeof *ks.var_mark);
    ks.var_val = xcalloc(nv, sizeof *ks.var_val);
    ks.lam_mark = xcalloc(nl, sizeof *ks.lam_mark);
    ks.lam_val = xcalloc(nl, sizeof *ks.lam_val);
    ks.in_walk = xcalloc(nl, sizeof *ks.in_walk);
    Bits none = {0};
    rg_keys_index(&ks, prog->body, &none);
    for (size_t i = 0; i < prog->lambdas.len; i++)
        if (!prog->lambdas.items[i]->contified) rg_keys_index(&ks, prog->lambdas.items[i]->body, &none);
    rg_keys_mark(&ks, prog->body);
    for (size_t i = 0; i < prog->lambdas.len; i++) rg_keys_mark(&ks, prog->lambdas.items[i]->body);
    for (size_t i = 0; i < nv; i++) vec_free(&ks.values[i]);
    free(ks.bad); free(ks.values); free(ks.bound); free(ks.var_mark); free(ks.var_val);
    free(ks.lam_mark); free(ks.lam_val); free(ks.in_walk);
}
static void rg_keys_mark(RgKeys *ks, Ast *a) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: case AST_LAMBDA: return;   /* lambdas: from the program's list */
    case AST_SET: rg_keys_mark(ks, a->value); return;
    case AST_IF: rg_keys_mark(ks, a->test); rg_keys_mark(ks, a->then); rg_keys_mark(ks, a->els); return;
    case AST_SEQ: for (size_t i = 0; i < a->items.len; i++) rg_keys_mark(ks, a->items.items[i]); return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) rg_keys_mark(ks, a->inits.items[i]);
        rg_keys_mark(ks, a->body);
        return;
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL) rg_keys_mark(ks, a->fn);
        for (size_t i = 0; i < a->args.len; i++) rg_keys_mark(ks, a->args.items[i]);
        if (a->kind == AST_PRIMCALL && rg_table_insert(a->prim) && a->args.len >= 2 &&
            a->args.items[1]->kind != AST_REF && a->args.items[1]->kind != AST_CONST) {
            ks->epoch++;
            if (rg_fresh(ks, a->args.items[1])) a->prim = rg_own_key_variant(a->prim);
        }
        return;
    }
}

/* ---- the walk ------------------------------------------------------------------------------- */
static Bits rg_walk(Rg *rg, Ast *a, Ctx c);

static Bits rg_one(int t) {
    Bits b = {0};
    bits_add(&b, t);
    return b;
}

/* Whatever a variable reference yields, without the boxing of unboxed flonums. */
/* The value of a global or an assigned, captured variable (in its box) is an object this
 * procedure neither made nor was given, in the heap or the program's region: the token
 * TK_ELSEWHERE stands for all of them (need: the heap). An empty set would say "no object", so
 * that a store into what a set holds (rg_store, and the INTO and stores-into-parameters
 * summaries, which store into all an argument reaches) would take a list holding a global's
 * object for one holding only this procedure's: `(let ((l (list g))) (store-into-car! l x))`
 * put x in l's region, and g pointed into it once it was released. */
static int rg_elsewhere_tok(Proc *p) {
    if (p->elsewhere_tok < 0)
        p->elsewhere_tok = rg_add_tok(p, (Tok){.kind = TK_ELSEWHERE, .need = SC_HEAP, .what = "a global's object",
                                               .type = TY_ANY, .why = "a global's or a box's", .why_kind = RW_GLOBAL});
    return p->elsewhere_tok;
}
static Bits rg_var_value(Rg *rg, Var *v) {
    Bits r = {0};
    if (rg_static_var(v)) return r;
    if (v->global || v->boxed) {
        if (rg_type_unallocated(infer_var_type(v))) return r;
        bits_add(&r, rg_elsewhere_tok(rg->p));
        return r;
    }
    if (v->known && v->known->contified) return r;
    Proc *p = rg->p;
    if (rg_host(v->owner) == p->lam) return bits_copy(rg_varset(rg, v));
    for (size_t j = 0; p->lam && j < p->lam->free.len; j++)
        if (p->lam->free.items[j] == v) {
            for (size_t t = 0; t < p->toks.len; t++)
                if (p->toks.items[t].kind == TK_FREE && p->toks.items[t].index == (int)j && !p->toks.items[t].is_parts)
                    bits_add(&r, (int)t);
        }
    return r;
}

/* ELEMS mode (spines, rg_proc_new): this procedure puts its result's elements in the heap. */
static bool rg_elems_mode(const Rg *rg) { return rg->p->lam && rg->elems_heap[rg->p->lam->id]; }
/* A call of a procedure in ELEMS mode (this one, or one of its group): its result is a spine too. */
static bool rg_elems_call(const Rg *rg, const Ast *a) {
    return a->kind == AST_CALL && a->fn->kind == AST_REF && a->fn->var->known && rg->elems_heap[a->fn->var->known->id];
}
/* In ELEMS mode, values v put into the result: as elements (a pair's car, a list's item) or in
 * its spine (a pair's cdr, the value returned). What this procedure or its calls make goes to
 * the heap, but, in the spine, the pairs it makes (cons, list) and its own results; what it was
 * given (parameters, free variables) its callers know of from its summaries. */
static void rg_elems_heap(Rg *rg, const Bits *v, bool spine, Loc loc) {
    Proc *p = rg->p;
    BITS_EACH(v, t) {
        Tok *k = &p->toks.items[t];
        if (k->kind != TK_SITE && k->kind != TK_COPY) continue;
        if (spine && k->kind == TK_SITE &&
            ((k->site->kind == AST_PRIMCALL && (k->site->prim->id == PRIM_cons || k->site->prim->id == PRIM_list)) ||
             rg_elems_call(rg, k->site)))
            continue;
        if (k->kind == TK_SITE && k->site->kind == AST_CALL) k->site->rg_elem = true;   /* evacuated */
        const char *name = p->lam->name ? xasprintf("'%s'", p->lam->name->name) : "a procedure";
        rg_need(rg, t, SC_HEAP, RW_ELEMENT, xasprintf("an element of the list %s returns, whose callers keep "
                                                      "its elements and not the list", name), loc, -1);
    }
}

/* A value in tail position of the procedure is returned: it must outlive the call. */
static Bits rg_result(Rg *rg, Bits v, Ctx c, Loc loc) {
    if (c.ptail) rg_use(rg, &v, SC_CALLER, RW_RETURNED, "returned", loc);
    if (c.ptail && rg_elems_mode(rg)) rg_elems_heap(rg, &v, true, loc);
    return v;
}

static uint8_t rg_arg_summary(Rg *rg, Lambda *k, size_t i) {
    if (i < k->params.len) return rg->param_sum[k->id][i];
    return rg->rest_sum[k->id];
}

/* The join of the summaries of argument i of what a call may enter, ts[0..n): a lambda's, or
 * a primitive's from its class (arithmetic and predicates keep nothing; constructors and
 * accessors give it back in their result; the others may keep it). */
static PrimClass rg_prim_class(const Prim *p, size_t nargs);
static uint8_t rg_args_summary(Rg *rg, CallTarget *ts, int n, size_t i, size_t nargs) {
    uint8_t s = SUM_NONE;
    for (int j = 0; j < n; j++) {
        uint8_t x = SUM_GLOBAL;
        if (ts[j].lambda) x = rg_arg_summary(rg, ts[j].lambda, i);
        else switch (rg_prim_class(ts[j].prim, nargs)) {
            case PC_NONE: x = SUM_NONE; break;
            case PC_CTOR: case PC_PART: x = SUM_RESULT; break;
            default: x = SUM_GLOBAL; break;
            }
        if (x > s) s = x;
    }
    return s;
}

/* Whether a call of one of ts[0..n) may return a value its closure captured (a free variable
 * summarised SUM_RESULT). */
/* Whether a call of one of ts may return an object it was not given (Rg.ret_else): an unknown
 * callee may. */
static bool rg_returns_else(const Rg *rg, const CallTarget *ts, int n) {
    for (int j = 0; j < n; j++)
        if (!ts[j].lambda || rg->ret_else[ts[j].lambda->id]) return true;
    return false;
}
/* What p's body returns (r; its tail calls' results separately, rg_call): anything but what
 * p was given (parameters, their parts, a rest list's elements, what its closure captured,
 * rg_returns_captured) is an object from elsewhere. A call of a procedure that allocates
 * nothing in its region was taken to return only what it returns of its arguments: one
 * returning a global's vector, joined with a list of its caller's frame, had a fresh list
 * stored into the global from that frame's region (tests/run/region-stores-into-arguments). */
static void rg_note_returned(Rg *rg, Proc *p, const Bits *r) {
    if (!p->lam || rg->ret_else[p->lam->id]) return;
    BITS_EACH(r, t) {
        int kind = p->toks.items[t].kind;
        if (kind != TK_PARAM && kind != TK_FREE && kind != TK_REST_ELEMS) {
            rg->ret_else[p->lam->id] = rg->sum_changed = true;
            return;
        }
    }
}
static bool rg_returns_captured(Rg *rg, const CallTarget *ts, int n) {
    for (int j = 0; j < n; j++) {
        const Lambda *l = ts[j].lambda;
        for (size_t i = 0; l && i < l->free.len; i++)
            if (rg->free_sum[l->id][i] == SUM_RESULT) return true;
    }
    return false;
}

/* The spine summary of argument i of what a call may enter (spines, rg_proc_new): a lambda's
 * for its parameter's own token; a primitive's, its summary. */
static uint8_t rg_args_spine(Rg *rg, CallTarget *ts, int n, size_t i, size_t nargs) {
    uint8_t s = SUM_NONE;
    for (int j = 0; j < n; j++) {
        const Lambda *l = ts[j].lambda;
        uint8_t x = !l ? rg_args_summary(rg, &ts[j], 1, i, nargs)
                  : i < l->params.len ? rg->param_spine[l->id][i] : rg->rest_sum[l->id];
        if (x > s) s = x;
    }
    return s;
}

/* Whether k may put its result's elements in the heap for callers that keep them and not the
 * list (ELEMS mode, spines): it returns pairs or no objects, and is called only by its name
 * (a known procedure: the prelude's map at a call). Not a procedure inference follows through
 * data (ecraven nucleic's domains, lambdas in a list: their lists of heap objects, then in a
 * region, pinned what they held at every minor collection, 1.39x the time). */
static bool rg_elems_fit(const Rg *rg, const Lambda *k) {
    Type t = infer_return_type(k);
    return rg->spines && k && !k->escapes && !k->contified && !k->rest && k->self && k->self->known == k &&
           !(t & (TY_FLO | TY_BIG | TY_RAT | TY_CPLX | TY_STR | TY_VEC | TY_BVEC | TY_PROC | TY_REC | TY_OTHER));
}
/* The procedures whose results k returns by its tail calls (through contified loops) into
 * group; false when a tail call may enter anything unfit (an unknown procedure, apply). All of
 * them must be in the mode together: they return into the same region (a procedure's fixnum
 * copy, version.c, which its entry calls in tail position, made the elements in that region,
 * found by --check-regions). */
static bool rg_elems_tails(const Rg *rg, const Ast *a, PtrMap *seen, LambdaVec *group) {
    switch (a->kind) {
    case AST_IF: return rg_elems_tails(rg, a->then, seen, group) && rg_elems_tails(rg, a->els, seen, group);
    case AST_SEQ: return rg_elems_tails(rg, a->items.items[a->items.len - 1], seen, group);
    case AST_LET: case AST_LETREC: return rg_elems_tails(rg, a->body, seen, group);
    case AST_PRIMCALL: return !prims_higher_order(a->prim, a->args.len);
    case AST_CALL: {
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (!k || (!k->contified && !rg_elems_fit(rg, k))) return false;
        size_t *mark = ptrmap_slot(seen, k, true);
        if (*mark != PTRMAP_NONE) return true;   /* looked into once */
        *mark = 1;
        if (!k->contified) vec_push(group, k);
        return rg_elems_tails(rg, k->body, seen, group);
    }
    default: return true;
    }
}
/* Puts k in ELEMS mode with the procedures it returns the results of, if they all can be. */
static void rg_elems_enter(Rg *rg, Lambda *k) {
    if (rg->elems_heap[k->id] || !rg_elems_fit(rg, k)) return;
    PtrMap seen = {0};
    LambdaVec group = {0};
    *ptrmap_slot(&seen, k, true) = 1;
    vec_push(&group, k);
    bool ok = rg_elems_tails(rg, k->body, &seen, &group);
    for (size_t i = 0; ok && i < group.len; i++)
        if (!rg->elems_heap[group.items[i]->id]) rg->elems_heap[group.items[i]->id] = rg->sum_changed = true;
    ptrmap_free(&seen);
    vec_free(&group);
}

/* A TOP of a value passed (spines): a token whose objects are one object each (a constructor's,
 * a closure, a boxed flonum) or a list's spine (a rest list, an own token, the result of a
 * procedure in ELEMS mode), everything else they reach being in their contents. A call's
 * result is none otherwise: its callee's region holds the list and its elements alike. */
static bool rg_top(const Rg *rg, const Tok *k) {
    switch (k->kind) {
    case TK_PARAM: case TK_FREE: return k->parts != 0;
    case TK_REST: return true;
    case TK_SITE:
        if (k->site->kind == AST_LAMBDA || k->site->kind == AST_REF) return true;
        if (k->site->kind == AST_PRIMCALL) return k->site->prim->effect == EF_CTOR;
        if (k->site->kind == AST_CALL) {
            CallTarget ts[RG_MAX_TARGETS];
            int nt;
            if (!rg_call_targets(rg, k->site, ts, &nt) || nt < 1) return false;
            for (int j = 0; j < nt; j++)
                if (!ts[j].lambda || !rg->elems_heap[ts[j].lambda->id]) return false;
            return true;
        }
        return false;
    default: return false;
    }
}
/* v's tops, and the rest: their contents and v's other tokens. */
static void rg_split(const Rg *rg, const Bits *v, Bits *top, Bits *rest) {
    *top = (Bits){0};
    *rest = (Bits){0};
    BITS_EACH(v, t) {
        const Tok *k = &rg->p->toks.items[t];
        if (rg_top(rg, k)) {
            bits_add(top, t);
            bits_union(rest, &k->contents);
        } else {
            bits_add(rest, t);
        }
    }
}
/* A call passing v where its callees keep the elements and only read the spine (spine summary
 * NONE): the procedures whose results in v would be tops in ELEMS mode are put in it
 * (Rg.elems_heap). Not where the spine is returned too: a list that outlives the call in a
 * region while its elements are young heap objects pins them at every minor collection
 * (ecraven scheme's compiled combinations, whose closures keep their argument lists: 1.05x). */
static void rg_demand_elems(Rg *rg, const Bits *v) {
    BITS_EACH(v, t) {
        const Tok *k = &rg->p->toks.items[t];
        if (k->kind != TK_SITE || k->site->kind != AST_CALL || rg_top(rg, k)) continue;
        CallTarget ts[RG_MAX_TARGETS];
        int nt;
        if (!rg_call_targets(rg, k->site, ts, &nt) || nt < 1) continue;
        bool ok = true;
        for (int j = 0; j < nt && ok; j++) ok = ts[j].lambda && rg_elems_fit(rg, ts[j].lambda);
        for (int j = 0; j < nt && ok; j++) rg_elems_enter(rg, ts[j].lambda);
    }
}

/* The lambdas (or primitives) a call may enter: the known one, or those inference names
 * (false: it cannot name them, or more than RG_MAX_TARGETS). */
static bool rg_call_targets(const Rg *rg, const Ast *a, CallTarget *ts, int *nt) {
    Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
    if (k) {
        ts[0] = (CallTarget){k, NULL};
        *nt = 1;
        return true;
    }
    *nt = infer_call_targets(rg->prog, a, ts, RG_MAX_TARGETS);
    return *nt >= 0 && *nt <= RG_MAX_TARGETS;
}
/* Whether every procedure a call may enter allocates nothing in the region it is given
 * (Rg.alloc_free: a record accessor, a predicate, a walk down a list): then its result
 * is no object of this call's region, only what its summaries say it returns of its
 * arguments, and the call needs no region. */
static bool rg_targets_alloc_free(const Rg *rg, const CallTarget *ts, int n) {
    if (!rg->alloc_free || n < 1 || n > RG_MAX_TARGETS) return false;
    for (int j = 0; j < n; j++)
        if (!ts[j].lambda || !rg->alloc_free[ts[j].lambda->id]) return false;
    return true;
}
static bool rg_call_alloc_free(const Rg *rg, const Ast *a) {
    CallTarget ts[RG_MAX_TARGETS];
    int nt;
    return a->kind == AST_CALL && rg_call_targets(rg, a, ts, &nt) && rg_targets_alloc_free(rg, ts, nt);
}
/* Whether every procedure a call may enter makes nothing in its caller's region once its
 * sites are placed (Rg.rr_unused, computed after the analysis): the call needs no region. */
static bool rg_call_rr_unused(const Rg *rg, const Ast *a) {
    CallTarget ts[RG_MAX_TARGETS];
    int nt;
    if (!rg->rr_unused || a->kind != AST_CALL || !rg_call_targets(rg, a, ts, &nt) || nt < 1) return false;
    for (int j = 0; j < nt; j++)
        if (!ts[j].lambda || !rg->rr_unused[ts[j].lambda->id]) return false;
    return true;
}

/* Whether a call returns only objects its callees make (Rg.ret_fresh): then storing into its
 * result stores into objects of the call's region, as into a site of this procedure's. */
static bool rg_call_fresh(const Rg *rg, const Ast *a) {
    CallTarget ts[RG_MAX_TARGETS];
    int nt;
    if (!rg->ret_fresh || a->kind != AST_CALL || !rg_call_targets(rg, a, ts, &nt) || nt < 1) return false;
    for (int j = 0; j < nt; j++)
        if (!ts[j].lambda || ts[j].lambda->contified || !rg->ret_fresh[ts[j].lambda->id]) return false;
    return true;
}

static void rg_store(Rg *rg, const Bits *into, const Bits *x, const char *why, Loc loc);
static Bits *rg_walk_args(Rg *rg, AstVec *args, Ctx c) {
    Bits *v = xcalloc(args->len + 1, sizeof *v);
    for (size_t i = 0; i < args->len; i++) v[i] = rg_walk(rg, args->items[i], rg_nontail(c));
    return v;
}
static void rg_free_args(Bits *v, size_t n) {
    for (size_t i = 0; i < n; i++) bits_free(&v[i]);
    free(v);
}

/* Carry regions (MLKit's resetting of regions, for what a loop replaces). A contified loop's
 * scope has a carry scope between it and the scope it was entered in: emit.c enters its region
 * with the loop, leaves it when the loop exits, and empties it before evaluating the arguments
 * of each back edge. A loop variable is a carry variable when it is never assigned and never
 * read, nor captured, where the loop may still go round (a benchmark harness's
 * `(loop (+ i 1) (thunk))` whose result is looked at only by the exit branch): on the way to
 * a back edge its previous value is dead, and so is everything made only for it. What a back
 * edge passes in a carry variable needs the carry scope instead of the parent; a site made in
 * the back edge's arguments (Tok.carry_arg) whose need is then the carry scope goes there,
 * instead of to the heap as something made in every iteration that outlives it: it is made
 * after the region was emptied and dies at the next back edge or when the loop exits. Needs
 * only grow: a variable found read on the way round (Rg.carry_read) goes back to the parent,
 * and its values with it, at the next walk. */
static bool rg_carry_var(const Rg *rg, const Var *v) {
    return rg->carry && !v->boxed && v->nsets == 0 && !bits_has(&rg->carry_read, v->id);
}
/* v is read (or captured) here: a loop variable whose loop is still live here is no carry
 * variable. */
static void rg_carry_read(Rg *rg, const Var *v, Ctx c) {
    if (!v->owner || !v->owner->contified || v->global) return;
    for (const Chain *ch = c.live; ch; ch = ch->live_next)
        if (ch->target == v->owner) {
            rg->changed |= bits_add(&rg->carry_read, v->id);
            return;
        }
}

/* Copied numbers (the issue's loop-carried values copied into a fresh region at the back
 * edge). A loop variable of a contified loop that holds only numbers, flonums or complex
 * numbers among them, never assigned, not a carry variable, and passed a likely boxed number
 * by some back edge (rg_likely_boxed: ecraven mbrotZ's z), is a COPY variable (Var.carry_copy):
 * at each back edge emit.c copies the number passed for it into one of two boxes in the frame,
 * alternately (runtime/regal.h, rt_carry_box: a flonum or an inexact complex number; any other
 * boxed number goes to the collected heap). So what the arguments make for it needs only the
 * iteration (not the loop's parent: made in every iteration, it went to the heap), and the
 * variable's values are one token, TK_COPY, made in the iteration scope: a box is written
 * again two back edges later. When some use needs that token beyond the iteration (the loop
 * returns the variable, stores it, a closure keeps it) the variable is no copy variable
 * (Rg.copy_demoted) and the procedure is walked again: needs only grow. Numbers are immutable
 * and eqv? compares them by value, so a copy is the same number. */
static bool rg_copy_var(const Rg *rg, const Var *v) {
    Type t = infer_var_type(v);
    return bits_has(&rg->copy_wanted, v->id) && !v->boxed && v->nsets == 0 &&
           !bits_has(&rg->copy_demoted, v->id) && t && !(t & ~TY_NUM) && (t & (TY_FLO | TY_CPLX)) &&
           !infer_var_unboxed(v);
}
/* Worth copying: a back edge passes it a number that is boxed, as far as types tell: one never
 * a fixnum (a flonum), or the sum, difference, product or quotient of such a number and
 * anything, looking through let variables and both branches of an if (mbrotZ's (+ (* z z) z0),
 * z0 bound to the sum of a complex number and something). A counter of unknown type ((- i 1),
 * i read at run time) is a fixnum in practice: making every such loop variable a copy variable
 * (and its counters' sites users of the iteration region) cost ecraven maze 17%. */
static bool rg_num_never_fixnum(Type t) { return t && !(t & ~TY_NUM) && !(t & TY_FIX); }
static bool rg_likely_boxed(const Rg *rg, const Ast *a, int depth) {
    if (rg_num_never_fixnum(infer_type(a))) return true;
    if (depth > 4) return false;
    if (a->kind == AST_REF && !a->var->global && a->var->nsets == 0 && (size_t)a->var->id < rg->let_init.len &&
        rg->let_init.items[a->var->id])   /* a let variable: its value */
        return rg_likely_boxed(rg, rg->let_init.items[a->var->id], depth + 1);
    if (a->kind == AST_IF)
        return rg_likely_boxed(rg, a->then, depth + 1) && rg_likely_boxed(rg, a->els, depth + 1);
    if (a->kind != AST_PRIMCALL) return false;
    PrimId id = a->prim->id;
    if (id != PRIM_add && id != PRIM_sub && id != PRIM_mul && id != PRIM_div) return false;
    for (size_t i = 0; i < a->args.len; i++)
        if (rg_likely_boxed(rg, a->args.items[i], depth + 1)) return true;
    return false;
}
/* One walk of the program in order, cur the innermost lambda: Rg.let_init of every let
 * variable (an enclosing let's before its body), and Rg.copy_wanted: the loop variables some
 * back edge passes a likely boxed number (a call of contified loop k from its own body or a loop
 * contified into it; not from a closure made there). */
static void rg_copy_scan(Rg *rg, const Ast *a, const Lambda *cur) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET: rg_copy_scan(rg, a->value, cur); return;
    case AST_IF:
        rg_copy_scan(rg, a->test, cur);
        rg_copy_scan(rg, a->then, cur);
        rg_copy_scan(rg, a->els, cur);
        return;
    case AST_LAMBDA: rg_copy_scan(rg, a->lambda->body, a->lambda); return;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) rg_copy_scan(rg, a->items.items[i], cur);
        return;
    case AST_CALL: case AST_PRIMCALL:
        for (size_t i = 0; i < a->args.len; i++) rg_copy_scan(rg, a->args.items[i], cur);
        if (a->kind != AST_CALL) return;
        rg_copy_scan(rg, a->fn, cur);
        const Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL, *l = cur;
        if (!k || !k->contified) return;
        while (l && l != k && l->contified) l = l->parent;
        if (l != k) return;   /* the loop's entry */
        for (size_t i = 0; i < a->args.len && i < k->params.len; i++)
            if (a->args.items[i]->kind != AST_REF && rg_likely_boxed(rg, a->args.items[i], 0))
                bits_add(&rg->copy_wanted, k->params.items[i]->id);   /* (a variable: nothing made) */
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) {
            if (a->kind == AST_LET && i < a->vars.len) {
                Var *v = a->vars.items[i];
                while (rg->let_init.len <= (size_t)v->id) vec_push(&rg->let_init, NULL);
                rg->let_init.items[v->id] = a->inits.items[i];
            }
            rg_copy_scan(rg, a->inits.items[i], cur);
        }
        rg_copy_scan(rg, a->body, cur);
        return;
    }
}
static int rg_copy_tok(Rg *rg, Var *v, int loop) {
    while (rg->copy_tok.len <= (size_t)v->id) vec_push(&rg->copy_tok, 0);
    if (!rg->copy_tok.items[v->id]) {
        int t = rg_add_tok(rg->p, (Tok){.kind = TK_COPY, .alloc = loop, .need = loop, .copy_var = v,
                                        .type = infer_var_type(v), .what = "a copied loop variable"});
        rg->copy_tok.items[v->id] = t + 1;
        rg->changed = true;
    }
    return rg->copy_tok.items[v->id] - 1;
}
/* After a walk: the copy variables whose token some use needs beyond the iteration lose it
 * (true: walk again). */
static bool rg_copy_demote(Rg *rg, Proc *p) {
    bool demoted = false;
    for (size_t t = 0; t < p->toks.len; t++) {
        const Tok *k = &p->toks.items[t];
        if (k->kind == TK_COPY && k->need != k->alloc && !bits_has(&rg->copy_demoted, k->copy_var->id)) {
            bits_add(&rg->copy_demoted, k->copy_var->id);
            demoted = true;
        }
    }
    return demoted;
}

/* A back edge a (a call of loop k, or a self tail call) with argument values v: they are
 * the next iteration's variables, so they must live in the loop's parent scope (or, for a
 * carry variable, its carry scope `carry`; -1: none; for a copy variable, until the copy at
 * the back edge, in the loop's iteration scope `loop`; -1: a self tail call, none). */
static void rg_next_iteration(Rg *rg, Ast *a, Lambda *k, Bits *v, int parent, int carry, int loop) {
    rg_carry(rg, a, k);
    for (size_t i = 0; i < a->args.len && i < k->params.len; i++) {
        Var *pv = k->params.items[i];
        if (loop >= 0 && !(carry >= 0 && rg_carry_var(rg, pv)) && rg_copy_var(rg, pv)) {
            rg_use(rg, &v[i], loop, RW_LOCAL, NULL, a->loc);   /* read by the copy */
            rg->changed |= bits_add(rg_varset(rg, pv), rg_copy_tok(rg, pv, loop));
            continue;
        }
        rg_use(rg, &v[i], carry >= 0 && rg_carry_var(rg, pv) ? carry : parent, RW_CARRIED,
               xasprintf("carried to the next iteration in '%s'", pv->name->name), a->loc);
        if (pv->boxed) rg_use(rg, &v[i], SC_HEAP, RW_BOXED, "carried in a boxed loop variable", a->loc);
        else rg->changed |= bits_union(rg_varset(rg, pv), &v[i]);
    }
}

static void rg_mark_tail_passed(Rg *rg, const Bits *v) {
    BITS_EACH(v, t) if (rg->p->toks.items[t].kind == TK_SITE) rg->p->toks.items[t].tail_passed = true;
}

static void rg_call_stores(Rg *rg, const CallTarget *ts, int nt, Bits *v, size_t n, const char *name, Loc loc);
/* What a call's result may hold of what the closure called captured (spines, rg_proc_new): of
 * a closure made here, the values of its free variables summarised RESULT, or only their parts
 * when their spine summary is not (a closure returning what the closure it captured returns,
 * not that closure: the prelude's map of (lambda (a) (ev a env)) in benchmarks/interp); of a
 * parameter's or free variable's closure, its parts (its captured values: were the closure
 * among them, it would be among its own parts, and the caller's split gives those its parts'
 * summary); anything else whole, as with -fno-spines. */
static Bits rg_captured_returned(Rg *rg, const Bits *f) {
    if (!rg->spines) return bits_copy(f);
    Bits r = {0};
    BITS_EACH(f, t) {
        const Tok *k = &rg->p->toks.items[t];
        if (k->parts) {
            bits_add(&r, k->parts - 1);
        } else if (k->kind == TK_SITE && k->site->kind == AST_LAMBDA) {
            const Lambda *l = k->site->lambda;
            for (size_t i = 0; i < l->free.len; i++) {
                if (rg->free_sum[l->id][i] < SUM_RESULT) continue;
                Bits x = rg_var_value(rg, l->free.items[i]);
                if (rg->free_spine[l->id][i] >= SUM_RESULT) {
                    bits_union(&r, &x);
                } else {
                    Bits top, rest;
                    rg_split(rg, &x, &top, &rest);
                    bits_union(&r, &rest);
                    bits_free(&top);
                    bits_free(&rest);
                }
                bits_free(&x);
            }
        } else {
            bits_add(&r, t);
        }
    }
    return r;
}

/* What a call's argument values v need by the callees' summary s: the heap (GLOBAL), the
 * result's (RESULT: they join the call's value r and the contents of its result token t, if
 * t >= 0), or the call's scope use. */
static void rg_call_arg(Rg *rg, const Bits *v, uint8_t s, bool seen, const char *name, int use, Bits *r, int t, Loc loc) {
    if (s == SUM_GLOBAL) {
        rg_use(rg, v, SC_HEAP, seen ? RW_KEPT : RW_UNKNOWN_CALL, seen ? xasprintf("passed to '%s', which keeps it", name ? name : "a procedure")
                                        : "passed to an unknown procedure", loc);
    } else if (s == SUM_RESULT) {
        bits_union(r, v);
        if (t >= 0) rg->changed |= bits_union(&rg->p->toks.items[t].contents, v);
    } else {
        rg_use(rg, v, use, RW_LOCAL, NULL, loc);
    }
}
/* The same for a tail call's: what is kept, the heap; what is returned, the caller's region;
 * what is used by the callee, after this frame is gone: what this procedure was given outlives
 * it anyway, only its own objects must. */
static void rg_tail_arg(Rg *rg, const Bits *v, uint8_t s, bool seen, const char *name, Loc loc) {
    if (s == SUM_GLOBAL)
        rg_use(rg, v, SC_HEAP, seen ? RW_KEPT : RW_UNKNOWN_CALL, seen ? xasprintf("passed to '%s', which keeps it", name ? name : "a procedure")
                                        : "passed to an unknown procedure", loc);
    else if (s == SUM_RESULT)
        rg_use(rg, v, SC_CALLER, RW_RETURNED, "passed in a tail call", loc);
    else
        BITS_EACH(v, t) {
            if (rg->p->toks.items[t].kind == TK_SITE)
                rg_need(rg, t, SC_CALLER, RW_RETURNED, "passed in a tail call", loc, -1);
        }
}

/* An argument v of a call (tail: a tail call's) whose callees' summary is sum and spine summary
 * spine: when they differ, its tops take the spine's and the rest the sum's (spines, rg_proc_new),
 * and a callee that keeps the elements and nothing of the spine asks for ELEMS mode. */
static void rg_pass_arg(Rg *rg, const Bits *v, uint8_t sum, uint8_t spine, bool tail, bool seen,
                        const char *name, int use, Bits *r, int t, Loc loc) {
    if (spine == sum) {
        if (tail) rg_tail_arg(rg, v, sum, seen, name, loc);
        else rg_call_arg(rg, v, sum, seen, name, use, r, t, loc);
        return;
    }
    if (sum == SUM_GLOBAL && spine == SUM_NONE) rg_demand_elems(rg, v);
    Bits top, rest;
    rg_split(rg, v, &top, &rest);
    rg_pass_arg(rg, &top, spine, spine, tail, seen, name, use, r, t, loc);
    rg_pass_arg(rg, &rest, sum, sum, tail, seen, name, use, r, t, loc);
    bits_free(&top);
    bits_free(&rest);
}

static bool rg_call_holds(const Rg *rg, const Ast *a);
static Bits rg_call(Rg *rg, Ast *a, Ctx c) {
    Proc *p = rg->p;
    Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
    size_t n = a->args.len;
    if (k && k->contified) {
        Lambda *outer = rg->carry_arg;
        if (rg->walking[k->id]) rg->carry_arg = k;   /* a back edge's arguments */
        Bits *v = rg_walk_args(rg, &a->args, c);
        rg->carry_arg = outer;
        int ls = rg->loop_scope[k->id];
        if (rg->walking[k->id]) {            /* a back edge: the loop variables carry values */
            int cs = rg_scope(p, ls)->parent;
            rg_next_iteration(rg, a, k, v, rg_scope(p, cs)->parent, cs, ls);
            rg_free_args(v, n);
            return (Bits){0};
        }
        /* the loop's entry: its carry region's parent is the youngest one alive here */
        if (!ls) ls = rg->loop_scope[k->id] = rg_add_scope(p, SC_LOOP, rg_add_scope(p, SC_CARRY, c.use, k), k);
        for (size_t i = 0; i < n && i < k->params.len; i++) {
            Var *pv = k->params.items[i];
            rg_use(rg, &v[i], c.use, RW_LOCAL, NULL, a->loc);
            if (pv->boxed) rg_use(rg, &v[i], SC_HEAP, RW_BOXED, "bound to a boxed loop variable", a->loc);
            else rg->changed |= bits_union(rg_varset(rg, pv), &v[i]);
        }
        rg_free_args(v, n);
        Chain ch = {.target = k, .entry_alloc = c.alloc, .next = c.chain, .live_next = c.live};
        Ctx bc = {.use = ls, .alloc = ls, .chain = &ch, .live = &ch, .ptail = c.ptail};
        rg->walking[k->id] = true;
        Bits r = rg_walk(rg, k->body, bc);   /* the values of the exits: the loop's value */
        rg->walking[k->id] = false;
        return r;
    }
    if (k && k == p->lam && c.ptail && !k->rest) {   /* self tail call: the next iteration */
        Bits *v = rg_walk_args(rg, &a->args, c);
        rg_next_iteration(rg, a, k, v, SC_LOCAL, -1, -1);
        rg_free_args(v, n);
        return (Bits){0};
    }
    Bits f = rg_walk(rg, a->fn, rg_nontail(c));
    Bits *v = rg_walk_args(rg, &a->args, c);
    /* an unknown callee that can only be some lambdas (infer.c): their summaries, joined */
    CallTarget ts[RG_MAX_TARGETS];
    int nt = k ? 1 : infer_call_targets(rg->prog, a, ts, RG_MAX_TARGETS);
    if (k) ts[0] = (CallTarget){k, NULL};
    bool seen = nt >= 1 && nt <= RG_MAX_TARGETS;
    for (int j = 0; seen && j < nt; j++) seen = !ts[j].lambda || !ts[j].lambda->contified || ts[j].lambda == k;
    /* another unit's procedure, called by its direct entry: its interface's summaries */
    Var *fv = a->fn->kind == AST_REF ? a->fn->var : NULL;
    const uint8_t *ext_sum = fv && fv->ext && fv->ext->direct && fv->ext->arg_sum &&
                                     (size_t)fv->ext->nreq == n ? fv->ext->arg_sum : NULL;
    const char *name = k && k->name ? k->name->name : NULL;
    bool gives_captured = !seen || rg_returns_captured(rg, ts, nt);
    if (seen) rg_call_stores(rg, ts, nt, v, n, name, a->loc);
    Bits r = {0};
    if (c.ptail) {   /* a tail call: everything must outlive this frame */
        /* The closure called: kept alive for the call, as an argument the callee returns
         * nothing of (rg_tail_arg: a closure made here goes to the caller's region; a
         * parameter's or free variable's outlives this frame anyway, and is not summarised as
         * returned, which made every procedure ending in a call of a constructor it captured
         * "return what it captured": ecraven gcbench's make-empty-node); and what it captured,
         * when its code may return that. -fno-tail-closures: the closure as returned. */
        if (!rg->tail_closures) rg_use(rg, &f, SC_CALLER, RW_RETURNED, "called in tail position", a->loc);
        BITS_EACH(&f, t)
            if (p->toks.items[t].kind == TK_SITE) rg_need(rg, t, SC_CALLER, RW_RETURNED, "called in tail position", a->loc, -1);
        if (gives_captured) {
            Bits cap = rg_captured_returned(rg, &f);
            rg_use(rg, &cap, SC_CALLER, RW_RETURNED, "called in tail position", a->loc);
            bits_free(&cap);
        }
        rg_mark_tail_passed(rg, &f);
        for (size_t i = 0; i < n; i++) rg_mark_tail_passed(rg, &v[i]);
        if (p->lam && !rg->ret_else[p->lam->id] && (!seen || rg_returns_else(rg, ts, nt)))
            rg->ret_else[p->lam->id] = rg->sum_changed = true;   /* its result is the callee's */
        bool known = false;   /* it is given this call's region */
        for (size_t i = 0; i < p->tail_calls.len && !known; i++) known = p->tail_calls.items[i] == a;
        if (!known) vec_push(&p->tail_calls, a);
        for (size_t i = 0; i < n; i++) {
            uint8_t sum = seen ? rg_args_summary(rg, ts, nt, i, n) : ext_sum ? ext_sum[i] : SUM_GLOBAL;
            uint8_t spine = seen && rg->spines ? rg_args_spine(rg, ts, nt, i, n) : sum;
            rg_pass_arg(rg, &v[i], sum, spine, true, seen, name, 0, NULL, -1, a->loc);
        }
    } else {
        rg_use(rg, &f, c.use, RW_LOCAL, NULL, a->loc);
        int t = rg_site(rg, a, name ? xasprintf("result of '%s'", name) : "result of a call", c.alloc);
        /* a callee that allocates nothing in its region returns only what its summaries say */
        bool inert = seen && !gives_captured && rg_targets_alloc_free(rg, ts, nt) && !rg_returns_else(rg, ts, nt);
        if (!inert) bits_add(&r, t);
        /* the result may be what the closure captured: the closure outlives the result */
        if (gives_captured) {
            Bits cap = rg_captured_returned(rg, &f);
            rg->changed |= bits_union(&p->toks.items[t].contents, &cap);
            bits_free(&cap);
        }
        /* what the callee makes in the call's region may hold the arguments it summarises as
         * RESULT, whatever its result is (a closure it passes on in a tail call): the call's
         * token holds them (its contents) even when its result is no object (a boolean, the
         * unspecified value); not yet when it is a number (the bignum rule's calls: doing so
         * sent benchmarks/destruct's list to the heap through checksum's summary) */
        Type rt = infer_type(a);
        bool holds = !inert && (rg_type_holds_refs(rt) || (rg_type_unallocated(rt) && !(rt & TY_NUM)) ||
                                (rg->holds_known && rg_call_holds(rg, a)));
        for (size_t i = 0; i < n; i++) {
            uint8_t s = seen ? rg_args_summary(rg, ts, nt, i, n) : ext_sum ? ext_sum[i] : SUM_GLOBAL;
            uint8_t spine = seen && rg->spines ? rg_args_spine(rg, ts, nt, i, n) : s;
            rg_pass_arg(rg, &v[i], s, spine, false, seen, name, c.use, &r, holds ? t : -1, a->loc);
        }
        /* a callee storing objects of its region into argument j's (stores into parameters):
         * that region must die with them, as what is stored into them does */
        uint64_t sr = 0;
        for (int j = 0; seen && rg->store_rr && j < nt; j++)
            if (ts[j].lambda) sr |= rg->store_rr[ts[j].lambda->id];
        for (size_t j = 0; j < n && j < 64; j++) {
            if (!(sr >> j & 1)) continue;
            Bits into = rg_reach(rg, &v[j]), x = {0};
            BITS_EACH(&into, q) {   /* no store writes into a procedure (one may be among the contents);
                                     * what a closure captured (its token's parts) may be written:
                                     * a store into what calling it returned (--check-regions
                                     * found one, tests/run/region-stores-into-arguments) */
                Type ty = p->toks.items[q].type;
                if (ty != 0 && !(ty & ~TY_PROC)) bits_del(&into, q);
            }
            bits_add(&x, t);
            rg_store(rg, &into, &x, xasprintf("the region given to '%s', which stores into its argument %zu",
                                               name ? name : "a procedure", j + 1), a->loc);
            bits_free(&into);
            bits_free(&x);
        }
        if (rg_type_unallocated(infer_type(a))) bits_free(&r);
        rg_filter(rg, &r, infer_type(a));
    }
    bits_free(&f);
    rg_free_args(v, n);
    return r;
}

/* Stores into parameters (MLKit's region parameters, for one region). A procedure that stores
 * objects it makes into the objects of its parameter j (Populate building a tree top down:
 * (node-left-set! node (make-node ...)), a helper filling a vector it is given) would have to
 * send them to the heap: the objects it was given may live anywhere. Instead its callers give it,
 * as its caller's region, a region that every object reachable from argument j dies with (no
 * older than them): the call's result token is stored into argument j's objects at each call
 * (rg_call), so it lives as long as they do, in their region or an older one, and the procedure
 * puts what it stores there in its caller's region (Rg.store_rr, bit j). Only for procedures
 * whose every call is such a call: not escaping (no unknown caller), not the target of a tail
 * call (which passes on its own region, not one chosen for the arguments), not contified. */
static bool rg_store_rr_ok(const Rg *rg, const Proc *p) {
    const Lambda *l = p->lam;
    return rg->store_rr_on && l && !l->escapes && !l->contified && !rg->tail_called[l->id] && l->params.len <= 64;
}

/* Whether a token's objects may be containers, something stored into (no number is). */
static bool rg_tok_container(const Tok *k) {
    return k->type == 0 || rg_type_holds_refs(k->type);
}

/* Objects x (closed under contents) are stored into the objects `into` (a mutator's, or a call's
 * whose callee is summarised INTO). What is stored must outlive the containers it goes into:
 * nothing to do when it is already part of them (a vector's element moved within it); when they
 * are all objects of this procedure's sites, it becomes their contents (the placing of contents
 * in rg_analyse does the rest; the container rule may place it with them); when some are this
 * procedure's parameters' objects, its own parameters stored there are summarised INTO them,
 * and anything else goes to the heap; otherwise (a global's object, a call's result: unknown)
 * it goes to the heap. */
static void rg_store(Rg *rg, const Bits *into, const Bits *x, const char *why, Loc loc) {
    Proc *p = rg->p;
    /* no object known yet: an unknown one (a global's), once the sets have settled. A call's
     * result is not only what the callee made in this region: it may be any object the callee
     * reaches (a global's, ecraven's browse: (set-cdr! (lookup k *props*) ..)) */
    bool local = bits_next(into, 0) >= 0 || !rg->settled;
    uint64_t params = 0;
    BITS_EACH(into, t) {
        const Tok *k = &p->toks.items[t];
        if (rg->container && k->kind == TK_PARAM && k->index < 64) {
            if (rg_tok_container(k)) params |= (uint64_t)1 << k->index;
        }
        else if (k->kind != TK_SITE && k->kind != TK_REST) local = false;
        else if (k->kind == TK_SITE && k->site->kind == AST_CALL && !rg_call_fresh(rg, k->site)) local = false;
    }
    /* inside: x reachable from the objects of every token it goes into (reachable from one
     * only says that x outlives that one's objects, not the others'); no token to go into is
     * an unknown object (above), which x is not known to be inside of */
    bool inside = bits_next(x, 0) < 0 || bits_next(into, 0) >= 0;
    BITS_EACH(into, q) {
        if (!inside) break;
        if (!rg_tok_container(&p->toks.items[q])) continue;   /* nothing is stored into a number */
        Bits one = {0};
        bits_add(&one, q);
        Bits whole = rg_reach(rg, &one);
        BITS_EACH(x, t) if (!bits_has(&whole, t)) inside = false;
        bits_free(&whole);
        bits_free(&one);
    }
    if (!local) {
        if (!inside) rg_use(rg, x, SC_HEAP, RW_STORED, why, loc);
        return;
    }
    BITS_EACH(x, t) {   /* (also when already inside: which walk adds them there is an accident) */
        Tok *k = &p->toks.items[t];
        if (rg->container && k->kind == TK_SITE && !k->stored) k->stored = rg->changed = true;
    }
    if (inside) return;
    BITS_EACH(into, t)
        if (p->toks.items[t].kind != TK_PARAM) rg->changed |= bits_union(&p->toks.items[t].contents, x);
    BITS_EACH(x, t) {
        Tok *k = &p->toks.items[t];
        if (!params) continue;
        if (k->kind == TK_PARAM && k->index < 64) {
            if (params & ~k->into) {
                k->into |= params;
                rg->changed = true;
            }
        } else if (k->kind == TK_SITE && rg_store_rr_ok(rg, p)) {   /* (stores into parameters) */
            rg_need(rg, t, SC_CALLER, RW_STORED, xasprintf("%s into an object its procedure was given, whose "
                                                           "callers give it a region that object dies with", why), loc, -1);
            if (params & ~rg->store_rr[p->lam->id]) {
                rg->store_rr[p->lam->id] |= params;
                rg->sum_changed = true;
            }
        } else {
            rg_need(rg, t, SC_HEAP, RW_STORED, xasprintf("%s into an object its procedure was given", why), loc, -1);
        }
    }
}

/* A call whose callee (one of ts[0..nt)) may store argument i into the objects of argument j
 * (the INTO summary, by the callee's own stores or its callees'): the same as a store here. */
static void rg_call_stores(Rg *rg, const CallTarget *ts, int nt, Bits *v, size_t n, const char *name, Loc loc) {
    if (!rg->container) return;
    for (size_t i = 0; i < n; i++) {
        uint64_t m = 0;
        for (int k = 0; k < nt; k++)
            if (ts[k].lambda && i < ts[k].lambda->params.len) m |= rg->param_into[ts[k].lambda->id][i];
        if (!m) continue;
        Bits x = rg_reach(rg, &v[i]);
        for (size_t j = 0; j < n && j < 64; j++) {
            if (!(m >> j & 1)) continue;
            Bits into = rg_reach(rg, &v[j]);
            rg_store(rg, &into, &x, xasprintf("stored by '%s' into its argument %zu", name ? name : "a procedure", j + 1), loc);
            bits_free(&into);
        }
        bits_free(&x);
    }
}

static bool rg_f64_ref(const Ast *a);

/* The primitive f of (apply f ...), when f is a global naming one that the program neither
 * defines nor assigns; NULL otherwise. */
static const Prim *rg_applied_prim(const Ast *a) {
    if (a->prim->id != PRIM_apply || a->args.len < 2) return NULL;
    const Ast *f = a->args.items[0];
    if (f->kind != AST_REF || !f->var->global || f->var->defined || f->var->nsets != 0 || f->var->ext) return NULL;
    return f->var->prim;
}

/* What an argument v of apply hands to the procedure it calls: all v reaches; but of its list
 * (last), whose pairs the runtime reads and keeps none of (call.c, rt_apply_spread), only the
 * elements (spines, rg_proc_new): its tops are used here (use), or, in a tail call (use < 0),
 * made to outlive the frame. */
static Bits rg_apply_list(Rg *rg, const Bits *v, bool last, int use, Loc loc) {
    if (!last || !rg->spines) return rg_reach(rg, v);
    rg_demand_elems(rg, v);
    Bits top, rest;
    rg_split(rg, v, &top, &rest);
    if (use >= 0) rg_use(rg, &top, use, RW_LOCAL, NULL, loc);
    else rg_tail_arg(rg, &top, SUM_NONE, true, "apply", loc);
    Bits x = rg_reach(rg, &rest);
    bits_free(&top);
    bits_free(&rest);
    return x;
}

static Bits rg_primcall(Rg *rg, Ast *a, Ctx c) {
    Proc *p = rg->p;
    const Prim *pr = a->prim;
    size_t n = a->args.len;
    Bits *v = rg_walk_args(rg, &a->args, c);
    PrimClass pc = rg_prim_class(pr, n);
    /* flonum vectors (infer.c): a store copies a double, a read makes a new flonum box; boolean
     * vectors: a store copies a byte */
    if ((pr->id == PRIM_vector_set_x && n == 3 && (a->args.items[0]->flovec || a->args.items[0]->boolvec)) || rg_f64_ref(a))
        pc = PC_NONE;
    /* A promise's thunk is called by force with the collected heap as its region (control.c,
     * whose promise keeps the value): when its result may hold what the thunk captured, what it
     * captured must be there too, as for a closure a primitive keeps. (delay-force (delay (f x)))
     * made a closure of the heap holding x of a region: R4 broken, found by --check-regions.) */
    if ((pr->flags & RT_PF_LATER) && n == 1 &&
        a->args.items[0]->kind == AST_LAMBDA) {
        CallTarget ft = {a->args.items[0]->lambda, NULL};
        if (rg_returns_captured(rg, &ft, 1)) pc = PC_ESCAPE;
    }
    Bits r = {0};
    /* (apply f a ... lst) where f names a primitive the program does not redefine, one that
     * calls no procedure: f's call, with the elements of lst for arguments. The runtime keeps
     * none of lst's pairs (call.c, rt_apply_spread: a primitive gets the elements; a rest
     * list is made afresh), so what f's effect class says of its arguments holds of a, ... and
     * lst and all they reach (their contents, elements included); its result is made in the
     * region the apply site is given, or, in tail position, f returns it into the caller's
     * ((apply string-append parts): benchmarks/strings sent 22 MiB of strings to the heap). */
    const Prim *fp = rg->apply_prims ? rg_applied_prim(a) : NULL;
    PrimClass fc = fp ? rg_prim_class(fp, 0) : PC_HIGHER;
    bool tail = c.ptail && p->lam;   /* a tail call (at the top level apply returns) */
    if (fp && (fc == PC_NONE || fc == PC_CTOR || fc == PC_PART)) {
        int t = tail ? -1 : rg_site(rg, a, pr->name, c.alloc);
        for (size_t i = 1; i < n; i++) {
            Bits x = rg_reach(rg, &v[i]);
            if (tail) {   /* f runs after this frame is gone, and returns into rr */
                rg_use(rg, &x, SC_CALLER, RW_RETURNED, xasprintf("passed to '%s' by apply in tail position", fp->name), a->loc);
            } else {
                rg_use(rg, &x, c.use, RW_LOCAL, NULL, a->loc);
                if (fc == PC_PART) bits_union(&r, &x);
                if (fc == PC_CTOR || (fc == PC_PART && (fp->flags & RT_PF_ALLOC)))
                    rg->changed |= bits_union(&p->toks.items[t].contents, &x);
            }
            bits_free(&x);
        }
        rg_free_args(v, n);
        if (tail) return r;
        bits_add(&r, t);
        if (rg_type_unallocated(infer_type(a))) bits_free(&r);
        rg_filter(rg, &r, infer_type(a));
        return rg_result(rg, r, c, a->loc);
    }
    if (c.ptail && prims_higher_order(pr, n)) p->tail_unknown = true;   /* (tail cycles, below) */
    if (pr->id == PRIM_apply && c.ptail && p->lam && n >= 2) {   /* a tail call */
        for (size_t i = 0; i < n; i++) {
            Bits x = rg_apply_list(rg, &v[i], i + 1 == n, -1, a->loc);
            rg_use(rg, &x, SC_HEAP, RW_UNKNOWN_CALL, "passed to apply", a->loc);
            bits_free(&x);
        }
        rg_free_args(v, n);
        return r;
    }
    if (rg_own_key(pr) && n >= 2) {   /* the table keeps a copy of its fresh key (table keys, above) */
        rg_use(rg, &v[1], c.use, RW_LOCAL, NULL, a->loc);
        bits_free(&v[1]);
    }
    int t = rg_site(rg, a, a->ffi ? xasprintf("foreign call of %s", a->ffi->cname) : pr->name, c.alloc);
    if ((pr->flags & RT_PF_ALLOC) || pc == PC_HIGHER || rg_f64_ref(a)) bits_add(&r, t);
    /* a promise of a thunk that may return an object it was not given (a global's, one made in
     * the heap, where force runs it: Rg.ret_else): what force returns of it is from elsewhere
     * ((set-car! (if c loc (force (delay g))) x) put x in loc's region) */
    if ((pr->flags & RT_PF_LATER) && n == 1 &&
        (a->args.items[0]->kind != AST_LAMBDA || rg->ret_else[a->args.items[0]->lambda->id])) {
        int e = rg_elsewhere_tok(p);
        if (!bits_has(&p->toks.items[t].contents, e)) {
            bits_add(&p->toks.items[t].contents, e);
            rg->changed = true;
        }
    }
    Lambda *f = rg_mapped(a);
    if (f) {   /* map or for-each of a known procedure: rt_call(rr, ...) on the elements */
        rg_use(rg, &v[0], c.use, RW_LOCAL, NULL, a->loc);
        CallTarget ft = {f, NULL};
        if (pr->id == PRIM_map && rg_returns_captured(rg, &ft, 1))   /* its results: the list's elements */
            rg->changed |= bits_union(&p->toks.items[t].contents, &v[0]);
        for (size_t i = 1; i < n; i++) {
            Bits x = rg_reach(rg, &v[i]);
            uint8_t sum = rg_arg_summary(rg, f, i - 1);
            if (i - 1 < f->params.len && rg->param_into[f->id][i - 1]) sum = SUM_GLOBAL;   /* stored into another list's elements */
            if (sum == SUM_GLOBAL)
                rg_use(rg, &x, SC_HEAP, RW_KEPT, xasprintf("passed by '%s' to %s, which keeps it", pr->name,
                                                  f->name ? xasprintf("'%s'", f->name->name) : "a procedure"), a->loc);
            else if (sum == SUM_RESULT && pr->id == PRIM_map)
                rg->changed |= bits_union(&p->toks.items[t].contents, &x);
            else
                rg_use(rg, &x, c.use, RW_LOCAL, NULL, a->loc);
            bits_free(&x);
        }
        rg_free_args(v, n);
        if (rg_type_unallocated(infer_type(a))) bits_free(&r);
        return rg_result(rg, r, c, a->loc);
    }
    switch (pc) {
    case PC_HIGHER:
    case PC_ESCAPE: {
        const char *why = pc == PC_HIGHER
            ? xasprintf("passed to '%s', which calls procedures with its arguments", pr->name)
            : xasprintf("passed to '%s'", pr->name);
        for (size_t i = 0; i < n; i++) {
            Bits x = rg_apply_list(rg, &v[i], pr->id == PRIM_apply && i + 1 == n, c.use, a->loc);
            rg_use(rg, &x, SC_HEAP, pc == PC_HIGHER ? RW_HIGHER_ORDER : RW_ESCAPE_PRIM, why, a->loc);
            bits_free(&x);
        }
        if (pc == PC_HIGHER) rg_need(rg, t, SC_HEAP, RW_HIGHER_ORDER, xasprintf("made by '%s', which calls procedures", pr->name), a->loc, -1);
        break;
    }
    case PC_MUTATOR: {
        /* Stores arguments 1.. (those prims.def types as able to hold an object: not indices)
         * into the object argument 0 is (list-set!: a pair of the list): rg_store. */
        if (n > 0) rg_use(rg, &v[0], c.use, RW_LOCAL, NULL, a->loc);
        Bits into = n > 0 ? (pr->id == PRIM_list_set_x ? rg_reach(rg, &v[0]) : bits_copy(&v[0])) : (Bits){0};
        for (size_t i = 1; i < n; i++) {
            Bits x = rg_reach(rg, &v[i]);
            bits_union(&r, &x);
            if (!rg_type_unallocated(prims_arg_type(pr, i)))   /* not an index */
                rg_store(rg, &into, &x, xasprintf("stored by '%s'", pr->name), a->loc);
            bits_free(&x);
            if (rg_elems_mode(rg) && (pr->id == PRIM_set_car_x || pr->id == PRIM_set_cdr_x || pr->id == PRIM_list_set_x))
                rg_elems_heap(rg, &v[i], pr->id == PRIM_set_cdr_x, a->loc);
        }
        bits_free(&into);
        if (n > 0) {
            Bits x = rg_reach(rg, &v[0]);
            bits_union(&r, &x);
            bits_free(&x);
        }
        break;
    }
    case PC_NONE:
        for (size_t i = 0; i < n; i++) rg_use(rg, &v[i], c.use, RW_LOCAL, NULL, a->loc);
        break;
    case PC_CTOR:
        for (size_t i = 0; i < n; i++) {
            rg_use(rg, &v[i], c.use, RW_LOCAL, NULL, a->loc);
            rg->changed |= bits_union(&p->toks.items[t].contents, &v[i]);
            if (rg_elems_mode(rg) && (pr->id == PRIM_cons || pr->id == PRIM_list))   /* its car, its items */
                rg_elems_heap(rg, &v[i], pr->id == PRIM_cons && i == 1, a->loc);
        }
        break;
    case PC_PART:
        for (size_t i = 0; i < n; i++) {
            rg_use(rg, &v[i], c.use, RW_LOCAL, NULL, a->loc);
            if ((pr->flags & RT_PF_ALLOC) && rg_type_holds_refs(infer_type(a)))
                rg->changed |= bits_union(&p->toks.items[t].contents, &v[i]);
            bool spine = pr->flags & (RT_PF_TAIL | RT_PF_ELEM);   /* a part of argument 0 only */
            if (spine && i > 0) continue;   /* (list-ref's index, %record-ref's record type) */
            Bits x = spine ? rg_part(rg, &v[0], pr->flags & RT_PF_ELEM) : rg_reach(rg, &v[i]);
            bits_union(&r, &x);
            bits_free(&x);
        }
        break;
    }
    rg_free_args(v, n);
    if (rg_type_unallocated(infer_type(a))) bits_free(&r);
    rg_filter(rg, &r, infer_type(a));
    return rg_result(rg, r, c, a->loc);
}

static Bits rg_lambda(Rg *rg, Ast *a, Ctx c) {
    Lambda *l = a->lambda;
    if (l->contified || l->free.len == 0) return rg_result(rg, (Bits){0}, c, a->loc);
    Proc *p = rg->p;
    int t = rg_site(rg, a, l->name ? xasprintf("closure '%s'", l->name->name) : "closure", c.alloc);
    for (size_t j = 0; j < l->free.len; j++) {
        Var *fv = l->free.items[j];
        rg_carry_read(rg, fv, c);
        Bits x = rg_var_value(rg, fv);
        rg_use(rg, &x, c.use, RW_LOCAL, NULL, a->loc);
        rg->changed |= bits_union(&p->toks.items[t].contents, &x);
        /* returned by the closure (SUM_RESULT): its calls keep the closure as long as their
         * results (rg_call), and the value lives as long as the closure (its contents) */
        if (rg->free_sum[l->id][j] == SUM_GLOBAL) {
            Bits top = {0}, rest = {0};   /* the closure keeps only its parts (spines, rg_proc_new) */
            if (rg->spines && rg->free_spine[l->id][j] < SUM_GLOBAL) rg_split(rg, &x, &top, &rest);
            else rest = bits_copy(&x);
            rg_use(rg, &rest, SC_HEAP, RW_CAPTURED, xasprintf("captured by %s, which keeps '%s'",
                                                 p->toks.items[t].what, fv->name->name), a->loc);
            bits_free(&top);
            bits_free(&rest);
        }
        bits_free(&x);
    }
    return rg_result(rg, rg_one(t), c, a->loc);
}

/* An if in tail position of loops: a branch that cannot reach a back edge of the innermost
 * one runs once per entry of that loop, so it allocates where the loop was entered. */
static Ctx rg_branch_ctx(Rg *rg, Ast *branch, Ctx c) {
    while (c.chain && !rg_back_edge(branch, c.chain->target)) {
        c.alloc = c.chain->entry_alloc;
        c.live = c.chain->live_next;
        c.chain = c.chain->next;
    }
    return c;
}

static Bits rg_walk(Rg *rg, Ast *a, Ctx c) {
    switch (a->kind) {
    case AST_CONST: return (Bits){0};
    case AST_REF: {
        Var *v = a->var;
        rg_carry_read(rg, v, c);
        Bits r = rg_var_value(rg, v);
        if (!v->global && infer_var_unboxed(v))   /* emit.c boxes the C double here */
            bits_add(&r, rg_site(rg, a, "flonum", c.alloc));
        rg_use(rg, &r, c.use, RW_LOCAL, NULL, a->loc);
        return rg_result(rg, r, c, a->loc);
    }
    case AST_SET: {
        Var *v = a->var;
        Bits x = rg_walk(rg, a->value, rg_nontail(c));
        if (v->global) {
            if (a->is_define && v->ndefs == 1 && v->nsets == 0 && !rg->p->lam)
                rg_use(rg, &x, SC_CALLER, RW_GLOBAL, xasprintf("the value of global '%s'", v->name->name), a->loc);
            else
                rg_use(rg, &x, SC_HEAP, RW_GLOBAL, xasprintf("assigned to global '%s'", v->name->name), a->loc);
        } else {
            rg_use(rg, &x, SC_HEAP, RW_SET, xasprintf("assigned to '%s' by set!", v->name->name), a->loc);
            if (!v->boxed) rg->changed |= bits_union(rg_varset(rg, v), &x);
        }
        bits_free(&x);
        return rg_result(rg, (Bits){0}, c, a->loc);
    }
    case AST_IF: {
        Bits t = rg_walk(rg, a->test, rg_nontail(c));
        bits_free(&t);
        Bits r = rg_walk(rg, a->then, rg_branch_ctx(rg, a->then, c));
        Bits e = rg_walk(rg, a->els, rg_branch_ctx(rg, a->els, c));
        bits_union(&r, &e);
        bits_free(&e);
        return r;
    }
    case AST_LAMBDA: return rg_lambda(rg, a, c);
    case AST_SEQ:
        for (size_t i = 0; i + 1 < a->items.len; i++) {
            Bits x = rg_walk(rg, a->items.items[i], rg_nontail(c));
            bits_free(&x);
        }
        return rg_walk(rg, a->items.items[a->items.len - 1], c);
    case AST_CALL: return rg_result(rg, rg_call(rg, a, c), c, a->loc);
    case AST_PRIMCALL: return rg_primcall(rg, a, c);
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            Ast *init = a->inits.items[i];
            if (init->kind == AST_LAMBDA && init->lambda->contified) continue;
            if (rg_static_var(v)) continue;
            Bits x = rg_walk(rg, init, rg_nontail(c));
            if (v->boxed) rg_use(rg, &x, SC_HEAP, RW_BOXED, xasprintf("bound to '%s', which is assigned and captured", v->name->name), a->loc);
            else rg->changed |= bits_union(rg_varset(rg, v), &x);
            bits_free(&x);
        }
        return rg_walk(rg, a->body, c);
    }
    return (Bits){0};
}

/* ---- one procedure ----------------------------------------------------------------------- */
/* Spines. A parameter's or free variable's token stood for its objects and all they reach, so
 * a procedure that keeps the elements of a list it is given kept the list: an interpreter's
 * `ap`, which spreads its argument list with apply and copies its elements into a frame, kept
 * every argument list its `ev` made (benchmarks/interp: 161 MB of pairs in the heap). Now each
 * such token of a value that may hold references has a PARTS token (its contents): what its
 * objects' parts are, the elements of a list, the values a closure captured. car and the c[ad]r
 * with an a (RT_PF_ELEM) of the own token give the parts, cdr and list-tail (RT_PF_TAIL) the
 * own token again (a list's spine is its own: its pairs after the first are as much the
 * caller's object as the first), other accessors both. The own token's summary is the SPINE
 * summary (Rg.param_spine, free_spine: what happens to the objects themselves), the join of both
 * is the summary as before (param_sum: what happens to all they reach). A caller splits an
 * argument's value (rg_split): its TOPS, the tokens of one object each or of a list's spine (a
 * site that is no call, a rest list, an own token, the result of a procedure that puts its
 * result's elements in the heap), take the spine summary; their contents and every other token
 * (a call's result: its callee's region holds the list and its elements alike) take the join.
 * Sound: a top token's objects are the callee's parameter's objects, whose summary is its
 * spine's, and everything they reach other than the spine is in their contents.
 * A procedure called by name whose caller keeps the elements of the list it returns and only
 * reads the list (ELEMS mode, Rg.elems_heap, rg_demand_elems: the prelude's map making an
 * argument list) puts what it makes for the elements in the heap: what goes into a returned
 * pair's car, or its cdr when it is neither a pair it makes nor a result of the mode
 * (rg_elems_heap); its callers then split its result as a top. A call so sent to the heap is evacuated (rg_evacuated): its garbage is not the heap's.
 * -fno-spines: no parts tokens, no elems mode. */
static void rg_add_parts(Rg *rg, Proc *p, int t, const char *what) {
    Tok *k = &p->toks.items[t];
    if (!rg->spines || !rg_type_holds_refs(k->type) || k->need == SC_HEAP) return;
    Tok e = {.kind = k->kind, .index = k->index, .need = -1, .type = TY_ANY, .is_parts = true,
             .what = xasprintf("%s %s", what, k->what)};
    int pt = rg_add_tok(p, e);
    p->toks.items[t].parts = pt + 1;
    bits_add(&p->toks.items[t].contents, pt);
}
static Proc *rg_proc_new(Rg *rg, Lambda *l, Ast *body) {
    Proc *p = xcalloc(1, sizeof *p);
    p->lam = l;
    p->body = body;
    rg_add_scope(p, SC_HEAP, -1, NULL);
    rg_add_scope(p, SC_CALLER, SC_HEAP, NULL);
    rg_add_scope(p, SC_LOCAL, SC_CALLER, NULL);
    /* self tail calls are compiled as `goto top` (not with a rest list): an iteration */
    p->self_scope = l && !l->rest && rg_back_edge(l->body, l) ? rg_add_scope(p, SC_SELF, SC_LOCAL, l) : -1;
    p->rest_tok = -1;
    p->elsewhere_tok = -1;
    rg->p = p;
    if (l) {
        for (size_t i = 0; i < l->params.len; i++) {
            int t = rg_add_tok(p, (Tok){.kind = TK_PARAM, .index = (int)i, .need = -1,
                                        .what = l->params.items[i]->name->name,
                                        .type = infer_var_type(l->params.items[i])});
            if (!l->params.items[i]->boxed) bits_add(rg_varset(rg, l->params.items[i]), t);
            else rg_need(rg, t, SC_HEAP, RW_BOXED, "stored in the box of an assigned, captured parameter", l->loc, -1);
            rg_add_parts(rg, p, t, "the elements of");
        }
        if (l->rest) {
            int e = rg_add_tok(p, (Tok){.kind = TK_REST_ELEMS, .need = -1, .what = "rest arguments",
                                        .type = TY_ANY});
            int t = rg_add_tok(p, (Tok){.kind = TK_REST, .alloc = SC_CALLER, .need = SC_CALLER,
                                        .what = "rest list", .type = TY_PAIR});
            bits_add(&p->toks.items[t].contents, e);
            p->rest_tok = t;
            if (!l->rest->boxed) bits_add(rg_varset(rg, l->rest), t);
            else rg_need(rg, t, SC_HEAP, RW_BOXED, "stored in the box of an assigned, captured parameter", l->loc, -1);
        }
        for (size_t j = 0; j < l->free.len; j++)
            rg_add_parts(rg, p, rg_add_tok(p, (Tok){.kind = TK_FREE, .index = (int)j, .need = -1,
                                                   .what = l->free.items[j]->name->name,
                                                   .type = infer_var_type(l->free.items[j])}), "the parts of");
    }
    return p;
}

static uint8_t rg_summary_of(const Tok *k) {
    if (k->need == SC_HEAP) return SUM_GLOBAL;
    if (k->need == SC_CALLER) return SUM_RESULT;
    return SUM_NONE;
}

static void rg_set_summary(Rg *rg, uint8_t *slot, uint8_t s) {
    if (s > *slot) {
        *slot = s;
        rg->sum_changed = true;
    }
}

/* Tail cycles. The calls of a cycle of tail calls through several procedures (a loop written
 * as mutual recursion, a state machine, an interpreter's eval and apply, continuation-passing
 * code) all share one caller's region: each tail call hands on the region it was given. What
 * a procedure of the cycle makes for that region (its tail calls' arguments, its rest list)
 * accumulates there for as long as the cycle runs, one round's worth per round, although a
 * round's objects are usually garbage by the next: a loop that would run in constant memory
 * in any collected Scheme grows without bound. (A self tail call is a jump with an iteration
 * region, and is no part of this.) So the entry of such a procedure, when it allocates in its
 * caller's region (Lambda.rr_soft), gives that region a budget of its own (rt_region_mark_tail:
 * RT_REGION_TAIL_SOFT, not the 1 GiB every region has): past it the region allocates in the
 * collected heap, which reclaims what the rounds drop. Sound as any region's budget is (region.c):
 * what goes to the heap instead is unused once the region is released, and the collector scans
 * the region while it lives. A mark per call, not a test per allocation: at each allocation
 * (rt_region_soft) it made benchmarks/cpstak 1.5x slower.
 * The cycles are the strongly connected components of the graph of tail calls (Tarjan): an
 * edge from each procedure to the lambdas its tail calls may enter, and, for a tail call
 * inference cannot follow or a primitive that calls procedures in tail position, to a node
 * standing for every lambda that escapes. */
typedef struct RgScc {
    Rg *rg;
    size_t *node;         /* by lambda id: its Proc's index in rg->procs, or `any` (none:
                             contified lambdas) */
    int *index, *low;     /* by node: Tarjan's numbers (0: not visited) */
    int *stack, sp, next;
    bool *on;
    size_t any;           /* the node of every escaping lambda */
} RgScc;
static void rg_scc_visit(RgScc *g, size_t v);
static void rg_scc_edge(RgScc *g, size_t v, size_t w) {
    if (!g->index[w]) {
        rg_scc_visit(g, w);
        if (g->low[w] < g->low[v]) g->low[v] = g->low[w];
    } else if (g->on[w] && g->index[w] < g->low[v]) {
        g->low[v] = g->index[w];
    }
}
static void rg_scc_visit(RgScc *g, size_t v) {
    Rg *rg = g->rg;
    g->index[v] = g->low[v] = ++g->next;
    g->stack[g->sp++] = (int)v;
    g->on[v] = true;
    bool self = false;
    if (v == g->any) {
        for (size_t i = 0; i < rg->procs.len; i++) {
            Lambda *l = rg->procs.items[i]->lam;
            if (l && l->escapes) rg_scc_edge(g, v, i);
        }
    } else {
        Proc *p = rg->procs.items[v];
        if (p->tail_unknown) rg_scc_edge(g, v, g->any);
        for (size_t i = 0; i < p->tail_calls.len; i++) {
            CallTarget ts[RG_MAX_TARGETS];
            int nt;
            if (!rg_call_targets(rg, p->tail_calls.items[i], ts, &nt)) {
                rg_scc_edge(g, v, g->any);
                continue;
            }
            for (int j = 0; j < nt; j++) {
                const Lambda *l = ts[j].lambda;
                if (!l) {   /* a primitive: one that calls procedures may enter any */
                    if (prims_higher_order(ts[j].prim, p->tail_calls.items[i]->args.len)) rg_scc_edge(g, v, g->any);
                    continue;
                }
                size_t w = g->node[l->id];
                if (w == g->any) continue;
                self |= w == v;
                rg_scc_edge(g, v, w);
            }
        }
    }
    if (g->low[v] != g->index[v]) return;
    size_t first = (size_t)g->sp;
    do first--; while ((size_t)g->stack[first] != v);
    bool cycle = self || (size_t)g->sp - first > 1;
    for (size_t i = first; i < (size_t)g->sp; i++) {
        size_t w = (size_t)g->stack[i];
        g->on[w] = false;
        if (cycle && w != g->any) rg->tail_cyclic[rg->procs.items[w]->lam->id] = true;
    }
    g->sp = (int)first;
}
/* Procs are nodes by their index in rg->procs (the top level, last, is never called). */
static void rg_tail_cycles(Rg *rg) {
    size_t n = rg->procs.len + 1;
    RgScc g = {.rg = rg, .any = rg->procs.len};
    g.node = xcalloc(rg->nlambdas, sizeof *g.node);
    for (size_t i = 0; i < rg->nlambdas; i++) g.node[i] = g.any;
    for (size_t i = 0; i < rg->procs.len; i++)
        if (rg->procs.items[i]->lam) g.node[rg->procs.items[i]->lam->id] = i;
    g.index = xcalloc(n, sizeof *g.index);
    g.low = xcalloc(n, sizeof *g.low);
    g.stack = xcalloc(n, sizeof *g.stack);
    g.on = xcalloc(n, sizeof *g.on);
    for (size_t v = 0; v < n; v++)
        if (!g.index[v] && (v == g.any || rg->procs.items[v]->lam)) rg_scc_visit(&g, v);
    free(g.node);
    free(g.index);
    free(g.low);
    free(g.stack);
    free(g.on);
}

/* Whether p may put into its caller's region objects that are not part of its result, without
 * bound: p is on a cycle of tail calls (through other procedures: a self tail call is a jump,
 * whose arguments do not go to the caller's region) on which it passes objects it makes
 * (continuation-passing code: each step adds a closure that dies when the next is called), or
 * it gives its region to a call that may (a tail call, or a call whose result it returns), or
 * to one inference cannot follow. A bounded amount (one tail call's argument) is no more than
 * any caller's region holds. rr_dirty is the least fixpoint of this over the program. */
static bool rg_proc_dirty(Rg *rg, Proc *p) {
    bool passes = false;
    for (size_t t = 0; t < p->toks.len; t++) {
        const Tok *k = &p->toks.items[t];
        if (k->kind != TK_SITE || rg_place(rg, p, k) != SC_CALLER) continue;
        if (rg_call_dirty(rg, k->site)) return true;
        passes |= k->tail_passed;
    }
    for (size_t i = 0; i < p->tail_calls.len; i++)
        if (rg_call_dirty(rg, p->tail_calls.items[i])) return true;
    return passes && rg->tail_cyclic[p->lam->id];
}

/* Whether p may put into the region it is given an object holding references: a site placed
 * there whose type may hold some, a rest list, or a call given that region (a tail call, or a
 * call placed there) of a procedure that may, or of one inference cannot name. A call whose
 * result is a number is given its caller's region by the bignum rule: when its procedure may
 * leave there objects pointing to its arguments (a closure it passes on in a tail call), the
 * call's token holds those arguments (rg_call), and it stays in its frame when they need not
 * outlive it (rg_frame_contents). The least fixpoint over the program. */
static bool rg_call_holds(const Rg *rg, const Ast *a) {
    CallTarget ts[RG_MAX_TARGETS];
    int nt;
    if (a->kind != AST_CALL) return a->kind == AST_PRIMCALL && prims_higher_order(a->prim, a->args.len);
    if (!rg_call_targets(rg, a, ts, &nt)) return true;
    for (int j = 0; j < nt; j++) {
        if (ts[j].lambda ? rg->rr_holds[ts[j].lambda->id]
                         : !ts[j].prim || ts[j].prim->effect != EF_NONE || prims_higher_order(ts[j].prim, a->args.len))
            return true;   /* (a primitive of EF_NONE makes nothing that points to its arguments) */
    }
    return false;
}
static bool rg_proc_holds(Rg *rg, Proc *p) {
    for (size_t t = 0; t < p->toks.len; t++) {
        const Tok *k = &p->toks.items[t];
        if (k->kind == TK_REST && k->need != SC_HEAP) return true;
        if (k->kind != TK_SITE || rg_place(rg, p, k) != SC_CALLER) continue;
        if (k->site->kind == AST_CALL || k->site->kind == AST_PRIMCALL ? rg_call_holds(rg, k->site)
                                                                       : rg_type_holds_refs(k->type))
            return true;
    }
    for (size_t i = 0; i < p->tail_calls.len; i++)
        if (rg_call_holds(rg, p->tail_calls.items[i])) return true;
    return false;
}

static void rg_analyse(Rg *rg, Proc *p) {
    rg->p = p;
    int s0 = p->self_scope >= 0 ? p->self_scope : SC_LOCAL;
    Chain self = {.target = p->lam, .entry_alloc = SC_LOCAL, .next = NULL};
    Ctx c = {.use = s0, .alloc = s0, .chain = p->self_scope >= 0 ? &self : NULL,
             .live = p->self_scope >= 0 ? &self : NULL, .ptail = p->lam != NULL};
    bool again;
    do {   /* until no copy variable loses its copies (above) */
        do {   /* to a fixpoint, then once more with the sets settled (stores into unknown objects) */
            do {
                rg->changed = false;
                Bits r = rg_walk(rg, p->body, c);
                rg_note_returned(rg, p, &r);
                bits_free(&r);
            } while (rg->changed);
            rg->settled = true;
            Bits r = rg_walk(rg, p->body, c);
            rg_note_returned(rg, p, &r);
            bits_free(&r);
            rg->settled = false;
            again = rg->changed;
        } while (again);
        /* objects must outlive the objects that contain them */
        do {
            rg->changed = false;
            for (size_t u = 0; u < p->toks.len; u++) {
                Tok *k = &p->toks.items[u];
                if (k->parts && k->need >= 0)   /* (spines, above) */
                    rg_need(rg, k->parts - 1, k->need, RW_CONTAINED, NULL, (Loc){0}, (int)u);
                k = &p->toks.items[u];
                if (k->kind != TK_SITE && k->kind != TK_REST) continue;
                int placed = k->kind == TK_REST ? k->need : rg_place(rg, p, k);
                Bits cs = bits_copy(&k->contents);
                BITS_EACH(&cs, t) rg_need(rg, t, placed, RW_CONTAINED, NULL, (Loc){0}, (int)u);
                bits_free(&cs);
            }
        } while (rg->changed);
    } while (rg_copy_demote(rg, p));
    if (!p->lam) return;
    Lambda *l = p->lam;
    for (size_t t = 0; t < p->toks.len; t++) {
        Tok *k = &p->toks.items[t];
        if (k->kind == TK_PARAM) rg_set_summary(rg, &rg->param_sum[l->id][k->index], rg_summary_of(k));
        if (k->kind == TK_PARAM && !k->is_parts)
            rg_set_summary(rg, &rg->param_spine[l->id][k->index], rg_summary_of(k));
        if (k->kind == TK_FREE && !k->is_parts)
            rg_set_summary(rg, &rg->free_spine[l->id][k->index], rg_summary_of(k));
        if (k->kind == TK_PARAM && (k->into & ~rg->param_into[l->id][k->index])) {
            rg->param_into[l->id][k->index] |= k->into;
            rg->sum_changed = true;
        }
        if (k->kind == TK_REST_ELEMS) rg_set_summary(rg, &rg->rest_sum[l->id], rg_summary_of(k));
        if (k->kind == TK_FREE) rg_set_summary(rg, &rg->free_sum[l->id][k->index], rg_summary_of(k));
    }
}

/* ---- results ---------------------------------------------------------------------------- */
static Place rg_scope_place(Proc *p, int s) {
    switch (rg_scope(p, s)->kind) {
    case SC_HEAP: return PLACE_HEAP;
    case SC_CALLER: return PLACE_CALLER;
    case SC_LOCAL: return PLACE_LOCAL;
    case SC_SELF: return PLACE_SELF;
    case SC_CARRY: return PLACE_CARRY;
    default: return PLACE_LOOP;
    }
}

/* Whether a site's node can allocate at all: not a call whose result is never an object, nor
 * a primitive that makes none. */
static bool rg_f64_ref(const Ast *a) {   /* a vector-ref of a flonum vector: boxes its result */
    return a->kind == AST_PRIMCALL && a->prim->id == PRIM_vector_ref && a->args.len == 2 && a->args.items[0]->flovec;
}
static bool rg_site_allocates(const Ast *a) {
    if (a->kind == AST_CALL) return !rg_type_unallocated(infer_type(a));
    if (a->kind == AST_PRIMCALL)
        return !rg_type_unallocated(infer_type(a)) && ((a->prim->flags & RT_PF_ALLOC) || rg_f64_ref(a));
    return true;
}

static void rg_loc(Buf *b, Loc l) { buf_printf(b, "%s:%d:%d", l.file ? l.file : "?", l.line, l.col); }

/* Why token k's site is where it is, as --explain-regions says it. */
static const char *rg_why(Proc *p, Tok *k, int s) {
    Buf b = {0};
    int n = k->need < 0 ? k->alloc : k->need;
    if (k->why_tok >= 0) {
        Tok *u = &p->toks.items[k->why_tok];
        buf_printf(&b, "part of %s", u->kind == TK_REST ? "the rest list" : u->what);
        if (u->site) {
            buf_puts(&b, " at ");
            rg_loc(&b, u->site->loc);
        }
    } else if (k->why) {
        buf_puts(&b, k->why);
        if (k->why_loc.line) {
            buf_puts(&b, " at ");
            rg_loc(&b, k->why_loc);
        }
    } else if (n == k->alloc) {
        int kind = rg_scope(p, s)->kind;
        buf_puts(&b, kind == SC_LOOP || kind == SC_SELF ? "used only within the iteration" : "used only within the call");
    } else {
        buf_puts(&b, "used after the loop");
    }
    return buf_cstr(&b);
}

static int rg_site_cmp(const void *x, const void *y) {
    const RegionSite *a = x, *b = y;
    if (a->site->loc.line != b->site->loc.line) return a->site->loc.line - b->site->loc.line;
    return a->site->loc.col - b->site->loc.col;
}

/* A site that makes no object in the region it is given (a primitive call that allocates
 * nothing, a call of procedures that allocate nothing): no region is entered for it. */
static bool rg_site_placeless(Rg *rg, const Tok *k) {
    return (k->site->kind == AST_PRIMCALL && !rg_site_allocates(k->site)) || rg_call_alloc_free(rg, k->site) ||
           rg_call_rr_unused(rg, k->site);
}

/* Procedures that, as their sites are placed, make nothing in the region their caller gives
 * them (Rg.rr_unused): no site placed in the caller's region (nor a rest list), and calls that
 * pass it on only to such procedures. Unlike alloc_free they may allocate, in the heap or in
 * regions of their own: sboyer's one-way-unify, whose conses go to the heap, or a procedure
 * that walks a structure with a local region for its temporaries. Their calls get no region,
 * as alloc_free's do (rg_site_placeless), so a caller enters no frame or loop region for their
 * results alone; unlike alloc_free's, the call's result token was analysed as a token of the
 * call's region, which only constrains the analysis more than needed. The greatest fixpoint
 * over the placed program: a procedure uses rr if a site of it is placed in the caller's
 * region and is not placeless, or if its code passes rr on to a procedure that may use it
 * (rg_rr_passed: tail calls above all), or if it is a flonum entry returning a flonum. */
static bool rg_rr_passed(const Rg *rg, const Ast *a, bool tail, const Lambda *self);
static bool rg_rr_passed_all(const Rg *rg, const AstVec *v, bool tail, const Lambda *self) {
    for (size_t i = 0; i < v->len; i++)
        if (rg_rr_passed(rg, v->items[i], tail && i + 1 == v->len, self)) return true;
    return false;
}
/* Whether code of a procedure's body hands its rr to a procedure that may use it: what emit.c
 * passes rr to besides the sites placed in the caller's region. A call in tail position (a
 * contified loop's body counts as in tail position: more than enough), an apply there, and a
 * call of a flonum entry returning a flonum, in any position (emit_flo_call: its box, if any,
 * goes to rr); not the jumps of loops and self tail calls. */
static bool rg_rr_passed(const Rg *rg, const Ast *a, bool tail, const Lambda *self) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: return false;
    case AST_SET: return rg_rr_passed(rg, a->value, false, self);
    case AST_IF:
        return rg_rr_passed(rg, a->test, false, self) || rg_rr_passed(rg, a->then, tail, self) ||
               rg_rr_passed(rg, a->els, tail, self);
    case AST_LAMBDA: return a->lambda->contified && rg_rr_passed(rg, a->lambda->body, true, self);
    case AST_SEQ: return rg_rr_passed_all(rg, &a->items, tail, self);
    case AST_CALL: {
        if (rg_rr_passed(rg, a->fn, false, self) || rg_rr_passed_all(rg, &a->args, false, self)) return true;
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        bool flo = k && k->flo_entry && k->ret_type == TY_FLO && a->args.len == k->params.len;
        if (!(tail || flo) || (k && (k->contified || k == self))) return false;
        return !rg_call_rr_unused(rg, a);
    }
    case AST_PRIMCALL:
        if (rg_rr_passed_all(rg, &a->args, false, self)) return true;
        return tail && a->prim->id == PRIM_apply && a->args.len >= 2;
    case AST_LET: case AST_LETREC:
        return rg_rr_passed_all(rg, &a->inits, false, self) || rg_rr_passed(rg, a->body, tail, self);
    }
    return true;
}
static bool rg_proc_uses_rr(Rg *rg, Proc *p) {
    /* a flonum entry's generic entry boxes its result in rr (emit.c) */
    if (p->lam->flo_entry && p->lam->ret_type == TY_FLO) return true;
    if (rg_rr_passed(rg, p->lam->body, true, p->lam)) return true;
    for (size_t t = 0; t < p->toks.len; t++) {
        const Tok *k = &p->toks.items[t];
        if (k->kind == TK_REST && k->need != SC_HEAP) return true;
        if (k->kind != TK_SITE || rg_site_placeless(rg, k)) continue;
        if (rg_place(rg, p, k) == SC_CALLER) return true;
    }
    return false;
}
static void rg_rr_unused(Rg *rg) {
    bool *u = xcalloc(rg->nlambdas, sizeof *u);
    for (size_t i = 0; i < rg->procs.len; i++) {
        const Lambda *l = rg->procs.items[i]->lam;
        if (l) u[l->id] = !l->contified && !l->rest;
    }
    rg->rr_unused = u;
    bool changed;
    do {
        changed = false;
        for (size_t i = 0; i < rg->procs.len; i++) {
            Proc *p = rg->procs.items[i];
            if (p->lam && u[p->lam->id] && rg_proc_uses_rr(rg, p)) {
                u[p->lam->id] = false;
                changed = true;
            }
        }
    } while (changed);
}

/* Evacuated calls (runtime/evacuate.c). A call whose result must go to the heap, of a procedure
 * that may leave garbage without bound in the region it is given (rr_dirty: objects it passes in
 * tail calls on a cycle of them, an interpreter's argument lists and frames), would send all
 * that garbage to the heap with its result. Instead the call runs in a region entered for it;
 * when it returns, what its result reaches there is copied into the heap and the region is left
 * with the garbage. The result is the only root of that region's objects (evacuate.c): R4 keeps
 * older objects from pointing into it, and a callee puts in the region it is given only what it
 * returns or passes in tail calls, unless it stores objects of that region into its arguments'
 * objects (store_rr, excluded). Every callee must be known (or named by inference) for that.
 * Not in a program that may re-enter a continuation (a copy of the frames would see the
 * region's objects, not the copies), run eval, see addresses as numbers (RT_PF_ADDR_HASH: a
 * copy has another address), or call code compiled apart (Rg.evacuate). The copy costs a walk
 * of the result per call. Off unless asked for (-fevacuate): measured on ecraven's programs
 * whose calls qualify (graphs, matrix, peval, scheme; 2026-11-28), it took 1-2% of their bytes
 * out of the heap and cost 5-12% of their time. But on for the element calls of ELEMS mode
 * (Ast.rg_elem; spines, rg_proc_new), which the mode sends to the heap: an interpreter's
 * evaluation of an argument, whose own argument lists are its garbage (benchmarks/interp,
 * doc/regions-tail-garbage.md). -fno-evacuate: none at all. */
static bool rg_evacuated(const Rg *rg, const Tok *k) {
    Ast *a = k->site;
    if (!(rg->evacuate || (rg->evacuate_ok && a->rg_elem)) || a->kind != AST_CALL || a->place != PLACE_HEAP ||
        a->place_if_entered)
        return false;
    CallTarget ts[RG_MAX_TARGETS];
    int nt;
    if (!rg_call_targets(rg, a, ts, &nt) || nt < 1) return false;
    for (int j = 0; j < nt; j++) {
        const Lambda *l = ts[j].lambda;
        if (!l || l->contified || !rg->rr_dirty[l->id] || rg->store_rr[l->id]) return false;
    }
    return true;
}

/* The procedure's results: each site's place (PLACE_HEAP for a primitive call that makes no
 * object: it gets a region it never uses), the regions its code enters, its RegionSites. */
static void rg_finish(Rg *rg, Proc *p) {
    size_t first = rg->prog->region_sites.len;
    if (p->lam && rg->tail_soft && rg->tail_cyclic[p->lam->id])   /* (tail cycles, above) */
        for (size_t t = 0; t < p->toks.len && !p->lam->rr_soft; t++) {
            const Tok *k = &p->toks.items[t];
            p->lam->rr_soft = k->kind == TK_REST ? k->need != SC_HEAP
                            : k->kind == TK_SITE && ((k->site->kind == AST_CALL && !rg_call_alloc_free(rg, k->site)) ||
                                                     rg_site_allocates(k->site)) &&
                                  rg_place(rg, p, k) == SC_CALLER;
        }
    /* The regions entered anyway: those of the sites the number and tested rules do not send to
     * the heap (with no scope marked entered yet, they send all of their sites there). A site
     * those rules sent there, placed in a region now, is placed by reuse (entering[t]). */
    int *entering = xcalloc(p->toks.len + 1, sizeof *entering);
    for (size_t t = 0; t < p->toks.len; t++) {
        Tok *k = &p->toks.items[t];
        entering[t] = SC_HEAP;
        if (k->kind != TK_SITE || rg_site_placeless(rg, k)) continue;
        entering[t] = rg_place(rg, p, k);
    }
    for (size_t t = 0; t < p->toks.len; t++)
        if (entering[t] != SC_HEAP) rg_scope(p, entering[t])->entered = true;
    for (size_t t = 0; t < p->toks.len; t++) {
        Tok *k = &p->toks.items[t];
        if (k->kind == TK_REST) p->lam->rest_place = k->need == SC_HEAP ? PLACE_HEAP : PLACE_CALLER;
        if (k->kind != TK_SITE) continue;
        /* a call always gets its place (the callee may allocate there whatever its result) */
        if (rg_site_placeless(rg, k)) {
            k->site->place = PLACE_HEAP;
            k->site->place_evac = false;
            continue;
        }
        int s = rg_place(rg, p, k);
        RgScope *sc = rg_scope(p, s);
        sc->used = true;
        k->site->place = rg_scope_place(p, s);
        /* a site of the number or tested rule placed in a region entered anyway (rg_place_by):
         * emit.c uses the heap on the paths that have not entered that procedure's own region */
        bool reused = entering[t] == SC_HEAP && s != SC_HEAP;   /* placed by the reuse of an entered region */
        bool if_entered = reused && (sc->kind == SC_LOCAL || sc->kind == SC_SELF);
        k->site->place_if_entered = if_entered;
        k->site->place_evac = rg_evacuated(rg, k);
        bool tail_soft = !rg_soft(rg, p, k) && s == SC_CALLER && p->lam && p->lam->rr_soft;
        k->site->place_soft = rg_soft(rg, p, k);
        k->site->place_loop = sc->kind == SC_LOOP || sc->kind == SC_CARRY ? sc->loop : NULL;
        if (!rg_site_allocates(k->site)) continue;   /* not a site --explain-regions lists */
        int n = k->need < 0 ? k->alloc : k->need;
        bool bignum_rule = rg_type_bignum_only(k->type) && s != n && (s == SC_CALLER || s == SC_HEAP) &&
                           rg_scope(p, n)->kind != SC_HEAP && rg_scope(p, n)->kind != SC_CALLER;
        bool number_rule = !bignum_rule && s == SC_HEAP && rg_type_number_maybe_fixnum(k->type) &&
                           (n == SC_LOCAL || ((rg_scope(p, n)->kind == SC_SELF || rg_scope(p, n)->kind == SC_LOOP) &&
                                              k->site->kind != AST_CALL));
        bool tested_rule = !bignum_rule && !number_rule && s == SC_HEAP && rg_tested_heap(rg, p, k, n);
        /* a carry variable's value whose call may leave garbage in a carry region */
        bool dirty_rule = s == SC_HEAP && rg_scope(p, n)->kind == SC_CARRY && k->carry_arg == rg_scope(p, n)->loop;
        RegionSite site = {.site = k->site, .proc = p->lam, .what = k->what, .place = k->site->place,
                           .loop = k->site->place_loop,
                           .outlives_iteration = !bignum_rule && !number_rule && !tested_rule && !dirty_rule && sc->kind == SC_HEAP &&
                                                 rg_scope(p, n)->kind != SC_HEAP,
                           .why_kind = bignum_rule ? RW_BIGNUM
                                     : number_rule ? RW_NUMBER
                                     : tail_soft ? RW_TAIL_CYCLE
                                     : tested_rule ? RW_TESTED
                                     : k->site->place_soft ? (k->stored && rg->container ? RW_CONTAINER : RW_SOFT_STRING)
                                     : sc->kind == SC_CARRY ? RW_CARRY
                                     : sc->kind == SC_HEAP && rg_scope(p, n)->kind != SC_HEAP ? RW_LOOP
                                     : k->why_tok >= 0 ? RW_CONTAINED : k->why ? k->why_kind : RW_LOCAL,
                           .why = bignum_rule ? "makes an object only when fixnum arithmetic overflows into a "
                                                "bignum: not worth a region of its own"
                                  : tail_soft ? xasprintf("%s, by a procedure on a cycle of tail calls, whose rounds "
                                                          "share this region: there, collected as it grows (regiongc.c), up to the tail cycles' budget",
                                                          rg_why(p, k, s))
                                  : number_rule ? "a number that may be a fixnum (boxed only when it is not one): "
                                                  "not worth a region in every frame"
                                  : reused ? xasprintf("%s; %s, there because other sites enter that region anyway%s",
                                                       rg_why(p, k, s),
                                                       rg_number_site(rg, k) ? "a number that may be a fixnum"
                                                                             : "the result of a procedure inference cannot name, only tested",
                                                       if_entered ? " (on paths that have not entered it yet: the collected heap)" : "")
                                  : tested_rule ? "the result of a procedure inference cannot name, only tested: "
                                                  "not worth a region in every frame or iteration"
                                  : sc->kind == SC_CARRY ? xasprintf("%s, read only after the loop's last iteration%s", rg_why(p, k, s),
                                                                     rg->dirty_known && rg_call_dirty(rg, k->site)
                                                                         ? ", with what the cycles of tail calls the call enters leave "
                                                                           "there, collected as it grows (regiongc.c)"
                                                                         : "")
                                  : k->site->place_soft && k->stored && rg->container
                                    ? xasprintf("made in every iteration of a loop to be stored into objects that live "
                                                "there (%s): with them, up to the region's soft budget", rg_why(p, k, s))
                                  : k->site->place_soft ? xasprintf("a string made in every iteration of a loop but "
                                                                    "outliving it (%s): there, up to the region's soft "
                                                                    "budget", rg_why(p, k, s))
                                  : dirty_rule ? xasprintf("%s, read only after the loop's last iteration, but the call may "
                                                           "leave more than its result in the region it is given "
                                                           "(objects passed in tail calls, or a procedure inference "
                                                           "cannot name): not in the loop's carry region", rg_why(p, k, s))
                                              : rg_why(p, k, s)};
        vec_push(&rg->prog->region_sites, site);
    }
    free(entering);
    if (rg->prog->region_sites.len > first)
        qsort(rg->prog->region_sites.items + first, rg->prog->region_sites.len - first,
              sizeof *rg->prog->region_sites.items, rg_site_cmp);
    for (size_t t = 0; t < p->toks.len; t++) {   /* copy variables (above) */
        const Tok *k = &p->toks.items[t];
        if (k->kind == TK_COPY && !bits_has(&rg->copy_demoted, k->copy_var->id)) k->copy_var->carry_copy = true;
    }
    for (size_t s = 0; s < p->scopes.len; s++) {
        RgScope *sc = rg_scope(p, (int)s);
        if (!sc->used) continue;
        if (sc->kind == SC_LOCAL) {
            if (p->lam) p->lam->region_local = true;
            else rg->prog->region_local = true;
        }
        if (sc->kind == SC_SELF) p->lam->region_self = true;
        if (sc->kind == SC_LOOP) sc->loop->region_loop = true;
        if (sc->kind == SC_CARRY) sc->loop->region_carry = true;
    }
}

/* Procedures that allocate nothing in the region they are given (Rg.alloc_free): no closure,
 * no allocating primitive (rg_site_allocates: by the result's inferred type, a fixnum sum
 * allocates nothing), no boxed flonum, no rest list, no primitive that calls procedures, and
 * calls only to such procedures (contified loops are part of their host). A record accessor,
 * a predicate, a loop walking a list. A call of one is given no region, and its result token
 * stands for nothing: walking a structure with accessors in a loop, `(fill (node-l n))`,
 * had the call's token carried round the loop to the heap and, being made of the argument,
 * the argument with it ("kept"). The greatest fixpoint over the program (structural: the
 * placement of sites does not enter into it). */
static bool rg_af_expr(const Rg *rg, const Ast *a);
static bool rg_af_all(const Rg *rg, const AstVec *v) {
    for (size_t i = 0; i < v->len; i++)
        if (!rg_af_expr(rg, v->items[i])) return false;
    return true;
}
static bool rg_af_expr(const Rg *rg, const Ast *a) {
    switch (a->kind) {
    case AST_CONST: return true;
    case AST_REF: return a->var->global || !infer_var_unboxed(a->var);
    case AST_SET: return rg_af_expr(rg, a->value);
    case AST_IF: return rg_af_expr(rg, a->test) && rg_af_expr(rg, a->then) && rg_af_expr(rg, a->els);
    case AST_LAMBDA: return a->lambda->contified && rg_af_expr(rg, a->lambda->body);
    case AST_SEQ: return rg_af_all(rg, &a->items);
    case AST_CALL: {
        if (!rg_af_expr(rg, a->fn) || !rg_af_all(rg, &a->args)) return false;
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (k && k->contified) return true;
        return rg_call_alloc_free(rg, a);
    }
    case AST_PRIMCALL:
        return !a->ffi && rg_af_all(rg, &a->args) && !rg_site_allocates(a) &&
               !prims_higher_order(a->prim, a->args.len);
    case AST_LET: case AST_LETREC: return rg_af_all(rg, &a->inits) && rg_af_expr(rg, a->body);
    }
    return false;
}
static void rg_alloc_free(Rg *rg) {
    rg->alloc_free = xcalloc(rg->nlambdas, sizeof *rg->alloc_free);
    for (size_t i = 0; i < rg->prog->lambdas.len; i++) {
        Lambda *l = rg->prog->lambdas.items[i];
        rg->alloc_free[l->id] = !l->contified && !l->rest;
    }
    bool changed;
    do {
        changed = false;
        for (size_t i = 0; i < rg->prog->lambdas.len; i++) {
            Lambda *l = rg->prog->lambdas.items[i];
            if (rg->alloc_free[l->id] && !rg_af_expr(rg, l->body)) {
                rg->alloc_free[l->id] = false;
                changed = true;
            }
        }
    } while (changed);
}

/* Procedures that return only objects they make, holding only what their caller knows of
 * (Rg.ret_fresh): each value they may return is of a type that is no object (a fixnum, a
 * boolean), or a constructor's (cons, list, vector, a record: EF_CTOR) or a fresh string's
 * (RT_PF_FRESH) whose arguments are such values or the procedure's own parameters (which its
 * caller sees returned through the RESULT summaries), a record's type aside (never stored
 * into), or the value of a call of such a procedure (or of a contified loop whose exits are
 * such values). A record type's constructor; (define (make-empty-node) (make-node 0 0)). A
 * store into the result of a call of one (`(set-node-l! root x)` with root from make-node), or
 * into all it reaches (the INTO and stores-into-parameters summaries), stores into objects of
 * the call's region and objects the caller knows, so what is stored can live there
 * (rg_store), rather than in the heap as for anything else a callee may return (a global's
 * object, or a list holding one). The greatest fixpoint over the program, structural like
 * alloc_free. */
static bool rg_fresh_expr(const Rg *rg, const Ast *a, const Lambda *l);
static bool rg_fresh_arg(const Rg *rg, const Ast *a, const Lambda *l) {
    if (rg_type_unallocated(infer_type(a))) return true;
    if (a->kind == AST_REF) {
        const Var *v = a->var;
        if (v->global || v->boxed || v->owner != l) return false;
        for (size_t i = 0; i < l->params.len; i++)
            if (l->params.items[i] == v) return true;
        return false;
    }
    return rg_fresh_expr(rg, a, l);
}
static bool rg_fresh_expr(const Rg *rg, const Ast *a, const Lambda *l) {
    if (rg_type_unallocated(infer_type(a))) return true;
    switch (a->kind) {
    case AST_CONST: case AST_REF: case AST_LAMBDA: return false;
    case AST_SET: return true;
    case AST_IF: return rg_fresh_expr(rg, a->then, l) && rg_fresh_expr(rg, a->els, l);
    case AST_SEQ: return rg_fresh_expr(rg, a->items.items[a->items.len - 1], l);
    case AST_LET: case AST_LETREC: return rg_fresh_expr(rg, a->body, l);
    case AST_PRIMCALL:
        if (a->ffi) return false;
        if (a->prim->flags & RT_PF_FRESH) return true;   /* strings: they hold no object */
        if (!rg_ctor(a)) return false;
        for (size_t i = a->prim->id == PRIM_record ? 1 : 0; i < a->args.len; i++)
            if (!rg_fresh_arg(rg, a->args.items[i], l)) return false;
        return true;
    case AST_CALL: {
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (k && k->contified) {   /* a loop: its exits (a back edge is no exit: assumed fresh) */
            if (rg->fresh_visiting[k->id]) return true;
            rg->fresh_visiting[k->id] = true;
            bool r = rg_fresh_expr(rg, k->body, l);
            rg->fresh_visiting[k->id] = false;
            return r;
        }
        if (!rg_call_fresh(rg, a)) return false;
        for (size_t i = 0; i < a->args.len; i++)   /* what it returns of its arguments */
            if (!rg_fresh_arg(rg, a->args.items[i], l)) return false;
        return true;
    }
    }
    return false;
}
static void rg_ret_fresh(Rg *rg) {
    rg->ret_fresh = xcalloc(rg->nlambdas, sizeof *rg->ret_fresh);
    rg->fresh_visiting = xcalloc(rg->nlambdas, sizeof *rg->fresh_visiting);
    for (size_t i = 0; i < rg->prog->lambdas.len; i++) {
        Lambda *l = rg->prog->lambdas.items[i];
        rg->ret_fresh[l->id] = !l->contified;
    }
    bool changed;
    do {
        changed = false;
        for (size_t i = 0; i < rg->prog->lambdas.len; i++) {
            Lambda *l = rg->prog->lambdas.items[i];
            if (rg->ret_fresh[l->id] && !rg_fresh_expr(rg, l->body, l)) {
                rg->ret_fresh[l->id] = false;
                changed = true;
            }
        }
    } while (changed);
}

/* The lambdas some call in tail position may enter (Rg.tail_called, for stores into
 * parameters): structural; a contified loop's body counts as in tail position (more than
 * enough), and a procedure's self tail calls are its loop's jumps when it loops by them. */
static void rg_mark_tail_called(Rg *rg, const Ast *a, bool tail, Lambda *self) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET: rg_mark_tail_called(rg, a->value, false, self); return;
    case AST_IF:
        rg_mark_tail_called(rg, a->test, false, self);
        rg_mark_tail_called(rg, a->then, tail, self);
        rg_mark_tail_called(rg, a->els, tail, self);
        return;
    case AST_LAMBDA:
        if (a->lambda->contified) rg_mark_tail_called(rg, a->lambda->body, true, self);
        return;   /* the others: from the program's list */
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) rg_mark_tail_called(rg, a->items.items[i], tail && i + 1 == a->items.len, self);
        return;
    case AST_CALL: {
        rg_mark_tail_called(rg, a->fn, false, self);
        for (size_t i = 0; i < a->args.len; i++) rg_mark_tail_called(rg, a->args.items[i], false, self);
        if (!tail) return;
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (k && (k->contified || (k == self && !k->rest && rg_back_edge(self->body, self)))) return;
        CallTarget ts[RG_MAX_TARGETS];
        int nt;
        if (!rg_call_targets(rg, a, ts, &nt)) return;   /* none that does not escape */
        for (int j = 0; j < nt; j++)
            if (ts[j].lambda) rg->tail_called[ts[j].lambda->id] = true;
        return;
    }
    case AST_PRIMCALL:
        for (size_t i = 0; i < a->args.len; i++) rg_mark_tail_called(rg, a->args.items[i], false, self);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) rg_mark_tail_called(rg, a->inits.items[i], false, self);
        rg_mark_tail_called(rg, a->body, tail, self);
        return;
    }
}

/* Whether a primitive only compares or tests its arguments: a boolean made of them, nothing
 * kept (prims.def: EF_NONE, a boolean result, no procedure called): eq?, eqv?, equal?, =,
 * char=?, null?, pair?... */
static bool rg_prim_compares(const Prim *p, size_t nargs) {
    return p->effect == EF_NONE && p->rule == RULE_NONE && p->result == TY_BOOL && !prims_higher_order(p, nargs);
}
/* The references of v in a that are tested or compared: an if's test, an argument of a
 * primitive that only compares (rg_prim_compares). */
static int rg_compared_refs(const Ast *a, const Var *v) {
    int n = 0;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return 0;
    case AST_SET: return rg_compared_refs(a->value, v);
    case AST_IF:
        n = a->test->kind == AST_REF && a->test->var == v ? 1 : rg_compared_refs(a->test, v);
        return n + rg_compared_refs(a->then, v) + rg_compared_refs(a->els, v);
    case AST_LAMBDA: return rg_compared_refs(a->lambda->body, v);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) n += rg_compared_refs(a->items.items[i], v);
        return n;
    case AST_CALL:
        n = rg_compared_refs(a->fn, v);
        for (size_t i = 0; i < a->args.len; i++) n += rg_compared_refs(a->args.items[i], v);
        return n;
    case AST_PRIMCALL: {
        bool compares = !a->ffi && rg_prim_compares(a->prim, a->args.len);
        for (size_t i = 0; i < a->args.len; i++) {
            const Ast *x = a->args.items[i];
            n += compares && x->kind == AST_REF && x->var == v ? 1 : rg_compared_refs(x, v);
        }
        return n;
    }
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) n += rg_compared_refs(a->inits.items[i], v);
        return n + rg_compared_refs(a->body, v);
    }
    return 0;
}

/* Ast.rg_tested: the calls whose value is only tested (the test of an if, or a branch of an if
 * that is itself only tested: `and`) or dropped (not the last expression of a sequence), or
 * bound by a let to a variable that is only tested or compared (lattice's
 * `(let ((probe (base x y))) (if (or (eq? probe 'equal) (eq? probe fixed)) ...))`). */
static void rg_mark_tested(Ast *a, bool tested) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET: rg_mark_tested(a->value, false); return;
    case AST_IF:
        rg_mark_tested(a->test, true);
        rg_mark_tested(a->then, tested);
        rg_mark_tested(a->els, tested);
        return;
    case AST_LAMBDA: rg_mark_tested(a->lambda->body, false); return;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) rg_mark_tested(a->items.items[i], i + 1 < a->items.len || tested);
        return;
    case AST_CALL:
        a->rg_tested = tested;
        rg_mark_tested(a->fn, false);
        for (size_t i = 0; i < a->args.len; i++) rg_mark_tested(a->args.items[i], false);
        return;
    case AST_PRIMCALL:
        for (size_t i = 0; i < a->args.len; i++) rg_mark_tested(a->args.items[i], false);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) {
            Ast *init = a->inits.items[i];
            const Var *v = a->vars.items[i];
            rg_mark_tested(init, false);
            if (init->kind == AST_CALL && !v->nsets && !v->captured && v->nrefs > 0 &&
                rg_compared_refs(a->body, v) == v->nrefs)
                init->rg_tested = true;
        }
        rg_mark_tested(a->body, tested);
        return;
    }
}

/* Every procedure analysed, to a fixpoint of the summaries. */
static void rg_analyse_all(Rg *rg) {
    do {
        rg->sum_changed = false;
        for (size_t i = 0; i < rg->procs.len; i++) rg_analyse(rg, rg->procs.items[i]);
    } while (rg->sum_changed);
}
/* flag (by lambda id) as the least fixpoint of `holds` over the program's procedures. */
static void rg_least_fixpoint(Rg *rg, bool *flag, bool (*holds)(Rg *, Proc *)) {
    bool grew;
    do {
        grew = false;
        for (size_t i = 0; i < rg->procs.len; i++) {
            Proc *p = rg->procs.items[i];
            if (p->lam && !flag[p->lam->id] && holds(rg, p)) grew = flag[p->lam->id] = true;
        }
    } while (grew);
}

void regions_program(Program *prog, const RegionsOptions *opt) {
    Rg *rg = xcalloc(1, sizeof *rg);
    rg->prog = prog;
    rg->number_heap = !(opt && opt->no_number_heap);
    rg->bignum_heap = !(opt && opt->no_bignum_heap);
    rg->number_reuse = !(opt && opt->no_number_reuse);
    rg->loop_numbers = !(opt && opt->no_loop_numbers);
    rg->carry = !(opt && opt->no_carry);
    rg->container = !(opt && opt->no_container);
    rg->soft_strings = !(opt && opt->no_soft_strings);
    rg->apply_prims = !(opt && opt->no_apply_prims);
    rg->tail_soft = !(opt && opt->no_tail_soft);
    rg->collected_tails = rg->tail_soft && !(opt && opt->no_collected_tails);
    rg->tail_closures = !(opt && opt->no_tail_closures);
    if (!(opt && opt->no_carry_copy)) rg_copy_scan(rg, prog->body, NULL);
    if (!(opt && opt->no_own_keys)) rg_keys_program(prog);
    size_t nl = prog->lambdas.len + 1;
    for (size_t i = 0; i < prog->lambdas.len; i++)
        if ((size_t)prog->lambdas.items[i]->id + 1 > nl) nl = (size_t)prog->lambdas.items[i]->id + 1;
    rg->nlambdas = nl;
    rg->loop_scope = xcalloc(nl, sizeof *rg->loop_scope);
    rg->walking = xcalloc(nl, sizeof *rg->walking);
    rg->param_sum = xcalloc(nl, sizeof *rg->param_sum);
    rg->param_spine = xcalloc(nl, sizeof *rg->param_spine);
    rg->free_spine = xcalloc(nl, sizeof *rg->free_spine);
    rg->elems_heap = xcalloc(nl, sizeof *rg->elems_heap);
    rg->spines = !(opt && opt->no_spines);
    rg->rest_sum = xcalloc(nl, sizeof *rg->rest_sum);
    rg->free_sum = xcalloc(nl, sizeof *rg->free_sum);
    rg->param_into = xcalloc(nl, sizeof *rg->param_into);
    rg->rr_dirty = xcalloc(nl, sizeof *rg->rr_dirty);
    rg->ret_else = xcalloc(nl, sizeof *rg->ret_else);
    rg->rr_holds = xcalloc(nl, sizeof *rg->rr_holds);
    rg->tail_cyclic = xcalloc(nl, sizeof *rg->tail_cyclic);
    if (!(opt && opt->no_alloc_free)) rg_alloc_free(rg);
    if (!(opt && opt->no_fresh_results)) rg_ret_fresh(rg);
    rg->store_rr_on = !(opt && opt->no_store_params);
    rg->tested_heap = !(opt && opt->no_tested_heap);
    rg->dirty_calls = !(opt && opt->no_dirty_calls);
    if (rg->tested_heap) rg_mark_tested(prog->body, false);
    rg->store_rr = xcalloc(nl, sizeof *rg->store_rr);
    rg->tail_called = xcalloc(nl, sizeof *rg->tail_called);
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        if (!l->contified) rg_mark_tail_called(rg, l->body, true, l);
    }
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        rg->param_sum[l->id] = xcalloc(l->params.len + 1, 1);
        rg->free_sum[l->id] = xcalloc(l->free.len + 1, 1);
        rg->param_spine[l->id] = xcalloc(l->params.len + 1, 1);
        rg->free_spine[l->id] = xcalloc(l->free.len + 1, 1);
        rg->param_into[l->id] = xcalloc(l->params.len + 1, sizeof **rg->param_into);
        l->region_local = l->region_self = l->region_loop = l->region_carry = false;
        l->rest_place = PLACE_CALLER;
        l->rr_soft = false;
        if (!l->contified) vec_push(&rg->procs, rg_proc_new(rg, l, l->body));
    }
    vec_push(&rg->procs, rg_proc_new(rg, NULL, prog->body));
    rg_analyse_all(rg);
    /* Carry regions take no call that may leave garbage in them: which procedures may is known
     * from the needs just computed (a least fixpoint over the program); the sites that lose
     * their carry region go to the heap, and what they hold with them, in a second round
     * (needs only grow, and nothing new goes to a caller's region). So do calls of numbers
     * whose procedures may leave objects pointing to their arguments (rg_proc_holds). */
    rg_tail_cycles(rg);   /* (every tail call is known after one round) */
    if (rg->carry) {
        rg_least_fixpoint(rg, rg->rr_dirty, rg_proc_dirty);
        rg->dirty_known = true;
    }
    rg_least_fixpoint(rg, rg->rr_holds, rg_proc_holds);
    rg->holds_known = true;
    rg_analyse_all(rg);
    if (!(opt && opt->no_rr_unused)) rg_rr_unused(rg);
    rg->evacuate_ok = rg->carry && !(opt && (opt->no_evacuate || opt->separate)) && !prog->reentrant &&
                      !prog->uses_eval && !prog->addr_hash;
    for (size_t i = 0; i < prog->globals.len && rg->evacuate_ok; i++)   /* another unit's code */
        if (prog->globals.items[i]->ext) rg->evacuate_ok = false;
    rg->evacuate = rg->evacuate_ok && opt && opt->evacuate;
    for (size_t i = 0; i < rg->procs.len; i++) rg_finish(rg, rg->procs.items[i]);
    for (size_t i = 0; i < prog->lambdas.len; i++) {   /* for interface.c: INTO is not exported */
        Lambda *l = prog->lambdas.items[i];
        uint8_t *sum = rg->param_sum[l->id];
        for (size_t j = 0; j < l->params.len; j++)
            if (rg->param_into[l->id][j]) sum[j] = SUM_GLOBAL;
        l->param_sum = sum;
    }
}

/* The text of a RegionWhy, plural, as --explain-regions' summary and the heap profile
 * (-fprofile-heap, emit.c) print it. */
const char *regions_why_text(RegionWhy w) {
    static const char *const why_text[RW_COUNT] = {
        [RW_LOCAL] = "used only where made", [RW_RETURNED] = "returned",
        [RW_CARRIED] = "carried to the next iteration",
        [RW_LOOP] = "made in every iteration of a loop but outlive it",
        [RW_CARRY] = "carried in a loop variable read only after the loop",
        [RW_BIGNUM] = "bignums made only on fixnum overflow",
        [RW_NUMBER] = "numbers that may be fixnums, made in a frame",
        [RW_CONTAINED] = "part of an object in the heap",
        [RW_KEPT] = "passed to a procedure that keeps them",
        [RW_UNKNOWN_CALL] = "passed to an unknown procedure or apply",
        [RW_HIGHER_ORDER] = "passed to or made by a primitive that calls procedures",
        [RW_ESCAPE_PRIM] = "passed to a primitive that keeps or raises them",
        [RW_STORED] = "stored into an object made elsewhere", [RW_GLOBAL] = "a global's value",
        [RW_CONTAINER] = "made in a loop, stored into older containers",
        [RW_SOFT_STRING] = "strings made in a loop, outliving it",
        [RW_TAIL_CYCLE] = "made for the caller's region on a cycle of tail calls",
        [RW_TESTED] = "results of unknown procedures, only tested",
        [RW_SET] = "assigned with set!", [RW_CAPTURED] = "captured by a closure that keeps them",
        [RW_ELEMENT] = "elements of a list whose callers keep the elements, not the list",
        [RW_BOXED] = "in an assigned variable a closure captures"};
    return w >= 0 && w < RW_COUNT && why_text[w] ? why_text[w] : "placed in the collected heap";
}

/* ---- --explain-regions ---------------------------------------------------------------------- */
static void rg_place_text(Buf *b, const RegionSite *r) {
    Lambda *l = r->proc;
    const char *who = !l ? NULL : l->name ? xasprintf("'%s'", l->name->name)
                    : xasprintf("the procedure at %s:%d:%d", l->loc.file ? l->loc.file : "?", l->loc.line, l->loc.col);
    switch (r->place) {
    case PLACE_HEAP: buf_puts(b, "heap (collected)"); break;
    case PLACE_CALLER:
        if (l) buf_printf(b, "caller's region (of the call of %s)", who);
        else buf_puts(b, "program region (lives as long as the program)");
        break;
    case PLACE_LOCAL:
        if (l) buf_printf(b, "local region of %s (released when it returns)", who);
        else buf_puts(b, "local region of the top level");
        break;
    case PLACE_SELF: buf_printf(b, "iteration region of %s (recycled at each self tail call)", who); break;
    case PLACE_LOOP:
        buf_puts(b, "iteration region of the loop ");
        if (r->loop->name && r->loop->name->name[0] != ' ')   /* not a `do` loop's own name */
            buf_printf(b, "'%s' ", r->loop->name->name);
        buf_puts(b, "at ");
        rg_loc(b, r->loop->loc);
        buf_puts(b, " (recycled at each iteration)");
        break;
    case PLACE_CARRY:
        buf_puts(b, "carry region of the loop ");
        if (r->loop->name && r->loop->name->name[0] != ' ')
            buf_printf(b, "'%s' ", r->loop->name->name);
        buf_puts(b, "at ");
        rg_loc(b, r->loop->loc);
        buf_puts(b, " (emptied before each back edge's arguments)");
        break;
    case PLACE_NONE: diag_internal("rg_place_text: a site without a place");
    }
}

void regions_explain(Program *prog, Buf *out) {
    int count[PLACE_CARRY + 1] = {0};
    for (size_t i = 0; i < prog->region_sites.len; i++) {
        const RegionSite *r = &prog->region_sites.items[i];
        count[r->place]++;
        rg_loc(out, r->site->loc);
        buf_printf(out, ": %s: ", r->what);
        rg_place_text(out, r);
        buf_puts(out, ": ");
        if (r->outlives_iteration) buf_printf(out, "made in every iteration but outlives it (%s)", r->why);
        else buf_puts(out, r->why);
        if (r->site->kind == AST_LAMBDA && r->site->lambda->one_shot)   /* (oneshot.c, when it ran) */
            buf_puts(out, "; one-shot: gives itself back to its region when called");
        if (r->site->place_evac)
            buf_puts(out, "; evacuated: the call runs in a region of its own, left when it returns "
                          "with the garbage the callee leaves there, after its result is copied to the heap");
        buf_putc(out, '\n');
    }
    buf_printf(out, "allocation sites: %d in loop iteration regions, ", count[PLACE_LOOP] + count[PLACE_SELF]);
    if (count[PLACE_CARRY]) buf_printf(out, "%d in loop carry regions, ", count[PLACE_CARRY]);
    buf_printf(out, "%d in local regions, %d in the caller's region, %d in the heap\n",
               count[PLACE_LOCAL], count[PLACE_CALLER], count[PLACE_HEAP]);
    /* the heap's sites by why they are there, most first */
    int by_why[RW_COUNT] = {0};
    for (size_t i = 0; i < prog->region_sites.len; i++)
        if (prog->region_sites.items[i].place == PLACE_HEAP) by_why[prog->region_sites.items[i].why_kind]++;
    if (!count[PLACE_HEAP]) return;
    buf_puts(out, "heap sites by reason:");
    for (int shown = 0; shown < count[PLACE_HEAP];) {
        int best = 0;
        for (int w = 1; w < RW_COUNT; w++)
            if (by_why[w] > by_why[best]) best = w;
        buf_printf(out, "%s %d %s", shown ? "," : "", by_why[best], regions_why_text((RegionWhy)best));
        shown += by_why[best];
        by_why[best] = 0;
    }
    buf_putc(out, '\n');
}

/* ---- --dump=regions ----------------------------------------------------------------------------
 * The expanded program with the place of every allocation site after it ({heap}, {caller},
 * {local}, {self}, {loop.3}: the iteration region of the contified lambda.3), and, after each
 * lambda's id, the regions its code enters ({enters local self}) and where its rest list goes. */
static const char *rg_place_name(Place p, const Lambda *loop) {
    switch (p) {
    case PLACE_HEAP: return "heap";
    case PLACE_CALLER: return "caller";
    case PLACE_LOCAL: return "local";
    case PLACE_SELF: return "self";
    case PLACE_LOOP: return xasprintf("loop.%d", loop->id);
    case PLACE_CARRY: return xasprintf("carry.%d", loop->id);
    case PLACE_NONE: break;
    }
    return NULL;
}
static void rg_dump_node(void *ctx, const Ast *a, Buf *out) {
    (void)ctx;
    /* a primitive call that makes no object has a place it never uses: not printed */
    const char *place = rg_site_allocates(a) ? rg_place_name(a->place, a->place_loop) : NULL;
    if (place) buf_puts(out, place);
    if (place && a->place_evac) buf_puts(out, " evacuated");
    if (a->kind != AST_LAMBDA) return;
    const Lambda *l = a->lambda;
    if (l->region_local || l->region_self || l->region_loop || l->region_carry) {
        buf_printf(out, "%senters%s%s%s%s", place ? " " : "", l->region_local ? " local" : "",
                   l->region_self ? " self" : "", l->region_carry ? " carry" : "", l->region_loop ? " loop" : "");
        place = "";
    }
    if (l->rest) {
        buf_printf(out, "%srest in %s", place ? " " : "", rg_place_name(l->rest_place, NULL));
        place = "";
    }
    if (l->rr_soft) buf_printf(out, "%stail-soft", place ? " " : "");   /* (tail cycles) */
}
static void rg_dump_program(void *ctx, const Program *prog, Buf *out) {
    (void)ctx;
    if (prog->region_local) buf_puts(out, "the top level enters its local region");
}
static void rg_dump_binding(void *ctx, const Var *v, Buf *out) {
    (void)ctx;
    if (v->carry_copy) buf_puts(out, "copied");   /* (copy variables) */
}
void regions_dump(Program *prog, Buf *out) {
    DumpHooks h = {.node = rg_dump_node, .binding = rg_dump_binding, .program = rg_dump_program};
    dump_program(prog, out, &h);
}
