/* hashtable.c: hash tables with the SRFI 69 names (make-hash-table, hash-table-set!,
 * hash-table-ref, hash-table-update!, hash-table-walk, hash ...), and the hash functions.
 *
 * A table (TYPE_ID_HASHTABLE, header count = kind) points to an RtHashImpl: separate chaining
 * with a power-of-two bucket array, the hash of each key kept in its entry. Everything a table
 * owns (the RtHashImpl, the entries, the bucket arrays) is allocated in the table's HOME
 * region, the region make-hash-table allocated the table in, and dies with it: a table never
 * touches the upstream allocator directly, so no finaliser is needed and releasing the region
 * frees the table in O(chunks) like any other object. The price is in growth and deletion:
 * when the table doubles its bucket array the old array stays in the region, unused, until
 * the region dies; since arrays double, the dead ones add up to less than the live one (at
 * most 8 bytes per bucket of waste). Deleted entries go on a free list and are reused by the
 * next insertion, so a table whose size is stable does not grow its region.
 * Keys and values stored into a table must live at least as long as the table (R4); the
 * compiler's region placement treats hash-table-set! like vector-set!, and the values that
 * hash-table-update! computes here come from procedures called with rt_gc_region as their
 * result region. The table allocates only in its home region, never in a caller's.
 * Kinds: equal? (default; strings, numbers, pairs, vectors, bytevectors hashed by content),
 * eqv? (numbers by value, other objects by identity), eq?, string=?, string-ci=?, and any
 * other predicate (hashed with the given hash function, or with `hash` when none is given,
 * which is correct for any predicate coarser than equal? only if it is given a hash function).
 */
#include "rtlib.h"

enum { RT_HT_EQUAL, RT_HT_EQV, RT_HT_EQ, RT_HT_STRING, RT_HT_STRING_CI, RT_HT_CUSTOM };

typedef struct RtHashEntry {
    RtValue key, value;
    uint64_t hash;
    struct RtHashEntry *next;
} RtHashEntry;

struct RtHashImpl {
    Region *home;           /* where entries and bucket arrays are allocated */
    RtHashEntry **buckets;  /* nbuckets chains */
    uint64_t nbuckets;      /* a power of two */
    uint64_t count;         /* entries in the chains */
    RtHashEntry *free;      /* deleted entries, reused before allocating */
    RtValue equiv, hashfn;  /* the predicate and hash function (RT_FALSE: built in) */
};

#define RT_HT_MIN_BUCKETS 8u

/* ---- hash functions ------------------------------------------------------------------ */

static inline uint64_t rt_mix(uint64_t h) { /* the splitmix64 finaliser */
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebULL;
    return h ^ (h >> 31);
}
static inline uint64_t rt_combine(uint64_t h, uint64_t x) { return rt_mix(h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6))); }

/* fold: the hash of the string's full case folding (string-ci=?-consistent: "Straße" and
 * "STRASSE" hash alike). */
static uint64_t rt_hash_chars(const uint32_t *c, int64_t n, int fold) {
    uint64_t h = 0x84222325cbf29ce4ULL;
    if (!fold) {   /* two characters a step (a multiply and a rotation), then the finaliser */
        h ^= (uint64_t)n;
        int64_t i = 0;
        for (; i + 2 <= n; i += 2) {
            h = (h ^ ((uint64_t)c[i] | (uint64_t)c[i + 1] << 32)) * 0x9e3779b97f4a7c15ULL;
            h = h << 29 | h >> 35;
        }
        if (i < n) h = (h ^ c[i]) * 0x9e3779b97f4a7c15ULL;
        return rt_mix(h);
    }
    uint32_t f[3];
    for (int64_t i = 0; i < n; i++)
        for (size_t j = 0, k = rt_char_fold_full(c[i], f); j < k; j++) h = (h ^ f[j]) * 0x100000001b3ULL;
    return rt_mix(h);
}

/* eqv?-consistent: numbers by value (eqv? compares bits of flonums, limbs of bignums and
 * ratnums, parts of compnums),
 * empty strings, vectors and bytevectors by type (rt_eqv makes them eqv), the rest by word. */
static uint64_t rt_hash_eqv(RtValue v) {
    if (RT_IS_OBJ(v)) {
        RtHeader h = *RT_OBJ(v);
        switch (RT_HDR_TYPE(h)) {
        case TYPE_ID_FLOAT: {
            uint64_t bits;
            double d = RT_FLOVAL(v);
            memcpy(&bits, &d, sizeof bits);
            return rt_mix(bits ^ 0x5555);
        }
        case TYPE_ID_INT: {
            uint64_t x = h;
            size_t n = RT_HDR_COUNT(h) >> 1;
            for (size_t i = 0; i < n; i++) x = rt_combine(x, RT_AS(RtBignum, v)->limbs[i]);
            return x;
        }
        case TYPE_ID_RATNUM: {
            RtRatnum *r = RT_AS(RtRatnum, v);
            uint64_t x = rt_combine(h, r->nden);
            size_t n = (RT_HDR_COUNT(h) >> 1) + r->nden;
            for (size_t i = 0; i < n; i++) x = rt_combine(x, r->limbs[i]);
            return x;
        }
        case TYPE_ID_COMPNUM: {
            RtCompnum *c = RT_AS(RtCompnum, v);
            if (RT_HDR_COUNT(h)) return rt_combine(rt_hash_eqv(c->re.v), rt_hash_eqv(c->im.v));
            uint64_t re, im;
            memcpy(&re, &c->re.d, sizeof re);
            memcpy(&im, &c->im.d, sizeof im);
            return rt_combine(rt_mix(re ^ 0x5555), im);
        }
        case TYPE_ID_STRING:
        case TYPE_ID_VECTOR:
        case TYPE_ID_BYTEVECTOR:
            if (RT_HDR_COUNT(h) == 0) return rt_mix(h);
            break;
        case TYPE_ID_SYMBOL: return RT_AS(RtSymbol, v)->hash;
        default: break;
        }
    }
    if (RT_UNLIKELY(RT_NURSERY_YOUNG(v))) rt_nursery_fix(v);   /* its address is its hash */
    return rt_mix(v);
}

/* equal?-consistent, looking at no more than *budget nodes (deep or long structures hash by
 * their first nodes: still consistent, since equal structures have equal prefixes). */
static uint64_t rt_hash_equal_b(RtValue v, int *budget) {
    uint64_t h = 0x2545f4914f6cdd1dULL;
    while (RT_IS_PAIR(v)) {
        if (--*budget < 0) return h;
        h = rt_combine(h, rt_hash_equal_b(RT_CAR(v), budget));
        v = RT_CDR(v);
    }
    if (!RT_IS_OBJ(v)) return rt_combine(h, rt_hash_eqv(v));
    RtHeader hd = *RT_OBJ(v);
    int64_t n = (int64_t)RT_HDR_COUNT(hd);
    switch (RT_HDR_TYPE(hd)) {
    case TYPE_ID_STRING: return rt_hash_chars(RT_STR(v)->chars, n, 0) ^ h;   /* mixed already */
    case TYPE_ID_BYTEVECTOR: {
        uint64_t x = rt_mix(hd);
        for (int64_t i = 0; i < n; i++) x = (x ^ RT_AS(RtBytevector, v)->bytes[i]) * 0x100000001b3ULL;
        return rt_combine(h, x);
    }
    case TYPE_ID_VECTOR: {
        uint64_t x = rt_mix(hd);
        for (int64_t i = 0; i < n && --*budget >= 0; i++)
            x = rt_combine(x, rt_hash_equal_b(RT_AS(RtVector, v)->items[i], budget));
        return rt_combine(h, x);
    }
    case TYPE_ID_F64VECTOR: {   /* as the vector of the same flonums (equal? to it, list.c) */
        uint64_t x = rt_mix(RT_HDR(TYPE_ID_VECTOR, (uint64_t)n));
        for (int64_t i = 0; i < n && --*budget >= 0; i++) {
            uint64_t bits;
            memcpy(&bits, &RT_AS(RtF64Vector, v)->d[i], sizeof bits);
            x = rt_combine(x, rt_combine(0x2545f4914f6cdd1dULL, rt_mix(bits ^ 0x5555)));
        }
        return rt_combine(h, x);
    }
    case TYPE_ID_BOOLVECTOR: {   /* as the vector of the same booleans */
        uint64_t x = rt_mix(RT_HDR(TYPE_ID_VECTOR, (uint64_t)n));
        for (int64_t i = 0; i < n && --*budget >= 0; i++)
            x = rt_combine(x, rt_combine(0x2545f4914f6cdd1dULL, rt_hash_eqv(RT_BOOL(RT_AS(RtBoolVector, v)->b[i]))));
        return rt_combine(h, x);
    }
    case TYPE_ID_BOX: return rt_combine(h, rt_hash_equal_b(RT_AS(RtBox, v)->value, budget));
    default: return rt_combine(h, rt_hash_eqv(v));
    }
}

uint64_t rt_hash_equal(RtValue v) {
    int budget = 64;
    return rt_hash_equal_b(v, &budget);
}

/* ---- tables ---------------------------------------------------------------------------- */

#define RT_HT(v) (RT_AS(RtHashTable, v)->impl)
#define RT_HT_KIND(v) ((int)RT_HDR_COUNT(RT_AS(RtHashTable, v)->hdr))

static struct RtHashImpl *rt_ht_arg(const char *loc, const char *who, RtValue t) {
    RT_CHECK(RT_IS_TYPE(t, TYPE_ID_HASHTABLE), who, "a hash table", t);
    return RT_HT(t);
}

static RtHashEntry **rt_buckets_new(Region *r, uint64_t n) {
    RtHashEntry **b = rt_region_bump(r, n * sizeof *b);
    memset(b, 0, n * sizeof *b);
    return b;
}

static RtValue rt_ht_new(Region *rr, int kind, RtValue equiv, RtValue hashfn, uint64_t n) {
    struct RtHashImpl *h = rt_region_bump(rr, RT_ROUND(sizeof *h));
    h->home = rr;
    h->nbuckets = n;
    h->buckets = rt_buckets_new(rr, n);
    h->count = 0;
    h->free = NULL;
    h->equiv = equiv;
    h->hashfn = hashfn;
    rt_nursery_wb(&h->equiv, equiv);   /* untyped memory, read at later calls */
    rt_nursery_wb(&h->hashfn, hashfn);
    RtHashTable *t = alloc_obj_typed(rr, TYPE_ID_HASHTABLE);
    t->hdr = RT_HDR(TYPE_ID_HASHTABLE, kind);
    t->impl = h;
    return RT_TAG_AS_OBJ(t);
}

static uint64_t rt_ht_hash(Region *rr, const char *loc, const char *who, RtValue t, RtValue k) {
    struct RtHashImpl *h = RT_HT(t);
    switch (RT_HT_KIND(t)) {
    case RT_HT_EQUAL: return rt_hash_equal(k);
    case RT_HT_EQV: return rt_hash_eqv(k);
    case RT_HT_EQ: return rt_mix(k);
    case RT_HT_STRING:
    case RT_HT_STRING_CI:
        RT_CHECK(RT_IS_STRING(k), who, "a string key", k);
        return rt_hash_chars(RT_STR(k)->chars, RT_LEN(k), RT_HT_KIND(t) == RT_HT_STRING_CI);
    default: {
        if (h->hashfn == RT_FALSE) return 0; /* a predicate without a hash: one chain */
        RtValue x = rt_call1(rr, loc, h->hashfn, k);
        if (RT_IS_FIXNUM(x)) return rt_mix((uint64_t)RT_FIXVAL(x));
        return rt_hash_eqv(x);
    }
    }
}

static int rt_ht_same(Region *rr, const char *loc, RtValue t, RtValue a, RtValue b) {
    switch (RT_HT_KIND(t)) {
    case RT_HT_EQUAL: return rt_equal(a, b);
    case RT_HT_EQV: return rt_eqv2(a, b);
    case RT_HT_EQ: return a == b;
    case RT_HT_STRING: {
        if (!RT_IS_STRING(b) || RT_LEN(a) != RT_LEN(b)) return 0;
        return memcmp(RT_STR(a)->chars, RT_STR(b)->chars, (size_t)RT_LEN(a) * sizeof(uint32_t)) == 0;
    }
    case RT_HT_STRING_CI: return RT_IS_STRING(b) && rt_string_ci_cmp(a, b) == 0;
    default: return RT_TRUTHY(rt_call2(rr, loc, RT_HT(t)->equiv, a, b));
    }
}

/* The entry for key k (hash *hash_out), or NULL. */
static RtHashEntry *rt_ht_find(Region *rr, const char *loc, const char *who, RtValue t,
                               RtValue k, uint64_t *hash_out) {
    struct RtHashImpl *h = RT_HT(t);
    uint64_t hash = rt_ht_hash(rr, loc, who, t, k);
    if (hash_out != NULL) *hash_out = hash;
    for (RtHashEntry *e = h->buckets[hash & (h->nbuckets - 1)]; e != NULL; e = e->next)
        if (e->hash == hash && rt_ht_same(rr, loc, t, k, e->key)) return e;
    return NULL;
}

/* Double the bucket array: the old one is left in the home region (see the file comment). */
static void rt_ht_grow(struct RtHashImpl *h) {
    uint64_t n = h->nbuckets * 2;
    RtHashEntry **b = rt_buckets_new(h->home, n);
    for (uint64_t i = 0; i < h->nbuckets; i++) {
        RtHashEntry *e = h->buckets[i];
        while (e != NULL) {
            RtHashEntry *next = e->next;
            e->next = b[e->hash & (n - 1)];
            b[e->hash & (n - 1)] = e;
            e = next;
        }
    }
    h->buckets = b;
    h->nbuckets = n;
}

/* The key an /own-key insertion keeps: a copy of a string made in the table's home region (the
 * compiler passes only strings made for the call, which nothing else references); a literal
 * (static data, the program image) keeps its identity, and anything else is kept itself. */
extern char __executable_start[], _end[];   /* the program image (the linker's symbols) */
static RtValue rt_ht_own_key(struct RtHashImpl *h, RtValue k) {
    if (!RT_IS_STRING(k) || ((char *)RT_OBJ(k) >= __executable_start && (char *)RT_OBJ(k) < _end)) return k;
    int64_t n = RT_LEN(k);
    RtString *c = rt_string_new(h->home, n);
    memcpy(c->chars, RT_STR(k)->chars, (size_t)n * sizeof(uint32_t));
    return RT_TAG_AS_OBJ(c);
}

/* An /own-key insertion's key before the lookup: a table with the program's own equivalence and
 * hash procedures passes the key to them, which may keep it, so they get the copy at once. */
static RtValue rt_ht_custom_key(RtValue t, RtValue k) {
    return RT_HT_KIND(t) == RT_HT_CUSTOM ? rt_ht_own_key(RT_HT(t), k) : k;
}

static void rt_ht_put_key(Region *rr, const char *loc, const char *who, RtValue t, RtValue k,
                          RtValue v, int own_key) {
    uint64_t hash;
    RtHashEntry *e = rt_ht_find(rr, loc, who, t, k, &hash);
    if (e != NULL) {
        e->value = v;
        rt_nursery_wb(&e->value, v);
        return;
    }
    struct RtHashImpl *h = RT_HT(t);
    if (h->count >= h->nbuckets) rt_ht_grow(h);
    if (h->free != NULL) {
        e = h->free;
        h->free = e->next;
    } else {
        e = rt_region_bump(h->home, sizeof *e);
    }
    e->key = own_key && RT_HT_KIND(t) != RT_HT_CUSTOM ? rt_ht_own_key(h, k) : k;   /* (custom: copied) */
    rt_nursery_wb(&e->key, e->key);   /* a reused entry is old; k and v may predate the lookup's calls */
    e->value = v;
    rt_nursery_wb(&e->value, v);
    e->hash = hash;
    RtHashEntry **b = &h->buckets[hash & (h->nbuckets - 1)];
    e->next = *b;
    *b = e;
    h->count++;
}

static void rt_ht_put(Region *rr, const char *loc, const char *who, RtValue t, RtValue k, RtValue v) {
    rt_ht_put_key(rr, loc, who, t, k, v, 0);
}

/* "hash-table-ref: key not found: foo" (the key written, cut at 200 bytes). */
static RT_NORETURN RT_COLD void rt_ht_not_found(const char *loc, const char *who, RtValue k) {
    char *text = NULL, buf[208];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL) rt_out_of_memory();
    rt_error_print(f, k, 1);
    fclose(f);
    snprintf(buf, sizeof buf, "%.200s", text);
    free(text);
    rt_error_msg(loc, who, "key not found: %s", buf);
}

/* A snapshot of the entries, so that procedures called on them may change the table. */
static RtHashEntry **rt_ht_snapshot(struct RtHashImpl *h) {
    RtHashEntry **a = rt_gc_malloc((h->count + 1) * sizeof *a);
    uint64_t n = 0;
    for (uint64_t i = 0; i < h->nbuckets; i++)
        for (RtHashEntry *e = h->buckets[i]; e != NULL; e = e->next) a[n++] = e;
    return a;
}

/* ---- primitives ------------------------------------------------------------------------ */

static int rt_ht_kind_of(RtValue equiv) {
    if (equiv == RT_TAG_AS_OBJ(&rt_pc_equal_p)) return RT_HT_EQUAL;
    if (equiv == RT_TAG_AS_OBJ(&rt_pc_eqv_p)) return RT_HT_EQV;
    if (equiv == RT_TAG_AS_OBJ(&rt_pc_eq_p)) return RT_HT_EQ;
    if (equiv == RT_TAG_AS_OBJ(&rt_pc_string_eq_p)) return RT_HT_STRING;
    if (equiv == RT_TAG_AS_OBJ(&rt_pc_string_ci_eq_p)) return RT_HT_STRING_CI;
    return RT_HT_CUSTOM;
}

RtValue rt_p_make_hash_table(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue equiv = RT_OPT(0, RT_TAG_AS_OBJ(&rt_pc_equal_p));
    RtValue hashfn = RT_OPT(1, RT_FALSE);
    rt_check_proc(loc, "make-hash-table", equiv);
    if (hashfn != RT_FALSE) rt_check_proc(loc, "make-hash-table", hashfn);
    int kind = rt_ht_kind_of(equiv);
    /* A hash function given with a built-in predicate is not needed: ours agree with it. */
    return rt_ht_new(rr, kind, equiv, kind == RT_HT_CUSTOM ? hashfn : RT_FALSE,
                     RT_HT_MIN_BUCKETS);
}

RtValue rt_p_alist_to_hash_table(Region *rr, const char *loc, intptr_t argc,
                                 const RtValue *argv) {
    RtValue t = rt_p_make_hash_table(rr, loc, argc - 1, argv + 1);
    RtValue l = argv[0];
    RT_CHECK(rt_list_length(l) >= 0, "alist->hash-table", "an association list", l);
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        RtValue p = RT_CAR(l);
        RT_CHECK(RT_IS_PAIR(p), "alist->hash-table", "an association list", argv[0]);
        /* SRFI 69: the first association of a key wins */
        if (rt_ht_find(rr, loc, "alist->hash-table", t, RT_CAR(p), NULL) == NULL)
            rt_ht_put(rr, loc, "alist->hash-table", t, RT_CAR(p), RT_CDR(p));
    }
    return t;
}

RtValue rt_p_hash_table_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_HASHTABLE));
}

RtValue rt_p_hash_table_set_x(Region *rr, const char *loc, RtValue t, RtValue k, RtValue v) {
    rt_ht_arg(loc, "hash-table-set!", t);
    rt_ht_put(rr, loc, "hash-table-set!", t, k, v);
    return RT_UNSPEC;
}
RtValue rt_p_hash_table_set_x_own_key(Region *rr, const char *loc, RtValue t, RtValue k, RtValue v) {
    rt_ht_arg(loc, "hash-table-set!", t);
    k = rt_ht_custom_key(t, k);
    rt_ht_put_key(rr, loc, "hash-table-set!", t, k, v, 1);
    return RT_UNSPEC;
}

/* (hash-table-ref table key [failure [success]]) */
RtValue rt_p_hash_table_ref(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_ht_arg(loc, "hash-table-ref", argv[0]);
    RtHashEntry *e = rt_ht_find(rr, loc, "hash-table-ref", argv[0], argv[1], NULL);
    RtValue fail = RT_OPT(2, RT_FALSE), succeed = RT_OPT(3, RT_FALSE);
    if (e == NULL) {
        if (fail == RT_FALSE) rt_ht_not_found(loc, "hash-table-ref", argv[1]);
        return rt_call0(rr, loc, fail);
    }
    return succeed == RT_FALSE ? e->value : rt_call1(rr, loc, succeed, e->value);
}

RtValue rt_p_hash_table_ref_default(Region *rr, const char *loc, RtValue t, RtValue k,
                                    RtValue d) {
    rt_ht_arg(loc, "hash-table-ref/default", t);
    RtHashEntry *e = rt_ht_find(rr, loc, "hash-table-ref/default", t, k, NULL);
    return e == NULL ? d : e->value;
}

/* (hash-table-update! table key proc [failure]): the new value is computed before it is
 * stored, so proc may itself change the table. It is stored in the table, which may be older
 * than rr: proc (and failure, whose value proc may return) allocate in the collected heap. */
static RtValue rt_ht_update(Region *rr, const char *loc, intptr_t argc, const RtValue *argv, int own_key) {
    const char *who = "hash-table-update!";
    RtValue t = argv[0], k = argv[1], proc = argv[2], fail = RT_OPT(3, RT_FALSE);
    rt_ht_arg(loc, who, t);
    rt_check_proc(loc, who, proc);
    if (own_key) k = rt_ht_custom_key(t, k);
    RtHashEntry *e = rt_ht_find(rr, loc, who, t, k, NULL);
    RtValue old;
    if (e != NULL) old = e->value;
    else if (fail != RT_FALSE) old = rt_call0(&rt_gc_region, loc, fail);
    else rt_ht_not_found(loc, who, k);
    rt_ht_put_key(rr, loc, who, t, k, rt_call1(&rt_gc_region, loc, proc, old), own_key);
    return RT_UNSPEC;
}
RtValue rt_p_hash_table_update_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_ht_update(rr, loc, argc, argv, 0);
}
RtValue rt_p_hash_table_update_x_own_key(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_ht_update(rr, loc, argc, argv, 1);
}

static RtValue rt_ht_update_default(Region *rr, const char *loc, RtValue t, RtValue k, RtValue proc,
                                    RtValue d, int own_key) {
    const char *who = "hash-table-update!/default";
    rt_ht_arg(loc, who, t);
    rt_check_proc(loc, who, proc);
    if (own_key) k = rt_ht_custom_key(t, k);
    RtHashEntry *e = rt_ht_find(rr, loc, who, t, k, NULL);
    rt_ht_put_key(rr, loc, who, t, k, rt_call1(&rt_gc_region, loc, proc, e != NULL ? e->value : d), own_key);
    return RT_UNSPEC;
}
RtValue rt_p_hash_table_update_x_default(Region *rr, const char *loc, RtValue t, RtValue k,
                                         RtValue proc, RtValue d) {
    return rt_ht_update_default(rr, loc, t, k, proc, d, 0);
}
RtValue rt_p_hash_table_update_x_default_own_key(Region *rr, const char *loc, RtValue t, RtValue k,
                                                 RtValue proc, RtValue d) {
    return rt_ht_update_default(rr, loc, t, k, proc, d, 1);
}

RtValue rt_p_hash_table_delete_x(Region *rr, const char *loc, RtValue t, RtValue k) {
    struct RtHashImpl *h = rt_ht_arg(loc, "hash-table-delete!", t);
    uint64_t hash = rt_ht_hash(rr, loc, "hash-table-delete!", t, k);
    for (RtHashEntry **p = &h->buckets[hash & (h->nbuckets - 1)]; *p != NULL; p = &(*p)->next) {
        RtHashEntry *e = *p;
        if (e->hash == hash && rt_ht_same(rr, loc, t, k, e->key)) {
            *p = e->next;
            e->key = e->value = RT_FALSE;
            e->next = h->free;
            h->free = e;
            h->count--;
            break;
        }
    }
    return RT_UNSPEC;
}

RtValue rt_p_hash_table_contains_p(Region *rr, const char *loc, RtValue t, RtValue k) {
    rt_ht_arg(loc, "hash-table-contains?", t);
    return RT_BOOL(rt_ht_find(rr, loc, "hash-table-contains?", t, k, NULL) != NULL);
}

RtValue rt_p_hash_table_exists_p(Region *rr, const char *loc, RtValue t, RtValue k) {
    rt_ht_arg(loc, "hash-table-exists?", t);
    return RT_BOOL(rt_ht_find(rr, loc, "hash-table-exists?", t, k, NULL) != NULL);
}

RtValue rt_p_hash_table_count(Region *rr, const char *loc, RtValue t) {
    return RT_FIX((int64_t)rt_ht_arg(loc, "hash-table-count", t)->count);
}

RtValue rt_p_hash_table_size(Region *rr, const char *loc, RtValue t) {
    return RT_FIX((int64_t)rt_ht_arg(loc, "hash-table-size", t)->count);
}

/* keys (what 0), values (1) or associations (2) as a list in rr. */
static RtValue rt_ht_list(Region *rr, struct RtHashImpl *h, int what) {
    RtValue l = RT_NIL;
    for (uint64_t i = 0; i < h->nbuckets; i++)
        for (RtHashEntry *e = h->buckets[i]; e != NULL; e = e->next)
            l = rt_cons(rr, what == 0 ? e->key : what == 1 ? e->value
                                                            : rt_cons(rr, e->key, e->value),
                        l);
    return l;
}

RtValue rt_p_hash_table_keys(Region *rr, const char *loc, RtValue t) {
    return rt_ht_list(rr, rt_ht_arg(loc, "hash-table-keys", t), 0);
}

RtValue rt_p_hash_table_values(Region *rr, const char *loc, RtValue t) {
    return rt_ht_list(rr, rt_ht_arg(loc, "hash-table-values", t), 1);
}

RtValue rt_p_hash_table_to_alist(Region *rr, const char *loc, RtValue t) {
    return rt_ht_list(rr, rt_ht_arg(loc, "hash-table->alist", t), 2);
}

RtValue rt_p_hash_table_walk(Region *rr, const char *loc, RtValue t, RtValue proc) {
    struct RtHashImpl *h = rt_ht_arg(loc, "hash-table-walk", t);
    rt_check_proc(loc, "hash-table-walk", proc);
    uint64_t n = h->count;
    RtHashEntry **a = rt_ht_snapshot(h);
    /* keys and values, not the entries (proc may delete and reuse them), in scanned memory:
     * they may be the only references left to what proc deletes */
    RtValue *kv = rt_gc_malloc((2 * n + 1) * sizeof *kv);
    for (uint64_t i = 0; i < n; i++) {
        kv[2 * i] = a[i]->key;
        kv[2 * i + 1] = a[i]->value;
        rt_nursery_wb(&kv[2 * i], kv[2 * i]);   /* read after many calls */
        rt_nursery_wb(&kv[2 * i + 1], kv[2 * i + 1]);
    }
    rt_gc_free(a);
    for (uint64_t i = 0; i < n; i++) rt_call2(rr, loc, proc, kv[2 * i], kv[2 * i + 1]);
    rt_gc_free(kv);
    return RT_UNSPEC;
}

/* (hash-table-fold table kons knil): (kons key value acc) over the entries. */
RtValue rt_p_hash_table_fold(Region *rr, const char *loc, RtValue t, RtValue kons,
                             RtValue acc) {
    struct RtHashImpl *h = rt_ht_arg(loc, "hash-table-fold", t);
    rt_check_proc(loc, "hash-table-fold", kons);
    RtValue l = rt_ht_list(rr, h, 2);
    for (; RT_IS_PAIR(l); l = RT_CDR(l)) {
        RtValue a[3] = {RT_CAR(RT_CAR(l)), RT_CDR(RT_CAR(l)), acc};
        acc = rt_call(rr, loc, kons, 3, a);
    }
    return acc;
}

RtValue rt_p_hash_table_copy(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    struct RtHashImpl *h = rt_ht_arg(loc, "hash-table-copy", argv[0]);
    RtValue c = rt_ht_new(rr, RT_HT_KIND(argv[0]), h->equiv, h->hashfn, h->nbuckets);
    struct RtHashImpl *d = RT_HT(c);
    for (uint64_t i = 0; i < h->nbuckets; i++)
        for (RtHashEntry *e = h->buckets[i]; e != NULL; e = e->next) {
            RtHashEntry *f = rt_region_bump(rr, sizeof *f);
            *f = *e;
            rt_nursery_wb(&f->key, f->key);   /* untyped memory, read at later calls */
            rt_nursery_wb(&f->value, f->value);
            f->next = d->buckets[i];
            d->buckets[i] = f;
        }
    d->count = h->count;
    return c;
}

/* Evacuation (evacuate.c): fn on each key and value of table t, and on its procedures. */
void rt_hashtable_each_value(RtValue t, RtValue (*fn)(void *cx, RtValue v), void *cx) {
    struct RtHashImpl *h = RT_HT(t);
    fn(cx, h->equiv);
    fn(cx, h->hashfn);
    for (uint64_t i = 0; i < h->nbuckets; i++)
        for (RtHashEntry *e = h->buckets[i]; e != NULL; e = e->next) {
            fn(cx, e->key);
            fn(cx, e->value);
        }
}

/* Evacuation: table t (a copy of a region's table, or a table of the collected heap an
 * evacuation walks) gets a descriptor, buckets and entries of its own in the collected heap,
 * holding its entries with each key and value replaced by fn's (their copies). Each key is
 * hashed again: an eq? or eqv? table hashes addresses, an equal? one records' and procedures'
 * addresses, and a custom hash function may too (it is called). */
void rt_hashtable_rehome(RtValue t, RtValue (*fn)(void *cx, RtValue v), void *cx) {
    struct RtHashImpl *h = RT_HT(t);
    struct RtHashImpl *d = rt_region_bump(&rt_gc_region, RT_ROUND(sizeof *d));
    d->home = &rt_gc_region;
    d->nbuckets = h->nbuckets;
    d->buckets = rt_buckets_new(&rt_gc_region, h->nbuckets);
    d->count = 0;
    d->free = NULL;
    d->equiv = fn(cx, h->equiv);
    d->hashfn = fn(cx, h->hashfn);
    rt_nursery_wb(&d->equiv, d->equiv);
    rt_nursery_wb(&d->hashfn, d->hashfn);
    RT_AS(RtHashTable, t)->impl = d;
    for (uint64_t i = 0; i < h->nbuckets; i++)
        for (RtHashEntry *e = h->buckets[i]; e != NULL; e = e->next) {
            RtHashEntry *f = rt_region_bump(&rt_gc_region, sizeof *f);
            f->key = fn(cx, e->key);
            f->value = fn(cx, e->value);
            rt_nursery_wb(&f->key, f->key);
            rt_nursery_wb(&f->value, f->value);
            f->hash = rt_ht_hash(&rt_gc_region, NULL, "hash-table-set!", t, f->key);
            uint64_t b = f->hash & (d->nbuckets - 1);
            f->next = d->buckets[b];
            d->buckets[b] = f;
            d->count++;
        }
}

RtValue rt_p_hash_table_clear_x(Region *rr, const char *loc, RtValue t) {
    struct RtHashImpl *h = rt_ht_arg(loc, "hash-table-clear!", t);
    for (uint64_t i = 0; i < h->nbuckets; i++) {
        RtHashEntry *e = h->buckets[i];
        while (e != NULL) {
            RtHashEntry *next = e->next;
            e->key = e->value = RT_FALSE;
            e->next = h->free;
            h->free = e;
            e = next;
        }
        h->buckets[i] = NULL;
    }
    h->count = 0;
    return RT_UNSPEC;
}

RtValue rt_p_hash_table_equivalence_function(Region *rr, const char *loc, RtValue t) {
    return rt_ht_arg(loc, "hash-table-equivalence-function", t)->equiv;
}

/* The hash as a non-negative fixnum, reduced modulo the optional bound (SRFI 69). */
static RtValue rt_hash_result(const char *loc, const char *who, uint64_t h, intptr_t argc,
                              const RtValue *argv) {
    RtValue bound = RT_OPT(1, RT_DEFAULT);
    uint64_t r = h & (uint64_t)RT_FIXNUM_MAX;
    if (bound != RT_DEFAULT && bound != RT_FIX(0)) { /* SRFI 13: a bound of 0 is no bound */
        RT_CHECK(RT_IS_FIXNUM(bound) && RT_FIXVAL(bound) > 0, who, "a positive bound", bound);
        r %= (uint64_t)RT_FIXVAL(bound);
    }
    return RT_FIX((int64_t)r);
}

RtValue rt_p_hash(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_hash_result(loc, "hash", rt_hash_equal(argv[0]), argc, argv);
}

RtValue rt_p_equal_hash(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_hash_result(loc, "equal-hash", rt_hash_equal(argv[0]), argc, argv);
}

/* (string-hash s [bound start end]), (string-ci-hash s [bound start end]): SRFI 69's, with
 * SRFI 13's range of s. */
static RtValue rt_string_hash_range(const char *loc, const char *who, intptr_t argc,
                                    const RtValue *argv, int ci) {
    RT_CHECK(RT_IS_STRING(argv[0]), who, "a string", argv[0]);
    int64_t start = 0, end = RT_LEN(argv[0]);
    if (argc > 2) rt_range_args(loc, who, argc, argv, 2, RT_LEN(argv[0]), "string", &start, &end);
    return rt_hash_result(loc, who, rt_hash_chars(RT_STR(argv[0])->chars + start, end - start, ci),
                          argc, argv);
}

RtValue rt_p_string_hash(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_string_hash_range(loc, "string-hash", argc, argv, 0);
}

RtValue rt_p_string_ci_hash(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_string_hash_range(loc, "string-ci-hash", argc, argv, 1);
}

RtValue rt_p_hash_by_identity(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_hash_result(loc, "hash-by-identity", rt_mix(argv[0]), argc, argv);
}
