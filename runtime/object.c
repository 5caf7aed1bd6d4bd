/* object.c: the mk_* constructors, the type-name table, the symbol intern table, and the two
 * shapes every library file reads: a list's length (rt_list_length) and multiple values
 * (rt_values).
 *
 * Constructors are the conventional one-call-per-object API; compiled code with known types
 * calls alloc_obj_typed directly and fills the fields itself. Fixed-size objects use
 * alloc_obj_typed, variable-size ones (string, vector, bytevector, closure, record, bignum)
 * alloc_obj_sized; given rt_gc_region they reach the collected heap's allocation through the
 * typed slow path (rt_region_alloc_typed_slow, then rt_heap_alloc: a flonum, bignum or string
 * pointer-free, as the compiler's rt_heap_typed makes it). Strings hold Unicode code points
 * (uint32_t), decoded from UTF-8 with invalid input read as U+FFFD. Symbols are interned
 * (rt_intern): a name already seen returns its symbol without allocating; a new one is
 * allocated in rt_global_region whatever region the caller passed, since a symbol outlives
 * every region.
 */
#include "rtlib.h"

#include <pthread.h>

#include <stdio.h>
#include <stdlib.h>

const char *const rt_type_name[TYPE_ID_COUNT] = {
#define RT_X_NAME(name, size, inl, what) what,
    RT_TYPE_TABLE(RT_X_NAME)
#undef RT_X_NAME
};

/* Bytes of `n` elements of `elem` bytes, or out of memory when that cannot exist (it would
 * overflow size_t or the 56-bit header count). */
static size_t rt_extra_bytes(size_t n, size_t elem) {
    if (RT_UNLIKELY(n > ((size_t)1 << 48) / elem)) rt_out_of_memory();
    return n * elem;
}

/* ---- numbers, pairs, boxes ----------------------------------------------------------------- */
RtValue mk_int(Region *r, int64_t n) {
    if (n >= RT_FIXNUM_MIN && n <= RT_FIXNUM_MAX) return RT_FIX(n);
    /* One limb holds any int64_t; the magnitude of INT64_MIN is 2^63, computed unsigned. */
    RtBignum *b = alloc_obj_sized(r, TYPE_ID_INT, sizeof(uint64_t));
    int neg = n < 0;
    b->hdr = RT_HDR(TYPE_ID_INT, (1u << 1) | (unsigned)neg);
    b->limbs[0] = neg ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
    return RT_TAG_AS_OBJ(b);
}

RtValue mk_float(Region *r, double d) {
    RtFlonum *f = alloc_obj_typed(r, TYPE_ID_FLOAT);
    f->hdr = RT_HDR(TYPE_ID_FLOAT, 0);
    f->d = d;
    return RT_TAG_AS_OBJ(f);
}

RtValue mk_pair(Region *r, RtValue car, RtValue cdr) {
    RtPair *p = alloc_obj_typed(r, TYPE_ID_PAIR);
    p->car = car;
    p->cdr = cdr;
    return RT_TAG_AS_PAIR(p);
}

RtValue mk_box(Region *r, RtValue v) {
    RtBox *b = alloc_obj_typed(r, TYPE_ID_BOX);
    b->hdr = RT_HDR(TYPE_ID_BOX, 0);
    b->value = v;
    return RT_TAG_AS_OBJ(b);
}

/* ---- list length, multiple values ----------------------------------------------------------
 * Here, below the library files, because apply (call.c), strings, vectors, records, sorting,
 * hash tables and the reader all measure lists, and lists (partition) return values. */

/* Length of a proper list, -1 if improper or circular (Floyd's cycle detection). */
int64_t rt_list_length(RtValue l) {
    int64_t n = 0;
    RtValue slow = l;
    while (RT_IS_PAIR(l)) {
        l = RT_CDR(l);
        n++;
        if (!RT_IS_PAIR(l)) break;
        l = RT_CDR(l);
        n++;
        slow = RT_CDR(slow);
        if (l == slow) return -1;
    }
    return l == RT_NIL ? n : -1;
}

/* (values x) is x; any other count a TYPE_ID_VALUES object (regal.h, "Control"). */
RtValue rt_values(Region *rr, intptr_t n, const RtValue *items) {
    if (n == 1) return items[0];
    RtValues *v = alloc_obj_sized(rr, TYPE_ID_VALUES, (size_t)n * sizeof(RtValue));
    v->hdr = RT_HDR(TYPE_ID_VALUES, n);
    if (n > 0) memcpy(v->items, items, (size_t)n * sizeof(RtValue));
    return RT_TAG_AS_OBJ(v);
}

/* ---- UTF-8 (rt_utf8_next: rtlib.h) ---------------------------------------------------------- */
static size_t rt_utf8_count(const unsigned char *s, size_t len) {
    size_t n = 0;
    for (size_t i = 0; i < len; n++) rt_utf8_next(s, len, &i);
    return n;
}

/* ---- strings, vectors, bytevectors --------------------------------------------------------- */
static RtString *rt_string_alloc(Region *r, size_t len) {
    RtString *s = alloc_obj_sized(r, TYPE_ID_STRING, rt_extra_bytes(len, sizeof(uint32_t)));
    s->hdr = RT_HDR(TYPE_ID_STRING, len);
    return s;
}

static RtString *rt_string_decode(Region *r, const char *utf8, size_t len) {
    const unsigned char *u = (const unsigned char *)utf8;
    RtString *s = rt_string_alloc(r, rt_utf8_count(u, len));
    size_t j = 0;
    for (size_t i = 0; i < len;) s->chars[j++] = rt_utf8_next(u, len, &i);
    return s;
}

RtValue mk_string_n(Region *r, const char *utf8, size_t len) {
    return RT_TAG_AS_OBJ(rt_string_decode(r, utf8, len));
}

RtValue mk_string(Region *r, const char *utf8) { return mk_string_n(r, utf8, strlen(utf8)); }

RtValue mk_string_fill(Region *r, size_t len, uint32_t fill) {
    RtString *s = rt_string_alloc(r, len);
    for (size_t i = 0; i < len; i++) s->chars[i] = fill;
    return RT_TAG_AS_OBJ(s);
}

RtValue mk_vector(Region *r, size_t len, RtValue fill) {
    RtVector *v = alloc_obj_sized(r, TYPE_ID_VECTOR, rt_extra_bytes(len, sizeof(RtValue)));
    v->hdr = RT_HDR(TYPE_ID_VECTOR, len);
    for (size_t i = 0; i < len; i++) v->items[i] = fill;
    return RT_TAG_AS_OBJ(v);
}

RtValue mk_bytevector(Region *r, size_t len, uint8_t fill) {
    RtBytevector *b = alloc_obj_sized(r, TYPE_ID_BYTEVECTOR, rt_extra_bytes(len, 1));
    b->hdr = RT_HDR(TYPE_ID_BYTEVECTOR, len);
    memset(b->bytes, fill, len);
    return RT_TAG_AS_OBJ(b);
}

/* ---- closures and records ------------------------------------------------------------------ */
RtValue mk_closure(Region *r, RtCode code, size_t nfree) {
    RtClosure *c = alloc_obj_sized(r, TYPE_ID_CLOSURE, rt_extra_bytes(nfree, sizeof(RtValue)));
    c->hdr = RT_HDR(TYPE_ID_CLOSURE, nfree);
    c->code = code;
    for (size_t i = 0; i < nfree; i++) c->free[i] = RT_UNSPEC;
    return RT_TAG_AS_OBJ(c);
}

RtValue mk_record(Region *r, RtValue type, size_t nfields) {
    RtRecord *rec = alloc_obj_sized(r, TYPE_ID_RECORD, rt_extra_bytes(nfields, sizeof(RtValue)));
    rec->hdr = RT_HDR(TYPE_ID_RECORD, nfields);
    rec->type = type;
    for (size_t i = 0; i < nfields; i++) rec->fields[i] = RT_UNSPEC;
    return RT_TAG_AS_OBJ(rec);
}

/* ---- symbols --------------------------------------------------------------------------------
 * A chained hash table keyed by the UTF-8 bytes of the name. Each symbol keeps its name twice:
 * as a Scheme string (code points) in `name`, and as NUL-terminated UTF-8 right after the
 * RtSymbol, with the byte length in the header count (rt_symbol_utf8). Only well-formed UTF-8
 * is ever stored: an ill-formed name is first rewritten with each maximal ill-formed part as
 * EF BF BD (U+FFFD), so equal code points <=> equal bytes, and a lookup is a word-at-a-time
 * hash, one bucket load, and a compare of hash, length and bytes: a few nanoseconds for a
 * name already interned, with no allocation. The bucket array comes from rt_upstream_alloc
 * and doubles when the count reaches the capacity (load factor <= 1). */
static RtSymbol **rt_sym_table;
static size_t rt_sym_cap;                     /* a power of two, or 0 before the first intern */
static size_t rt_sym_n;
/* Threads intern under one lock (thread.c's threads and tasks), lookups included: the table
 * may grow under a reader; before a second thread starts there is none (rt_intern). Symbols
 * and their names live in a region of their own, touched only under the lock (or by the one
 * thread) and never released (the program's thread allocates in rt_global_region without a
 * lock); like rt_global_region it has depth 0 and outlives every region. */
static pthread_mutex_t rt_sym_lock = PTHREAD_MUTEX_INITIALIZER;
static Region rt_sym_region = {
    .cur = rt_sym_region.inline_buf,
    .end = rt_sym_region.inline_buf + RT_INLINE_BYTES,
    .chunks = NULL, .large = NULL, .depth = 0, .parent = NULL,
};

size_t rt_symbol_count(void) { return rt_sym_n; }

/* The 64x64->128 multiply folded to 64 bits: a fast, well-mixing step (as in wyhash). */
static inline uint64_t rt_mum(uint64_t a, uint64_t b) {
    __uint128_t p = (__uint128_t)a * b;
    return (uint64_t)p ^ (uint64_t)(p >> 64);
}
static inline uint64_t rt_load8(const unsigned char *s) { uint64_t w; memcpy(&w, s, 8); return w; }
static inline uint64_t rt_load4(const unsigned char *s) { uint32_t w; memcpy(&w, s, 4); return w; }

/* The hash of n bytes. The tail is read with overlapping loads (the length is in the seed,
 * so overlaps cannot make two names collide systematically). */
static inline uint64_t rt_name_hash(const unsigned char *s, size_t n) {
    const uint64_t k0 = 0xa0761d6478bd642fu, k1 = 0xe7037ed1a0b428dbu;
    uint64_t h = k0 ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) h = rt_mum(h ^ rt_load8(s + i), k1);
    size_t t = n - i;
    if (t >= 4)
        h = rt_mum(h ^ (rt_load4(s + i) << 32 | rt_load4(s + n - 4)), k1);
    else if (t > 0)
        h = rt_mum(h ^ ((uint64_t)s[i] << 16 | (uint64_t)s[i + t / 2] << 8 | s[n - 1]), k1);
    return rt_mum(h, k0);
}

/* Equality of n bytes, again with overlapping word loads. */
static inline int rt_bytes_eq(const unsigned char *a, const unsigned char *b, size_t n) {
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            if (rt_load8(a + i) != rt_load8(b + i)) return 0;
        return rt_load8(a + n - 8) == rt_load8(b + n - 8);
    }
    if (n >= 4) return rt_load4(a) == rt_load4(b) && rt_load4(a + n - 4) == rt_load4(b + n - 4);
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static void rt_sym_grow(void) {
    if (rt_sym_cap == 0) rt_region_closed(&rt_sym_region);   /* before its first chunk */
    size_t cap = rt_sym_cap ? rt_sym_cap * 2 : 1024;
    RtSymbol **t = rt_upstream_alloc(cap * sizeof *t);
    memset(t, 0, cap * sizeof *t);
    for (size_t i = 0; i < rt_sym_cap; i++) {
        for (RtSymbol *s = rt_sym_table[i], *next; s != NULL; s = next) {
            next = s->next;
            RtSymbol **slot = &t[s->hash & (cap - 1)];
            s->next = *slot;
            *slot = s;
        }
    }
    rt_upstream_free(rt_sym_table, rt_sym_cap * sizeof *t);
    rt_sym_table = t;
    rt_sym_cap = cap;
}

/* Is u well-formed UTF-8? (A decoded U+FFFD is an error unless it was the 3 bytes EF BF BD.) */
static int rt_utf8_valid(const unsigned char *u, size_t len) {
    for (size_t i = 0; i < len;) {
        if (u[i] < 0x80) { i++; continue; }
        size_t start = i;
        if (rt_utf8_next(u, len, &i) == 0xFFFD && !(i - start == 3 && u[start] == 0xEF))
            return 0;
    }
    return 1;
}

static RtValue rt_intern_locked(const char *utf8, size_t len);

/* Rewrite ill-formed UTF-8 to well-formed (each ill-formed part as EF BF BD), intern that. */
static RtValue rt_intern_canonical(const unsigned char *u, size_t len) {
    size_t cap = 3 * len;                     /* a byte becomes at most 3 bytes */
    unsigned char *buf = rt_upstream_alloc(cap);
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        size_t start = i;
        uint32_t cp = rt_utf8_next(u, len, &i);
        if (cp == 0xFFFD && !(i - start == 3 && u[start] == 0xEF)) {
            buf[o++] = 0xEF; buf[o++] = 0xBF; buf[o++] = 0xBD;
        } else {
            memcpy(buf + o, u + start, i - start);
            o += i - start;
        }
    }
    RtValue v = rt_intern_locked((const char *)buf, o);
    rt_upstream_free(buf, cap);
    return v;
}

RtValue rt_intern(const char *utf8, size_t len) {
    /* One thread (no other was ever started: rt_thread_create sets the flag before it starts
     * one, and it stays set): nobody else reads or grows the table, so no lock. */
    if (RT_LIKELY(!__atomic_load_n(&rt_threads_spawned, __ATOMIC_ACQUIRE))) return rt_intern_locked(utf8, len);
    pthread_mutex_lock(&rt_sym_lock);
    RtValue v = rt_intern_locked(utf8, len);
    pthread_mutex_unlock(&rt_sym_lock);
    return v;
}

static RtValue rt_intern_locked(const char *utf8, size_t len) {
    const unsigned char *u = (const unsigned char *)utf8;
    uint64_t h = rt_name_hash(u, len);
    if (RT_LIKELY(rt_sym_cap != 0)) {
        for (RtSymbol *s = rt_sym_table[h & (rt_sym_cap - 1)]; s != NULL; s = s->next)
            if (s->hash == h && RT_HDR_COUNT(s->hdr) == len &&
                rt_bytes_eq((const unsigned char *)(s + 1), u, len))
                return RT_TAG_AS_OBJ(s);
    }
    /* Not found: a new symbol, unless the name is ill-formed and its canonical form exists. */
    if (!rt_utf8_valid(u, len)) return rt_intern_canonical(u, len);
    if (RT_UNLIKELY(len > ((size_t)1 << 40))) rt_out_of_memory();
    if (rt_sym_n >= rt_sym_cap) rt_sym_grow();
    /* Name and symbol go in the symbols' region, which outlives every region. */
    RtString *name = rt_string_decode(&rt_sym_region, utf8, len);
    RtSymbol *s = alloc_obj_sized(&rt_sym_region, TYPE_ID_SYMBOL, len + 1);
    s->hdr = RT_HDR(TYPE_ID_SYMBOL, len);
    s->name = RT_TAG_AS_OBJ(name);
    s->hash = h;
    memcpy(s + 1, utf8, len);
    ((char *)(s + 1))[len] = 0;
    RtSymbol **slot = &rt_sym_table[h & (rt_sym_cap - 1)];
    s->next = *slot;
    *slot = s;
    rt_sym_n++;
    return RT_TAG_AS_OBJ(s);
}

void rt_intern_statics(RtSymbol *const *syms, size_t n) {
    pthread_mutex_lock(&rt_sym_lock);
    for (size_t i = 0; i < n; i++) {
        RtSymbol *s = syms[i];
        size_t len = RT_HDR_COUNT(s->hdr);
        const unsigned char *u = (const unsigned char *)(s + 1);
        uint64_t h = rt_name_hash(u, len);
        int dup = 0, same = 0;
        if (rt_sym_cap != 0)
            for (RtSymbol *o = rt_sym_table[h & (rt_sym_cap - 1)]; o != NULL; o = o->next) {
                same |= o == s; /* shared by separately compiled units: interned by another */
                dup |= o != s && o->hash == h && RT_HDR_COUNT(o->hdr) == len && rt_bytes_eq((const unsigned char *)(o + 1), u, len);
            }
        if (same && !dup) continue;
        if (dup || !rt_utf8_valid(u, len)) {
            fprintf(stderr, "regal: internal error: static symbol '%s' %s\n", (const char *)u,
                    dup ? "is interned twice" : "is ill-formed UTF-8");
            abort();
        }
        if (rt_sym_n >= rt_sym_cap) rt_sym_grow();
        s->hash = h;
        RtSymbol **slot = &rt_sym_table[h & (rt_sym_cap - 1)];
        s->next = *slot;
        *slot = s;
        rt_sym_n++;
    }
    pthread_mutex_unlock(&rt_sym_lock);
}

RtValue mk_symbol_n(Region *r, const char *utf8, size_t len) {
    (void)r;                                   /* symbols never live in the caller's region */
    return rt_intern(utf8, len);
}

RtValue mk_symbol(Region *r, const char *name) { return mk_symbol_n(r, name, strlen(name)); }
