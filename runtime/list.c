/* list.c: pairs and lists (R7RS 6.4), equivalence predicates (6.1), booleans (6.3),
 * symbols (6.5), and the common SRFI 1 procedures (filter, fold, iota, any, every ...).
 * Procedures taking procedures call them with rt_call*; results are allocated in rr.
 * List arguments are checked: an improper list is an error naming the primitive.
 */
#include "rtlib.h"

/* ---- pairs ----------------------------------------------------------------------------- */

RtValue rt_p_cons(Region *rr, const char *loc, RtValue a, RtValue d) { return rt_cons(rr, a, d); }

RtValue rt_p_car(Region *rr, const char *loc, RtValue x) {
    RT_CHECK(RT_IS_PAIR(x), "car", "a pair", x);
    return RT_CAR(x);
}

RtValue rt_p_cdr(Region *rr, const char *loc, RtValue x) {
    RT_CHECK(RT_IS_PAIR(x), "cdr", "a pair", x);
    return RT_CDR(x);
}

RtValue rt_p_set_car_x(Region *rr, const char *loc, RtValue x, RtValue v) {
    RT_CHECK(RT_IS_PAIR(x), "set-car!", "a pair", x);
    RT_CAR(x) = v;
    rt_nursery_wb(&RT_CAR(x), v);
    return RT_UNSPEC;
}

RtValue rt_p_set_cdr_x(Region *rr, const char *loc, RtValue x, RtValue v) {
    RT_CHECK(RT_IS_PAIR(x), "set-cdr!", "a pair", x);
    RT_CDR(x) = v;
    rt_nursery_wb(&RT_CDR(x), v);
    return RT_UNSPEC;
}

/* c[ad]{2,4}r (R7RS 6.4, (scheme cxr)): the path is read right to left, as the name says. */
static RtValue rt_cxr(const char *loc, const char *name, RtValue x) {
    RtValue v = x;
    size_t n = strlen(name);
    for (size_t i = n - 2; i >= 1; i--) {
        RT_CHECK(RT_IS_PAIR(v), name, "a pair", x);
        v = name[i] == 'a' ? RT_CAR(v) : RT_CDR(v);
    }
    return v;
}
#define RT_CXR(c)                                                                             \
    RtValue rt_p_##c(Region *rr, const char *loc, RtValue x) { return rt_cxr(loc, #c, x); }
RT_CXR(caar) RT_CXR(cadr) RT_CXR(cdar) RT_CXR(cddr)
RT_CXR(caaar) RT_CXR(caadr) RT_CXR(cadar) RT_CXR(caddr)
RT_CXR(cdaar) RT_CXR(cdadr) RT_CXR(cddar) RT_CXR(cdddr)
RT_CXR(caaaar) RT_CXR(caaadr) RT_CXR(caadar) RT_CXR(caaddr) RT_CXR(cadaar) RT_CXR(cadadr) RT_CXR(caddar) RT_CXR(cadddr)
RT_CXR(cdaaar) RT_CXR(cdaadr) RT_CXR(cdadar) RT_CXR(cdaddr) RT_CXR(cddaar) RT_CXR(cddadr) RT_CXR(cdddar) RT_CXR(cddddr)

RtValue rt_p_null_p(Region *rr, const char *loc, RtValue x) { return RT_BOOL(x == RT_NIL); }
RtValue rt_p_pair_p(Region *rr, const char *loc, RtValue x) { return RT_BOOL(RT_IS_PAIR(x)); }

RtValue rt_p_list_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(rt_list_length(x) >= 0);
}

static int64_t rt_check_list(const char *loc, const char *who, RtValue l) {
    int64_t n = rt_list_length(l);
    if (RT_UNLIKELY(n < 0)) rt_type_error(loc, who, "a proper list", l);
    return n;
}

/* ---- lists ----------------------------------------------------------------------------- */

RtValue rt_p_list(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue l = RT_NIL;
    for (intptr_t i = argc - 1; i >= 0; i--) l = rt_cons(rr, argv[i], l);
    return l;
}

RtValue rt_p_cons_star(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue l = argv[argc - 1];
    for (intptr_t i = argc - 2; i >= 0; i--) l = rt_cons(rr, argv[i], l);
    return l;
}

RtValue rt_p_make_list(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_size_arg(loc, "make-list", argv[0]);
    RtValue fill = RT_OPT(1, RT_UNSPEC), l = RT_NIL;
    for (int64_t i = 0; i < n; i++) l = rt_cons(rr, fill, l);
    return l;
}

RtValue rt_p_length(Region *rr, const char *loc, RtValue l) {
    return RT_FIX(rt_check_list(loc, "length", l));
}

/* A fresh copy of proper list l whose last cdr is tail. */
static RtValue rt_copy_onto(Region *rr, RtValue l, RtValue tail) {
    RtValue head = tail, *dst = &head;
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        RtValue c = rt_cons(rr, RT_CAR(l), tail);
        *dst = c;
        dst = &RT_CDR(c);
    }
    return head;
}

/* A fresh copy of l whose last cdr is tail, in one pass: l must be a proper list, which the
 * walk checks as it copies (rt_list_length's tortoise, one step for the copy's two), raising
 * the error of `who` after copying what it walked (garbage in rr) rather than walking l twice. */
static RtValue rt_copy_checked(Region *rr, const char *loc, const char *who, RtValue l, RtValue tail) {
    RtValue head = tail, *dst = &head, x = l, slow = l;
    for (int odd = 0; RT_IS_PAIR(x); odd ^= 1) {
        RtValue c = rt_cons(rr, RT_CAR(x), tail);
        *dst = c;
        dst = &RT_CDR(c);
        x = RT_CDR(x);
        if (odd && (slow = RT_CDR(slow)) == x) break;   /* a cycle */
    }
    if (RT_UNLIKELY(x != RT_NIL)) rt_type_error(loc, who, "a proper list", l);
    return head;
}

RtValue rt_p_append(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 0) return RT_NIL;
    RtValue r = argv[argc - 1];
    for (intptr_t i = argc - 2; i >= 0; i--) r = rt_copy_checked(rr, loc, "append", argv[i], r);
    return r;
}

/* One pass, checked as rt_copy_checked checks. */
RtValue rt_p_reverse(Region *rr, const char *loc, RtValue l) {
    RtValue r = RT_NIL, x = l, slow = l;
    for (int odd = 0; RT_IS_PAIR(x); odd ^= 1) {
        r = rt_cons(rr, RT_CAR(x), r);
        x = RT_CDR(x);
        if (odd && (slow = RT_CDR(slow)) == x) break;   /* a cycle */
    }
    if (RT_UNLIKELY(x != RT_NIL)) rt_type_error(loc, "reverse", "a proper list", l);
    return r;
}

static RtValue rt_tail(const char *loc, const char *who, RtValue l, RtValue k, int need_pair) {
    RT_CHECK(RT_IS_FIXNUM(k) && RT_FIXVAL(k) >= 0, who, "a non-negative exact integer", k);
    int64_t n = RT_FIXVAL(k), i = 0;
    RtValue x = l;
    for (; i < n && RT_IS_PAIR(x); i++) x = RT_CDR(x);
    if (i < n || (need_pair && !RT_IS_PAIR(x)))
        rt_error_msg(loc, who, "index %lld out of range for list of length %lld", (long long)n,
                     (long long)i);
    return x;
}

RtValue rt_p_list_tail(Region *rr, const char *loc, RtValue l, RtValue k) {
    return rt_tail(loc, "list-tail", l, k, 0);
}
RtValue rt_p_list_ref(Region *rr, const char *loc, RtValue l, RtValue k) {
    return RT_CAR(rt_tail(loc, "list-ref", l, k, 1));
}
RtValue rt_p_list_set_x(Region *rr, const char *loc, RtValue l, RtValue k, RtValue v) {
    RtValue p = rt_tail(loc, "list-set!", l, k, 1);
    RT_CAR(p) = v;
    rt_nursery_wb(&RT_CAR(p), v);
    return RT_UNSPEC;
}

RtValue rt_p_list_copy(Region *rr, const char *loc, RtValue l) {
    RtValue head = RT_NIL, *dst = &head;
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        RtValue c = rt_cons(rr, RT_CAR(l), RT_NIL);
        *dst = c;
        dst = &RT_CDR(c);
    }
    *dst = l;
    return head;
}

RtValue rt_p_last_pair(Region *rr, const char *loc, RtValue l) {
    RT_CHECK(RT_IS_PAIR(l), "last-pair", "a pair", l);
    while (RT_IS_PAIR(RT_CDR(l))) l = RT_CDR(l);
    return l;
}

RtValue rt_p_last(Region *rr, const char *loc, RtValue l) {
    RT_CHECK(RT_IS_PAIR(l), "last", "a pair", l);
    return RT_CAR(rt_p_last_pair(rr, loc, l));
}

/* ---- equivalence (R7RS 6.1) ----------------------------------------------------------- */

int rt_eqv(RtValue a, RtValue b) {
    if (a == b) return 1;
    if (!RT_IS_OBJ(a) || !RT_IS_OBJ(b)) return 0;
    RtHeader ha = *RT_OBJ(a), hb = *RT_OBJ(b);
    if (ha != hb) return 0;
    switch (RT_HDR_TYPE(ha)) {
    case TYPE_ID_FLOAT: { /* same bits: 0.0 and -0.0 differ, a NaN is eqv to itself */
        double x = RT_FLOVAL(a), y = RT_FLOVAL(b);
        return memcmp(&x, &y, sizeof x) == 0;
    }
    case TYPE_ID_INT:
        return memcmp(RT_AS(RtBignum, a)->limbs, RT_AS(RtBignum, b)->limbs,
                      (RT_HDR_COUNT(ha) >> 1) * sizeof(uint64_t)) == 0;
    case TYPE_ID_RATNUM: { /* normalised (numbers.c, N2): equal values, equal limbs */
        RtRatnum *x = RT_AS(RtRatnum, a), *y = RT_AS(RtRatnum, b);
        return x->nden == y->nden &&
               memcmp(x->limbs, y->limbs, ((RT_HDR_COUNT(ha) >> 1) + x->nden) * sizeof(uint64_t)) == 0;
    }
    case TYPE_ID_COMPNUM: { /* same exactness (the header): parts eqv */
        RtCompnum *x = RT_AS(RtCompnum, a), *y = RT_AS(RtCompnum, b);
        if (RT_HDR_COUNT(ha)) return rt_eqv(x->re.v, y->re.v) && rt_eqv(x->im.v, y->im.v);
        return memcmp(&x->re.d, &y->re.d, sizeof(double)) == 0 &&
               memcmp(&x->im.d, &y->im.d, sizeof(double)) == 0;
    }
    case TYPE_ID_STRING: return RT_HDR_COUNT(ha) == 0; /* empty strings may be shared */
    case TYPE_ID_VECTOR: return RT_HDR_COUNT(ha) == 0;
    case TYPE_ID_BYTEVECTOR: return RT_HDR_COUNT(ha) == 0;
    default: return 0;
    }
}

/* ---- equal? (R7RS 6.1): Adams and Dybvig, "Efficient nondestructive equality checking for
 * trees and graphs" (ICFP 2008), as Chez Scheme does it ----------------------------------
 * equal? must terminate on cycles and should not take exponential time on shared structure
 * (two lists whose items all share one sublist). Phase one (rt_eq_pre) is the naive
 * recursive comparison with RT_EQ_K0 units of fuel, one per pair, vector or box: it decides
 * small and ordinary data at the naive speed. When the fuel runs out, phase two (rt_eq_walk)
 * compares again, alternating a fast naive mode with a slow mode that records every pair of
 * compound objects it compares in a union-find structure (keyed on the objects' addresses):
 * two objects already in one class are taken as equal (bisimulation: the comparison of that
 * class is under way or done), others are joined before their parts are compared, so each
 * object is compared in slow mode a bounded number of times and the whole is near-linear.
 * Slow mode lasts -RT_EQ_KB units of fuel, fast mode a random number below 2 * RT_EQ_K0.
 * Atoms (strings, bytevectors, numbers...) compare as rt_equal_atom says. A list's cdr is a
 * loop, not a call, so long lists take no C stack; car nesting recurses (RT_STACK_CHECK). */
#define RT_EQ_K0 400
#define RT_EQ_KB (-40)
#define RT_EQ_FALSE INT64_MIN

static int rt_equal_atom(RtValue a, RtValue b) {
    if (rt_eqv(a, b)) return 1;
    if (!RT_IS_OBJ(a) || !RT_IS_OBJ(b)) return 0;
    RtHeader ha = *RT_OBJ(a);
    if (ha != *RT_OBJ(b)) return 0;
    size_t n = RT_HDR_COUNT(ha);
    switch (RT_HDR_TYPE(ha)) {
    case TYPE_ID_STRING: return memcmp(RT_STR(a)->chars, RT_STR(b)->chars, n * sizeof(uint32_t)) == 0;
    case TYPE_ID_BYTEVECTOR:
        return memcmp(RT_AS(RtBytevector, a)->bytes, RT_AS(RtBytevector, b)->bytes, n) == 0;
    default: return 0;
    }
}

/* The compound kinds equal? looks into: 1 pair, 2 vector, 3 box, 4 flonum or boolean vector, 0
 * anything else. Objects of different kinds (or vectors of different lengths) are not equal,
 * but for an unboxed vector (rt_equal_unboxed). */
static int rt_eq_kind(RtValue v) {
    if (RT_IS_PAIR(v)) return 1;
    if (!RT_IS_OBJ(v)) return 0;
    switch (RT_HDR_TYPE(*RT_OBJ(v))) {
    case TYPE_ID_VECTOR: return 2;
    case TYPE_ID_BOX: return 3;
    case TYPE_ID_F64VECTOR: case TYPE_ID_BOOLVECTOR: return 4;
    default: return 0;
    }
}

/* Item i of a vector, flonum vector or boolean vector v, as what eqv? compares: a flonum as
 * its bits (*flo set), anything else as its value. */
static uint64_t rt_eq_item(RtValue v, int64_t i, int *flo) {
    uint64_t bits;
    *flo = 0;
    switch (RT_HDR_TYPE(*RT_OBJ(v))) {
    case TYPE_ID_BOOLVECTOR: return RT_BOOL(RT_AS(RtBoolVector, v)->b[i]);
    case TYPE_ID_F64VECTOR: memcpy(&bits, &RT_AS(RtF64Vector, v)->d[i], sizeof bits); break;
    default: {
        RtValue item = RT_AS(RtVector, v)->items[i];
        if (!RT_IS_TYPE(item, TYPE_ID_FLOAT)) return item;
        double d = RT_FLOVAL(item);
        memcpy(&bits, &d, sizeof bits);
    }
    }
    *flo = 1;
    return bits;
}

/* equal? where x or y is a flonum or boolean vector (regal.h: a vector the compiler keeps
 * unboxed, which a container may carry to runtime code): it is the vector of its elements,
 * so equal? to any vector whose items are eqv? to them, element by element (eqv? of flonums:
 * the same bits). */
static int rt_equal_unboxed(RtValue x, RtValue y) {
    int kx = rt_eq_kind(x), ky = rt_eq_kind(y);
    if ((kx != 2 && kx != 4) || (ky != 2 && ky != 4) || RT_LEN(x) != RT_LEN(y)) return 0;
    for (int64_t i = 0, n = RT_LEN(x); i < n; i++) {
        int fx, fy;
        uint64_t a = rt_eq_item(x, i, &fx), b = rt_eq_item(y, i, &fy);
        if (a != b || fx != fy) return 0;
    }
    return 1;
}

/* Phase one: the fuel left (<= 0: ran out, undecided), or RT_EQ_FALSE. */
static int64_t rt_eq_pre(RtValue x, RtValue y, int64_t k) {
    for (;;) {
        if (x == y) return k;
        int kind = rt_eq_kind(x), ky = rt_eq_kind(y);
        if (kind == 4 || ky == 4) return rt_equal_unboxed(x, y) ? k : RT_EQ_FALSE;
        if (kind == 0) return rt_equal_atom(x, y) ? k : RT_EQ_FALSE;
        if (ky != kind) return RT_EQ_FALSE;
        if (k <= 0) return k;
        if (kind == 1) {
            k = rt_eq_pre(RT_CAR(x), RT_CAR(y), k - 1);
            if (k == RT_EQ_FALSE) return k;
            x = RT_CDR(x);
            y = RT_CDR(y);
            continue;
        }
        if (kind == 3) {
            x = RT_AS(RtBox, x)->value;
            y = RT_AS(RtBox, y)->value;
            k--;
            continue;
        }
        int64_t n = RT_LEN(x);
        if (RT_LEN(y) != n) return RT_EQ_FALSE;
        for (int64_t i = 0; i < n; i++) {
            if (k <= 0) return k;
            k = rt_eq_pre(RT_AS(RtVector, x)->items[i], RT_AS(RtVector, y)->items[i], k - 1);
            if (k == RT_EQ_FALSE) return k;
        }
        return k;
    }
}

/* Phase two's state: the union-find classes (node i: parent, size) and the table from an
 * object to its node; collector memory (atomic: the arguments keep the objects alive), so
 * a stack overflow raised while comparing leaks nothing. */
typedef struct RtEqNode { uint32_t parent, size; } RtEqNode;
typedef struct RtEqSlot { RtValue key; uint32_t node; } RtEqSlot;
typedef struct RtEqState {
    RtEqSlot *tab;
    size_t cap, count;
    RtEqNode *nodes;
    size_t nnodes, nodes_cap;
    uint64_t rng;
} RtEqState;

static size_t rt_eq_slot(const RtEqSlot *tab, size_t cap, RtValue v) {
    size_t i = (size_t)(((v >> 3) * 0x9e3779b97f4a7c15ULL) >> (64 - __builtin_ctzll(cap)));
    while (tab[i].key != 0 && tab[i].key != v) i = (i + 1) & (cap - 1);
    return i;
}

/* The node of object v, made (a class of its own) when v has none. */
static uint32_t rt_eq_node(RtEqState *st, RtValue v) {
    if (2 * (st->count + 1) > st->cap) {
        size_t cap = st->cap ? 2 * st->cap : 1024;
        RtEqSlot *tab = rt_gc_malloc_atomic(cap * sizeof *tab);
        memset(tab, 0, cap * sizeof *tab);
        for (size_t i = 0; i < st->cap; i++)
            if (st->tab[i].key != 0) tab[rt_eq_slot(tab, cap, st->tab[i].key)] = st->tab[i];
        if (st->tab != NULL) rt_gc_free(st->tab);
        st->tab = tab;
        st->cap = cap;
    }
    RtEqSlot *e = &st->tab[rt_eq_slot(st->tab, st->cap, v)];
    if (e->key == v) return e->node;
    if (st->nnodes == st->nodes_cap) {
        st->nodes_cap = st->nodes_cap ? 2 * st->nodes_cap : 512;
        RtEqNode *nodes = rt_gc_malloc_atomic(st->nodes_cap * sizeof *nodes);
        if (st->nnodes) memcpy(nodes, st->nodes, st->nnodes * sizeof *nodes);
        if (st->nodes != NULL) rt_gc_free(st->nodes);
        st->nodes = nodes;
    }
    uint32_t n = (uint32_t)st->nnodes++;
    st->nodes[n] = (RtEqNode){n, 1};
    e->key = v;
    e->node = n;
    st->count++;
    return n;
}

static uint32_t rt_eq_find(RtEqState *st, uint32_t n) {
    while (st->nodes[n].parent != n) {
        uint32_t p = st->nodes[n].parent;
        st->nodes[n].parent = st->nodes[p].parent; /* path halving */
        n = p;
    }
    return n;
}

/* Whether x and y are already in one class; if not, their classes become one. */
static int rt_eq_union(RtEqState *st, RtValue x, RtValue y) {
    uint32_t rx = rt_eq_find(st, rt_eq_node(st, x)), ry = rt_eq_find(st, rt_eq_node(st, y));
    if (rx == ry) return 1;
    if (st->nodes[rx].size < st->nodes[ry].size) {
        uint32_t t = rx;
        rx = ry;
        ry = t;
    }
    st->nodes[ry].parent = rx;
    st->nodes[rx].size += st->nodes[ry].size;
    return 0;
}

/* Phase two (the paper's interleave): k > 0 is fast mode's fuel, k <= 0 slow mode's (down to
 * RT_EQ_KB, when fast mode starts again with random fuel). The fuel left, or RT_EQ_FALSE. */
static int64_t rt_eq_walk(RtEqState *st, RtValue x, RtValue y, int64_t k) {
    RT_STACK_CHECK(NULL);
    for (;;) {
        int slow = 0;
        if (k <= 0) {
            if (k == RT_EQ_KB) {
                st->rng ^= st->rng << 13;
                st->rng ^= st->rng >> 7;
                st->rng ^= st->rng << 17;
                k = (int64_t)(st->rng % (2 * RT_EQ_K0));
            } else {
                slow = 1;
            }
        }
        if (!slow) k--;
        if (x == y) return k;
        int kind = rt_eq_kind(x), ky = rt_eq_kind(y);
        if (kind == 4 || ky == 4) return rt_equal_unboxed(x, y) ? k : RT_EQ_FALSE;
        if (kind == 0) return rt_equal_atom(x, y) ? k : RT_EQ_FALSE;
        if (ky != kind) return RT_EQ_FALSE;
        if (kind == 2 && RT_LEN(y) != RT_LEN(x)) return RT_EQ_FALSE;
        if (slow) {
            if (rt_eq_union(st, x, y)) return 0;
            k--;
        }
        if (kind == 1) {
            k = rt_eq_walk(st, RT_CAR(x), RT_CAR(y), k);
            if (k == RT_EQ_FALSE) return k;
            x = RT_CDR(x);
            y = RT_CDR(y);
            continue;
        }
        if (kind == 3) {
            x = RT_AS(RtBox, x)->value;
            y = RT_AS(RtBox, y)->value;
            continue;
        }
        for (int64_t i = 0, n = RT_LEN(x); i < n; i++) {
            k = rt_eq_walk(st, RT_AS(RtVector, x)->items[i], RT_AS(RtVector, y)->items[i], k);
            if (k == RT_EQ_FALSE) return k;
        }
        return k;
    }
}

int rt_equal(RtValue a, RtValue b) {
    if (a == b) return 1;
    if (RT_IS_STRING(a) && RT_IS_STRING(b))   /* an equal? table's string keys: no walk */
        return RT_LEN(a) == RT_LEN(b) &&
               memcmp(RT_STR(a)->chars, RT_STR(b)->chars, (size_t)RT_LEN(a) * sizeof(uint32_t)) == 0;
    int64_t k = rt_eq_pre(a, b, RT_EQ_K0);
    if (k == RT_EQ_FALSE) return 0;
    if (k > 0) return 1;
    RtEqState st = {.rng = 0x9e3779b97f4a7c15ULL};
    int r = rt_eq_walk(&st, a, b, 0) != RT_EQ_FALSE;
    if (st.tab != NULL) rt_gc_free(st.tab);
    if (st.nodes != NULL) rt_gc_free(st.nodes);
    return r;
}

RtValue rt_p_eq_p(Region *rr, const char *loc, RtValue a, RtValue b) { return RT_BOOL(a == b); }
RtValue rt_p_eqv_p(Region *rr, const char *loc, RtValue a, RtValue b) {
    return RT_BOOL(rt_eqv(a, b));
}
RtValue rt_p_equal_p(Region *rr, const char *loc, RtValue a, RtValue b) {
    return RT_BOOL(rt_equal(a, b));
}
RtValue rt_p_not(Region *rr, const char *loc, RtValue x) { return RT_BOOL(x == RT_FALSE); }
RtValue rt_p_boolean_p(Region *rr, const char *loc, RtValue x) { return RT_BOOL(RT_IS_BOOL(x)); }

RtValue rt_p_boolean_eq_p(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    for (intptr_t i = 0; i < argc; i++) RT_CHECK(RT_IS_BOOL(argv[i]), "boolean=?", "a boolean", argv[i]);
    for (intptr_t i = 1; i < argc; i++) if (argv[i] != argv[0]) return RT_FALSE;
    return RT_TRUE;
}

/* ---- symbols (R7RS 6.5) ----------------------------------------------------------------- */

RtValue rt_p_symbol_p(Region *rr, const char *loc, RtValue x) { return RT_BOOL(RT_IS_SYMBOL(x)); }

RtValue rt_p_symbol_eq_p(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    for (intptr_t i = 0; i < argc; i++) RT_CHECK(RT_IS_SYMBOL(argv[i]), "symbol=?", "a symbol", argv[i]);
    for (intptr_t i = 1; i < argc; i++) if (argv[i] != argv[0]) return RT_FALSE;
    return RT_TRUE;
}

/* A fresh copy of the name, in rr: the symbol's own string is never handed out, so a
 * string-set! on the result cannot rename the symbol (R7RS makes that mutation an error but
 * names no check; Chez Scheme copies too). */
RtValue rt_p_symbol_to_string(Region *rr, const char *loc, RtValue x) {
    RT_CHECK(RT_IS_SYMBOL(x), "symbol->string", "a symbol", x);
    RtValue name = RT_AS(RtSymbol, x)->name;
    int64_t n = RT_LEN(name);
    RtString *s = rt_string_new(rr, n);
    memcpy(s->chars, RT_STR(name)->chars, (size_t)n * sizeof(uint32_t));
    return RT_TAG_AS_OBJ(s);
}

/* The name itself, for the compiler's rewrite of a symbol->string whose result a pure
 * primitive only reads (compiler/simplify.c); errors as symbol->string's. */
RtValue rt_p_symbol_name(Region *rr, const char *loc, RtValue x) {
    RT_CHECK(RT_IS_SYMBOL(x), "symbol->string", "a symbol", x);
    return RT_AS(RtSymbol, x)->name;
}

RtValue rt_p_string_to_symbol(Region *rr, const char *loc, RtValue s) {
    RT_CHECK(RT_IS_STRING(s), "string->symbol", "a string", s);
    size_t len;
    char *u = rt_string_to_utf8(s, &len);
    RtValue sym = rt_intern(u, len);
    free(u);
    return sym;
}

/* ---- searching ------------------------------------------------------------------------- */

RtValue rt_p_memq(Region *rr, const char *loc, RtValue x, RtValue l) {
    return rt_memq_inline(loc, "memq", x, l);
}
RtValue rt_p_memv(Region *rr, const char *loc, RtValue x, RtValue l) {
    if (!rt_eqv_by_value(x)) return rt_memq_inline(loc, "memv", x, l);
    RtValue p = l;
    for (; RT_IS_PAIR(p); p = RT_CDR(p)) if (rt_eqv(RT_CAR(p), x)) return p;
    if (p != RT_NIL) rt_search_improper(loc, "memv", l);
    return RT_FALSE;
}
RtValue rt_p_member(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue x = argv[0], l = argv[1], eq = RT_OPT(2, RT_FALSE);
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        if (eq == RT_FALSE ? rt_equal(x, RT_CAR(l))
                           : RT_TRUTHY(rt_call2(rr, loc, eq, x, RT_CAR(l))))
            return l;
    }
    if (l != RT_NIL) rt_search_improper(loc, "member", argv[1]);
    return RT_FALSE;
}
RtValue rt_p_assq(Region *rr, const char *loc, RtValue x, RtValue l) {
    return rt_assq_inline(loc, "assq", x, l);
}
RtValue rt_p_assv(Region *rr, const char *loc, RtValue x, RtValue l) {
    if (!rt_eqv_by_value(x)) return rt_assq_inline(loc, "assv", x, l);
    RtValue p = l;
    for (; RT_IS_PAIR(p); p = RT_CDR(p)) {
        RtValue e = RT_CAR(p);
        if (!RT_IS_PAIR(e)) rt_search_not_alist(loc, "assv", l);
        if (rt_eqv(RT_CAR(e), x)) return e;
    }
    if (p != RT_NIL) rt_search_not_alist(loc, "assv", l);
    return RT_FALSE;
}
RtValue rt_p_assoc(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue x = argv[0], l = argv[1], eq = RT_OPT(2, RT_FALSE);
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        RtValue e = RT_CAR(l);
        if (!RT_IS_PAIR(e)) rt_search_not_alist(loc, "assoc", argv[1]);
        if (eq == RT_FALSE ? rt_equal(x, RT_CAR(e))
                           : RT_TRUTHY(rt_call2(rr, loc, eq, x, RT_CAR(e))))
            return e;
    }
    if (l != RT_NIL) rt_search_not_alist(loc, "assoc", argv[1]);
    return RT_FALSE;
}

/* ---- mapping over one or more lists, stopping at the shortest ------------------------- */

/* Advance the lists in ls[0..n) and put their cars in args; 0 when one has ended. */
static int rt_next_cars(const char *loc, const char *who, intptr_t n, RtValue *ls,
                        RtValue *args) {
    for (intptr_t i = 0; i < n; i++) {
        if (!RT_IS_PAIR(ls[i])) {
            if (ls[i] != RT_NIL) rt_type_error(loc, who, "a proper list", ls[i]);
            return 0;
        }
        args[i] = RT_CAR(ls[i]);
        ls[i] = RT_CDR(ls[i]);
    }
    return 1;
}

#define RT_LISTS_BEGIN(who, first)                                                            \
    rt_check_proc(loc, who, argv[0]);                                                         \
    intptr_t nl = argc - (first);                                                             \
    RtValue ls[nl], args[nl + 1];                                                             \
    for (intptr_t i = 0; i < nl; i++) ls[i] = argv[(first) + i];

/* The results are gathered in reverse (in the collected heap) and the list made at the end,
 * so a continuation captured in f and re-entered later never changes a list map already
 * returned (R7RS 6.10). */
RtValue rt_p_map(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("map", 1)
    RtValue rev = RT_NIL, head = RT_NIL;
    while (rt_next_cars(loc, "map", nl, ls, args))
        rev = rt_cons(&rt_gc_region, rt_call(rr, loc, argv[0], nl, args), rev);
    for (; rev != RT_NIL; rev = RT_CDR(rev)) head = rt_cons(rr, RT_CAR(rev), head);
    return head;
}

RtValue rt_p_for_each(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("for-each", 1)
    while (rt_next_cars(loc, "for-each", nl, ls, args)) rt_call(rr, loc, argv[0], nl, args);
    return RT_UNSPEC;
}

RtValue rt_p_append_map(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("append-map", 1)
    RtValue head = RT_NIL, *dst = &head;
    while (rt_next_cars(loc, "append-map", nl, ls, args)) {
        RtValue r = rt_call(rr, loc, argv[0], nl, args);
        rt_check_list(loc, "append-map", r);
        *dst = rt_copy_onto(rr, r, RT_NIL);
        rt_nursery_wb(dst, *dst);
        while (RT_IS_PAIR(*dst)) dst = &RT_CDR(*dst);
    }
    return head;
}

RtValue rt_p_filter_map(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("filter-map", 1)
    RtValue head = RT_NIL, *dst = &head;
    while (rt_next_cars(loc, "filter-map", nl, ls, args)) {
        RtValue r = rt_call(rr, loc, argv[0], nl, args);
        if (r == RT_FALSE) continue;
        RtValue c = rt_cons(rr, r, RT_NIL);
        *dst = c;
        rt_nursery_wb(dst, c);   /* the previous pair may predate the call */
        dst = &RT_CDR(c);
    }
    return head;
}

/* (fold kons knil l ...): (kons e ... acc), SRFI 1 order. */
RtValue rt_p_fold(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("fold", 2)
    RtValue acc = argv[1];
    while (rt_next_cars(loc, "fold", nl, ls, args)) {
        args[nl] = acc;
        acc = rt_call(rr, loc, argv[0], nl + 1, args);
    }
    return acc;
}

/* (fold-left f init l ...): (f acc e ...). */
RtValue rt_p_fold_left(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("fold-left", 2)
    RtValue acc = argv[1], cars[nl + 1];
    while (rt_next_cars(loc, "fold-left", nl, ls, cars + 1)) {
        cars[0] = acc;
        acc = rt_call(rr, loc, argv[0], nl + 1, cars);
    }
    (void)args;
    return acc;
}

/* (fold-right f init l ...): (f e ... acc) from the right; the lists are walked into an array. */
RtValue rt_p_fold_right(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("fold-right", 2)
    int64_t len = INT64_MAX;
    for (intptr_t i = 0; i < nl; i++) {
        int64_t n = rt_check_list(loc, "fold-right", ls[i]);
        if (n < len) len = n;
    }
    RtValue *all = rt_gc_malloc(sizeof(RtValue) * (size_t)(len * nl + 1)); /* scanned */
    for (int64_t k = 0; k < len; k++) rt_next_cars(loc, "fold-right", nl, ls, all + k * nl);
    for (int64_t i = 0; i < len * nl; i++) rt_nursery_wb(&all[i], all[i]);   /* read after many calls */
    RtValue acc = argv[1];
    for (int64_t k = len - 1; k >= 0; k--) {
        memcpy(args, all + k * nl, sizeof(RtValue) * (size_t)nl);
        args[nl] = acc;
        acc = rt_call(rr, loc, argv[0], nl + 1, args);
    }
    rt_gc_free(all);
    return acc;
}

RtValue rt_p_any(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("any", 1)
    while (rt_next_cars(loc, "any", nl, ls, args)) {
        RtValue r = rt_call(rr, loc, argv[0], nl, args);
        if (r != RT_FALSE) return r;
    }
    return RT_FALSE;
}

RtValue rt_p_every(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("every", 1)
    RtValue r = RT_TRUE;
    while (rt_next_cars(loc, "every", nl, ls, args)) {
        r = rt_call(rr, loc, argv[0], nl, args);
        if (r == RT_FALSE) return r;
    }
    return r;
}

RtValue rt_p_list_index(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("list-index", 1)
    for (int64_t k = 0; rt_next_cars(loc, "list-index", nl, ls, args); k++)
        if (rt_call(rr, loc, argv[0], nl, args) != RT_FALSE) return RT_FIX(k);
    return RT_FALSE;
}

RtValue rt_p_count(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_LISTS_BEGIN("count", 1)
    int64_t k = 0;
    while (rt_next_cars(loc, "count", nl, ls, args))
        if (rt_call(rr, loc, argv[0], nl, args) != RT_FALSE) k++;
    return RT_FIX(k);
}

/* ---- SRFI 1 on one list ------------------------------------------------------------------- */

static RtValue rt_filter(Region *rr, const char *loc, const char *who, RtValue pred, RtValue l,
                         int keep) {
    rt_check_proc(loc, who, pred);
    rt_check_list(loc, who, l);
    RtValue head = RT_NIL, *dst = &head;
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        if ((rt_call1(rr, loc, pred, RT_CAR(l)) != RT_FALSE) != keep) continue;
        RtValue c = rt_cons(rr, RT_CAR(l), RT_NIL);
        *dst = c;
        rt_nursery_wb(dst, c);   /* the previous pair may predate the call */
        dst = &RT_CDR(c);
    }
    return head;
}

RtValue rt_p_filter(Region *rr, const char *loc, RtValue pred, RtValue l) {
    return rt_filter(rr, loc, "filter", pred, l, 1);
}
RtValue rt_p_remove(Region *rr, const char *loc, RtValue pred, RtValue l) {
    return rt_filter(rr, loc, "remove", pred, l, 0);
}
RtValue rt_p_partition(Region *rr, const char *loc, RtValue pred, RtValue l) {
    RtValue two[2] = { rt_filter(rr, loc, "partition", pred, l, 1),
                       rt_filter(rr, loc, "partition", pred, l, 0) };
    return rt_values(rr, 2, two);
}

RtValue rt_p_reduce(Region *rr, const char *loc, RtValue f, RtValue ridentity, RtValue l) {
    rt_check_proc(loc, "reduce", f);
    rt_check_list(loc, "reduce", l);
    if (l == RT_NIL) return ridentity;
    RtValue acc = RT_CAR(l);
    for (l = RT_CDR(l); RT_IS_PAIR(l); l = RT_CDR(l)) acc = rt_call2(rr, loc, f, RT_CAR(l), acc);
    return acc;
}

RtValue rt_p_delete(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue x = argv[0], l = argv[1], eq = RT_OPT(2, RT_FALSE);
    rt_check_list(loc, "delete", l);
    RtValue head = RT_NIL, *dst = &head;
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        int same = eq == RT_FALSE ? rt_equal(x, RT_CAR(l))
                                  : RT_TRUTHY(rt_call2(rr, loc, eq, x, RT_CAR(l)));
        if (same) continue;
        RtValue c = rt_cons(rr, RT_CAR(l), RT_NIL);
        *dst = c;
        rt_nursery_wb(dst, c);   /* the previous pair may predate the call */
        dst = &RT_CDR(c);
    }
    return head;
}

RtValue rt_p_delete_duplicates(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue l = argv[0], eq = RT_OPT(1, RT_FALSE);
    rt_check_list(loc, "delete-duplicates", l);
    RtValue head = RT_NIL, *dst = &head;
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        int dup = 0;
        for (RtValue k = head; RT_IS_PAIR(k) && !dup; k = RT_CDR(k))
            dup = eq == RT_FALSE ? rt_equal(RT_CAR(k), RT_CAR(l))
                                 : RT_TRUTHY(rt_call2(rr, loc, eq, RT_CAR(k), RT_CAR(l)));
        if (dup) continue;
        RtValue c = rt_cons(rr, RT_CAR(l), RT_NIL);
        *dst = c;
        rt_nursery_wb(dst, c);   /* the previous pair may predate the call */
        dst = &RT_CDR(c);
    }
    return head;
}

/* (iota count [start [step]]): exact fixnums; other numbers go through numbers.c's +. */
RtValue rt_p_iota(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_size_arg(loc, "iota", argv[0]);
    RtValue start = RT_OPT(1, RT_FIX(0)), step = RT_OPT(2, RT_FIX(1));
    RtValue l = RT_NIL;
    if (RT_IS_FIXNUM(start) && RT_IS_FIXNUM(step)) {
        for (int64_t i = n - 1; i >= 0; i--)
            l = rt_cons(rr, mk_int(rr, RT_FIXVAL(start) + i * RT_FIXVAL(step)), l);
        return l;
    }
    RtValue v[2] = { start, RT_FIX(0) }, items[n > 0 ? n : 1];
    for (int64_t i = 0; i < n; i++) {
        items[i] = v[0];
        v[1] = step;
        v[0] = rt_p_add(rr, loc, 2, v);
    }
    for (int64_t i = n - 1; i >= 0; i--) l = rt_cons(rr, items[i], l);
    return l;
}

RtValue rt_p_find_tail(Region *rr, const char *loc, RtValue pred, RtValue l) {
    rt_check_proc(loc, "find-tail", pred);
    for (; RT_IS_PAIR(l); l = RT_CDR(l))
        if (rt_call1(rr, loc, pred, RT_CAR(l)) != RT_FALSE) return l;
    return RT_FALSE;
}

RtValue rt_p_find(Region *rr, const char *loc, RtValue pred, RtValue l) {
    RtValue t = rt_p_find_tail(rr, loc, pred, l);
    return t == RT_FALSE ? RT_FALSE : RT_CAR(t);
}

RtValue rt_p_list_tabulate(Region *rr, const char *loc, RtValue k, RtValue f) {
    int64_t n = rt_size_arg(loc, "list-tabulate", k);
    rt_check_proc(loc, "list-tabulate", f);
    RtValue l = RT_NIL;
    for (int64_t i = n - 1; i >= 0; i--) l = rt_cons(rr, rt_call1(rr, loc, f, RT_FIX(i)), l);
    return l;
}
