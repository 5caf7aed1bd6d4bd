/* evacuate.c: copying what a value reaches in a region out of it, into the collected heap, so
 * that the region can be left while the value lives on.
 *
 * Two users. Compiled code EVACUATES a call (compiler/regions.c, Ast.place_evac): a call whose
 * result must live in the collected heap, of a procedure that leaves garbage in the region it
 * is given (what it passes in tail calls), runs in a region entered for the call; when it
 * returns, its result is copied out and the region is left, garbage and all. A task (task.c)
 * runs in a region of its own and its result is copied out the same way.
 *
 * Why the result is the only root. By R4 (regal.h) nothing older than the region points into
 * it: not the collected heap, not the caller's frames. The callee put there only what region
 * inference let it put in the region it is given: what it returns, and what it passes in tail
 * calls that do not keep it (compiler/regions.c excludes callees that store such objects into
 * their arguments' objects). The younger regions are gone. So the objects the result reaches
 * in the region are the only ones anything can still use; the walk stops at older objects.
 * Two exceptions, both handled here: a region past its budget (RT_TAIL_SPILLED) or captured by
 * a continuation (guard's one-shot %call/1cc, inside the call) allocated in the collected heap
 * objects that stand for it and may point into it, so the walk then also goes through the
 * collected heap's objects (fixing their fields in place); and a hash table
 * made in the region has its entries, bucket arrays and descriptor there (hashtable.c, "home
 * region"): its copy gets a new home in the collected heap, its entries hashed again, since
 * an eq? or eqv? table hashes its keys' addresses. The compiler evacuates no call in a program
 * whose continuations may be re-entered, that may run eval, or that can see an address as a
 * number (hash-by-identity, hash, equal-hash: prims.def's RT_PF_ADDR_HASH).
 *
 * The copy keeps sharing and cycles (a map from old addresses to copies) and leaves the
 * region's objects as they were (a captured continuation may still use them: task.c's tasks).
 * Copies are young while the nursery is on and its window has room, else libgc's (ev_alloc:
 * never a minor collection during the walk); fields are written with the nursery's write
 * barrier (a copy may be an old object).
 */
#include "rtlib.h"

#include <gc.h>

#define EV_SMALL 32

typedef struct Ev {
    RtRange *ranges;            /* the region's memory, sorted */
    size_t nranges;
    int follow;                 /* the region spilled or was captured: walk the collected
                                   heap's objects too */
    uintptr_t *keys;            /* open addressing: old address -> 1 + index in done[] */
    size_t *vals, cap, n;
    RtValue *done;              /* copies, and (follow) the collected heap's objects visited */
    size_t ndone, donecap;
    RtValue *tables;            /* hash tables among them, their entries made again at the end */
    size_t ntables, tablecap;
    uint64_t bytes;             /* bytes copied */
    /* the first EV_SMALL of each, in the C frame (most results are a few objects; the frame is
     * a root of libgc's too) */
    uintptr_t skeys[2 * EV_SMALL];
    size_t svals[2 * EV_SMALL];
    RtValue sdone[EV_SMALL];
} Ev;

static int ev_range_cmp(const void *a, const void *b) {
    uintptr_t x = ((const RtRange *)a)->lo, y = ((const RtRange *)b)->lo;
    return x < y ? -1 : x > y;
}

static int ev_owned(const Ev *e, uintptr_t a) {
    size_t lo = 0, hi = e->nranges;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (a < e->ranges[mid].lo) hi = mid;
        else if (a >= e->ranges[mid].hi) lo = mid + 1;
        else return 1;
    }
    return 0;
}

static size_t ev_hash(uintptr_t a, size_t cap) { return (size_t)((a >> 3) * 0x9E3779B97F4A7C15u) & (cap - 1); }

static void ev_map_put(Ev *e, uintptr_t key, size_t val);
static void ev_map_grow(Ev *e) {
    uintptr_t *ok = e->keys;
    size_t *ov = e->vals, ocap = e->cap;
    e->cap = ocap * 2;
    e->keys = calloc(e->cap, sizeof *e->keys);
    e->vals = calloc(e->cap, sizeof *e->vals);
    if (e->keys == NULL || e->vals == NULL) rt_out_of_memory();
    e->n = 0;
    for (size_t i = 0; i < ocap; i++)
        if (ok[i] != 0) ev_map_put(e, ok[i], ov[i]);
    if (ok != e->skeys) {
        free(ok);
        free(ov);
    }
}
static void ev_map_put(Ev *e, uintptr_t key, size_t val) {
    if (2 * (e->n + 1) > e->cap) ev_map_grow(e);
    size_t i = ev_hash(key, e->cap);
    while (e->keys[i] != 0) i = (i + 1) & (e->cap - 1);
    e->keys[i] = key;
    e->vals[i] = val;
    e->n++;
}
static size_t ev_map_get(const Ev *e, uintptr_t key) {
    for (size_t i = ev_hash(key, e->cap); e->keys[i] != 0; i = (i + 1) & (e->cap - 1))
        if (e->keys[i] == key) return e->vals[i];
    return 0;
}

/* The lists of copies are libgc's own memory, not the runtime's scratch (rt_gc_malloc): libgc
 * scans them, so a collection of its own during the walk keeps the copies, but the nursery
 * does not note them (a noted block pins what it points to until the next minor collection,
 * and there is one walk per evacuated call). */
static void ev_push(RtValue **v, size_t *n, size_t *cap, RtValue *small, RtValue x) {
    if (*n == *cap) {
        size_t ncap = *cap ? *cap * 2 : 16;
        int fresh = *v == NULL || *v == small;
        RtValue *nv = fresh ? GC_MALLOC(ncap * sizeof(RtValue)) : GC_REALLOC(*v, ncap * sizeof(RtValue));
        if (nv == NULL) rt_out_of_memory();
        if (*v != NULL && *v == small) memcpy(nv, small, *n * sizeof(RtValue));
        *v = nv;
        *cap = ncap;
    }
    (*v)[(*n)++] = x;
}

/* A copy's memory: the nursery's window while it has room, libgc's free lists otherwise. Never
 * a minor collection, which would move the copies made so far (the lists above are not its
 * roots). */
static void *ev_alloc(TypeId t, size_t bytes) {
    if (rt_nursery.span != 0 && rt_nursery_rt_ok[t] && !rt_nursery.paused && bytes <= RT_NURSERY_MAX) {
        char **cur = t == TYPE_ID_PAIR ? &rt_nursery.pcur : &rt_nursery.ocur;
        char *lim = t == TYPE_ID_PAIR ? rt_nursery.plim : rt_nursery.olim;
        char *p = *cur;
        if ((size_t)(lim - p) >= bytes) {
            *cur = p + bytes;
            RT_ASAN_HAND_OUT(p, bytes);
            return p;
        }
    }
    return rt_heap_free_alloc(t, bytes);
}

/* Bytes of the object of v (pairs: 16). */
static size_t ev_bytes(RtValue v) {
    if (RT_IS_PAIR(v)) return 16;
    RtHeader h = *RT_OBJ(v);
    uint64_t n = RT_HDR_COUNT(h);
    switch (RT_HDR_TYPE(h)) {
    case TYPE_ID_INT: return 8 + 8 * (n >> 1);
    case TYPE_ID_RATNUM: return 16 + 8 * ((n >> 1) + RT_AS(RtRatnum, v)->nden);
    case TYPE_ID_STRING: return RT_ROUND(8 + 4 * n);
    case TYPE_ID_VECTOR: case TYPE_ID_VALUES: case TYPE_ID_F64VECTOR: return 8 + 8 * n;
    case TYPE_ID_BYTEVECTOR: case TYPE_ID_BOOLVECTOR: return RT_ROUND(8 + n);
    case TYPE_ID_CLOSURE: case TYPE_ID_RECORD: return 16 + 8 * n;
    default: return rt_type_size[RT_HDR_TYPE(h)];
    }
}

/* Whether a is an object of the collected heap (libgc's, or young in the nursery). */
static int ev_heap(uintptr_t a) { return RT_NURSERY_YOUNG(a) || GC_base((void *)a) != NULL; }

/* v's copy when v lives in the region (made the first time); v itself otherwise, noted as
 * visited when the walk follows the collected heap. */
static RtValue ev_value(void *cx, RtValue v) {
    Ev *e = cx;
    if (!RT_IS_PAIR(v) && !RT_IS_OBJ(v)) return v;
    uintptr_t a = RT_IS_PAIR(v) ? (uintptr_t)RT_PAIR(v) : (uintptr_t)RT_OBJ(v);
    int owned = ev_owned(e, a);
    if (!owned && !(e->follow && ev_heap(a))) return v;
    size_t k = ev_map_get(e, a);
    if (k != 0) return e->done[k - 1];
    RtValue nv = v;
    if (owned) {
        TypeId t = RT_IS_PAIR(v) ? TYPE_ID_PAIR : RT_HDR_TYPE(*RT_OBJ(v));
        size_t bytes = ev_bytes(v);
        void *p = ev_alloc(t, RT_ROUND(bytes));
        memcpy(p, (void *)a, bytes);
        nv = t == TYPE_ID_PAIR ? RT_TAG_AS_PAIR(p) : RT_TAG_AS_OBJ(p);
        e->bytes += RT_ROUND(bytes);
    }
    ev_push(&e->done, &e->ndone, &e->donecap, e->sdone, nv);
    ev_map_put(e, a, e->ndone);
    return nv;
}

static void ev_set(RtValue *slot, RtValue v) {
    *slot = v;
    rt_nursery_wb(slot, v);
}

/* The value fields of a copy (or a visited heap object), each replaced by its copy. */
static void ev_fields(Ev *e, RtValue v) {
    if (RT_IS_PAIR(v)) {
        RtPair *p = RT_PAIR(v);
        ev_set(&p->car, ev_value(e, p->car));
        ev_set(&p->cdr, ev_value(e, p->cdr));
        return;
    }
    RtHeader h = *RT_OBJ(v);
    uint64_t n = RT_HDR_COUNT(h);
    RtValue *f = NULL;
    size_t nf = 0;
    switch (RT_HDR_TYPE(h)) {
    case TYPE_ID_VECTOR: f = RT_AS(RtVector, v)->items; nf = n; break;
    case TYPE_ID_VALUES: f = RT_AS(RtValues, v)->items; nf = n; break;
    case TYPE_ID_CLOSURE: f = RT_AS(RtClosure, v)->free; nf = n; break;
    case TYPE_ID_RECORD: f = &RT_AS(RtRecord, v)->type; nf = n + 1; break;
    case TYPE_ID_BOX: f = &RT_AS(RtBox, v)->value; nf = 1; break;
    case TYPE_ID_RECORD_TYPE: f = &RT_AS(RtRecordType, v)->name; nf = 2; break;
    case TYPE_ID_PROMISE: f = &RT_AS(RtPromise, v)->value; nf = 2; break;
    case TYPE_ID_PARAMETER: f = &RT_AS(RtParameter, v)->value; nf = 2; break;
    case TYPE_ID_CONDITION: f = &RT_AS(RtCondition, v)->message; nf = 3; break;
    case TYPE_ID_COMPNUM:
        if (n != 0) {   /* exact parts are values */
            RtCompnum *z = RT_AS(RtCompnum, v);
            ev_set(&z->re.v, ev_value(e, z->re.v));
            ev_set(&z->im.v, ev_value(e, z->im.v));
        }
        return;
    case TYPE_ID_HASHTABLE:   /* its entries' keys and values now; the entries at the end */
        rt_hashtable_each_value(v, ev_value, e);
        ev_push(&e->tables, &e->ntables, &e->tablecap, NULL, v);
        return;
    default: return;    /* no values: numbers, strings, bytevectors; ports by their impl */
    }
    for (size_t i = 0; i < nf; i++) ev_set(&f[i], ev_value(e, f[i]));
}

RtValue rt_region_evacuate(Region *r, RtValue v) {
    if (!RT_IS_PAIR(v) && !RT_IS_OBJ(v)) return v;
    RtRange small[16];
    Ev e;
    memset(&e, 0, offsetof(Ev, skeys));
    memset(e.skeys, 0, sizeof e.skeys);
    e.keys = e.skeys;
    e.vals = e.svals;
    e.cap = 2 * EV_SMALL;
    e.done = e.sdone;
    e.donecap = EV_SMALL;
    e.follow = (r->tail & RT_TAIL_SPILLED) != 0 || RT_CAPTURED(r);
    e.nranges = rt_region_ranges(r, small, 16);
    e.ranges = small;
    if (e.nranges > 16) {
        e.ranges = malloc(e.nranges * sizeof *e.ranges);
        if (e.ranges == NULL) rt_out_of_memory();
        rt_region_ranges(r, e.ranges, e.nranges);
    }
    if (e.nranges > 1) qsort(e.ranges, e.nranges, sizeof *e.ranges, ev_range_cmp);
    RtValue out = ev_value(&e, v);
    for (size_t i = 0; i < e.ndone; i++) ev_fields(&e, e.done[i]);
    /* every key and value is copied now, its fields too: the tables' entries are made again */
    for (size_t i = 0; i < e.ntables; i++) rt_hashtable_rehome(e.tables[i], ev_value, &e);
    if (e.ranges != small) free(e.ranges);
    if (e.keys != e.skeys) {
        free(e.keys);
        free(e.vals);
    }
    if (e.done != e.sdone) GC_FREE(e.done);
    if (e.tables != NULL) GC_FREE(e.tables);
    rt_alloc_stats.region_evacuated += e.bytes;
    return out;
}
