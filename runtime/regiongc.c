/* regiongc.c: collecting a region shared by a cycle of tail calls (issue 15).
 *
 * Region inference gives the procedures of a cycle of tail calls (continuation-passing code,
 * state machines, eval/apply) their caller's region, shared by every round; what a round makes
 * there is mostly garbage by the next one (cpstak's continuation closures, an interpreter's
 * argument lists), and until now went to the collected heap once the region passed its tail
 * budget. Such a region (Region.tail's RT_TAIL_SEQ) is now collected instead when it has grown
 * by rt_region_collect_chunks chunks since its last collection: rt_region_collect marks what is
 * reachable of it and gives back every chunk and large block holding nothing reachable. No
 * object moves, so conservative roots are safe, and the region's bump window stays a bump.
 * The same goes for a region the container rule's sites fill past their soft budget
 * (rt_region_soft_slow, region.c): what later stores replace is garbage there, which went to
 * the collected heap before (gcbench's trees: 2.2 GB through the heap, now none).
 *
 * Roots. R4 (regal.h) says no object points into a younger region: nothing older than r
 * (older regions, the global region, static data, the heap's own objects) points into it. So
 * what can reach r's objects is this thread's stack and registers, the regions younger than r
 * (their inline buffers, chunks and large blocks), r's own inline buffer, the thread-local
 * values (rt_xargs, rt_cur_*, rt_param_binds: start.c scans the stack and them, through
 * rt_region_gc_roots_hook), and objects of the collected heap that the
 * runtime's C code made and holds while it calls procedures (map's reversed results, scratch
 * arrays of sort and fold-right, a raised condition's irritants): so normal objects of the
 * collected heap reached from any of those (libgc's, or the nursery's under -fnursery:
 * rt_nursery_object_hook finds them) are scanned too, transitively, up to
 * RGC_HEAP_WORDS words (past that, r is not collected: RT_TAIL_NO_GC). Everything is scanned
 * conservatively, as words: a word that is a pair- or object-tagged pointer to the start of an
 * object of r (its header valid and its size inside the chunk's used part) marks that object,
 * whose fields are then scanned the same way; any other word pointing into a chunk or large
 * block of r (a derived pointer from C code: p->items + i) keeps that whole chunk and scans all
 * its words. Not collected (rt_region_collect returns 0 and marks r RT_TAIL_NO_GC): a captured
 * region (full continuations copy the stack elsewhere), one that spilled objects into the heap
 * (RT_TAIL_SPILLED: they may point into it), or under which a younger region did or was
 * captured; a region not on this thread's region stack; when the program has started threads;
 * when a hash table lives in r (its parts are headerless: hashtable.c); a thread without
 * rt_stack_base (no rt_start: rt_region_gc_roots_hook says so).
 *
 * After marking, r's chunks that hold a marked object (or are kept whole) stay, in their order,
 * with their prev_used links recomputed and their seqs renumbered; the others go back to the
 * pool (poisoned under AddressSanitizer, so a missed root is a reported use after free). The
 * window stays if its chunk is kept, or is a fresh chunk. The next collection is due when the
 * region has grown by max(rt_region_collect_chunks, what was kept): linear time overall; never,
 * when a collection gave back under an eighth of its chunks (its data is live). A
 * region whose kept part passes half the tail budget is not collected any more (its live data
 * is large; the tail budget then spills to the heap as before).
 */
#include "rtlib.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gc/gc.h>
#include <gc/gc_inline.h>
#include <gc/gc_mark.h>

int rt_region_gc_trace;
int (*rt_region_gc_roots_hook)(RtScanFn scan, void *ctx, uintptr_t stack_lo);

#define RGC_HEAP_WORDS ((size_t)1 << 20)   /* collected heap scanned per collection, at most */

typedef struct {
    uintptr_t lo, hi;          /* the used part: [data, data + bytes handed out) */
    RtChunk *chunk;            /* or NULL: a large block */
    RtLarge *large;
    uint64_t *marks;           /* one bit per 8 bytes of [lo, hi) */
    size_t used;
    size_t index;              /* a chunk's place in the region's list (newest: 0) */
    uint8_t keep, whole;       /* holds a marked object / kept and scanned whole */
} RgcSpan;

typedef struct {
    RtChunk *chunk;
    size_t used;
    uint8_t keep;
} RgcOrder;

typedef struct {
    RgcSpan *spans;
    size_t nspans, nchunks;
    RgcOrder *order;           /* r's chunks, newest first */
    uint64_t *marks;
    uintptr_t min, max;        /* of all spans: a quick test */
    uintptr_t *work;           /* tagged objects of r to scan */
    size_t nwork, capwork;
    size_t *whole;             /* spans to scan whole */
    size_t nwhole;
    void **heap;               /* collected objects to scan */
    size_t nheap, capheap;
    uintptr_t *young;          /* nursery objects to scan: start, end, start, end... */
    size_t nyoung, capyoung;
    uintptr_t *seen;           /* open-addressing set of collected objects seen */
    size_t capseen, nseen;
    size_t heap_words, scanned;
    int bail;
} Rgc;

static void *rgc_grow(void *p, size_t *cap, size_t elem) {
    *cap = *cap ? *cap * 2 : 256;
    void *q = realloc(p, *cap * elem);
    if (q == NULL) rt_out_of_memory();
    return q;
}

static RgcSpan *rgc_find(Rgc *g, uintptr_t w) {
    size_t lo = 0, hi = g->nspans;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        RgcSpan *s = &g->spans[mid];
        if (w < s->lo) hi = mid;
        else if (w >= s->hi) lo = mid + 1;
        else return s;
    }
    return NULL;
}

/* The object at a (an OBJ-tagged candidate in span s): bytes it covers if its header is a
 * heap type whose size fits the span, 0 if it cannot be an object there. words: how many of
 * its words may hold values (header excluded), 0 for pointer-free types. */
static size_t rgc_object(const RgcSpan *s, uintptr_t a, size_t *words, int *hashtable) {
    if (a + 8 > s->hi) return 0;
    RtHeader h = *(const RtHeader *)a;
    TypeId t = RT_HDR_TYPE(h);
    if (t <= TYPE_ID_PAIR || t >= TYPE_ID_COUNT) return 0;
    uint64_t n = RT_HDR_COUNT(h), room = (s->hi - a) / 8;
    size_t bytes = rt_type_size[t];
    *words = 0;
    *hashtable = t == TYPE_ID_HASHTABLE;
    switch (t) {
    case TYPE_ID_VECTOR: case TYPE_ID_VALUES:
        if (n > room) return 0;
        bytes = 8 + 8 * n;
        *words = n;
        break;
    case TYPE_ID_CLOSURE: case TYPE_ID_RECORD:
        if (n > room) return 0;
        bytes = 16 + 8 * n;
        *words = 1 + n;
        break;
    case TYPE_ID_SYMBOL: case TYPE_ID_BOX: case TYPE_ID_RECORD_TYPE: case TYPE_ID_PROMISE:
    case TYPE_ID_PARAMETER: case TYPE_ID_CONDITION: case TYPE_ID_COMPNUM: case TYPE_ID_PORT:
    case TYPE_ID_CONTINUATION:
        *words = bytes / 8 - 1;
        break;
    default:   /* pointer-free (numbers, strings, bytevectors) or never in a region (threads) */
        break;
    }
    return a + bytes <= s->hi ? bytes : 0;
}

static void rgc_whole(Rgc *g, RgcSpan *s) {
    if (s->whole) return;
    s->whole = s->keep = 1;
    g->whole[g->nwhole++] = (size_t)(s - g->spans);
}

static void rgc_heap(Rgc *g, uintptr_t w);

/* One word that may point into r. */
static void rgc_word(Rgc *g, uintptr_t w) {
    if (w < g->min || w >= g->max) {
        rgc_heap(g, w);
        return;
    }
    RgcSpan *s = rgc_find(g, w);
    if (s == NULL) {
        rgc_heap(g, w);
        return;
    }
    uintptr_t tag = w & RT_TAG_MASK, a = w - tag;
    size_t words = 0;
    int ht = 0;
    int exact = (tag == RT_TAG_PAIR && a + 16 <= s->hi) ||
                (tag == RT_TAG_OBJ && rgc_object(s, a, &words, &ht) != 0);
    if (!exact || a < s->lo) {
        rgc_whole(g, s);
        return;
    }
    size_t bit = (a - s->lo) / 8;
    if (s->marks[bit / 64] & ((uint64_t)1 << (bit % 64))) return;
    s->marks[bit / 64] |= (uint64_t)1 << (bit % 64);
    s->keep = 1;
    if (ht) g->bail = 1;   /* a hash table's parts have no headers (hashtable.c) */
    if (g->nwork == g->capwork) g->work = rgc_grow(g->work, &g->capwork, sizeof *g->work);
    g->work[g->nwork++] = w;
}

/* A word that may point to a normal object of the collected heap, or to one of the nursery's
 * (-fnursery): scanned once. */
static void rgc_heap(Rgc *g, uintptr_t w) {
    if (w < 4096) return;
    uintptr_t b, ylo = 0, yhi = 0;
    size_t size;
    if (rt_nursery_object_hook != NULL && rt_nursery_object_hook(w, &ylo, &yhi)) {
        b = ylo;
        size = yhi - ylo;
    } else {
        void *base = GC_base((void *)w);
        if (base == NULL) return;
        if (GC_get_kind_and_size(base, &size) != GC_I_NORMAL) return;
        b = (uintptr_t)base;
    }
    size_t mask = g->capseen - 1, i = (b >> 4) * 0x9e3779b97f4a7c15ULL >> 20 & mask;
    while (g->seen[i] != 0) {
        if (g->seen[i] == b) return;
        i = (i + 1) & mask;
    }
    g->seen[i] = b;
    if (++g->nseen * 2 > g->capseen) {   /* rehash into twice the room */
        uintptr_t *old = g->seen;
        size_t oldcap = g->capseen;
        g->capseen *= 2;
        g->seen = calloc(g->capseen, sizeof *g->seen);
        if (g->seen == NULL) rt_out_of_memory();
        mask = g->capseen - 1;
        for (size_t k = 0; k < oldcap; k++)
            if (old[k] != 0) {
                size_t j = (old[k] >> 4) * 0x9e3779b97f4a7c15ULL >> 20 & mask;
                while (g->seen[j] != 0) j = (j + 1) & mask;
                g->seen[j] = old[k];
            }
        free(old);
    }
    g->heap_words += size / 8;
    if (g->heap_words > RGC_HEAP_WORDS) {
        g->bail = 1;
        return;
    }
    if (yhi != 0) {
        if (g->nyoung + 2 > g->capyoung) g->young = rgc_grow(g->young, &g->capyoung, sizeof *g->young);
        g->young[g->nyoung++] = ylo;
        g->young[g->nyoung++] = yhi;
        return;
    }
    if (g->nheap == g->capheap) g->heap = rgc_grow(g->heap, &g->capheap, sizeof *g->heap);
    g->heap[g->nheap++] = (void *)b;
}

/* Words of memory that may be the stack's or poisoned (inline buffers' free parts). */
__attribute__((noinline, no_sanitize("address"))) static void rgc_scan(Rgc *g, uintptr_t lo, uintptr_t hi) {
    lo = (lo + 7) & ~(uintptr_t)7;
    if (hi > lo) g->scanned += (hi - lo) / 8;
    for (uintptr_t p = lo; p + 8 <= hi && !g->bail; p += 8) rgc_word(g, *(const volatile uintptr_t *)p);
}

static void rgc_drain(Rgc *g) {
    while (!g->bail && (g->nwork || g->nwhole || g->nheap || g->nyoung)) {
        if (g->nwork) {
            uintptr_t w = g->work[--g->nwork];
            uintptr_t tag = w & RT_TAG_MASK, a = w - tag;
            if (tag == RT_TAG_PAIR) {
                rgc_word(g, ((const uintptr_t *)a)[0]);
                rgc_word(g, ((const uintptr_t *)a)[1]);
            } else {
                RgcSpan *s = rgc_find(g, a);
                size_t words = 0;
                int ht;
                if (s != NULL && rgc_object(s, a, &words, &ht) != 0)
                    for (size_t i = 1; i <= words; i++) rgc_word(g, ((const uintptr_t *)a)[i]);
            }
        } else if (g->nwhole) {
            RgcSpan *s = &g->spans[g->whole[--g->nwhole]];
            rgc_scan(g, s->lo, s->hi);
        } else if (g->nheap) {
            void *b = g->heap[--g->nheap];
            rgc_scan(g, (uintptr_t)b, (uintptr_t)b + GC_size(b));
        } else {
            g->nyoung -= 2;
            rgc_scan(g, g->young[g->nyoung], g->young[g->nyoung + 1]);
        }
    }
}

static int rgc_span_cmp(const void *x, const void *y) {
    uintptr_t a = ((const RgcSpan *)x)->lo, b = ((const RgcSpan *)y)->lo;
    return a < b ? -1 : a > b;
}

static void rgc_scan_hook(void *g, uintptr_t lo, uintptr_t hi) { rgc_scan(g, lo, hi); }

/* The roots: registers (spilled by rt_region_collect's frame above, and saved by setjmp into
 * this one), the stack from this frame to its base
 * and the thread-local values (rt_region_gc_roots_hook), the regions younger than r and r's
 * inline buffer. */
__attribute__((noinline)) static void rgc_roots(Rgc *g, Region *r) {
    jmp_buf regs;
    setjmp(regs);
    rgc_scan(g, (uintptr_t)&regs, (uintptr_t)&regs + sizeof regs);
    rt_region_gc_roots_hook(rgc_scan_hook, g, (uintptr_t)__builtin_frame_address(0));
    for (Region *y = rt_region_top;; y = y->parent) {
        rgc_scan(g, (uintptr_t)y->inline_buf, (uintptr_t)y->inline_buf + RT_INLINE_BYTES);
        if (y == r) break;
        const char *end = y->cur;
        for (const RtChunk *c = y->chunks; c != NULL; c = c->next) {
            rgc_scan(g, (uintptr_t)c->data, (uintptr_t)end);
            end = c->next != NULL ? c->next->data + c->prev_used : NULL;
        }
        for (const RtLarge *l = y->large; l != NULL; l = l->next)
            rgc_scan(g, (uintptr_t)l->data, (uintptr_t)l->data + l->bytes);
    }
}

/* Whether r can be collected now (see the header). */
static int rgc_allowed(Region *r) {
    if (__atomic_load_n(&rt_threads_spawned, __ATOMIC_RELAXED) || rt_region_gc_roots_hook == NULL || !rt_region_gc_roots_hook(NULL, NULL, 0) ||
        RT_CAPTURED(r) || (r->tail & RT_TAIL_SPILLED))
        return 0;
    for (Region *y = rt_region_top; y != NULL && y != &rt_global_region; y = y->parent) {
        if (RT_CAPTURED(y) || (y->tail & RT_TAIL_SPILLED)) return 0;
        if (y == r) return 1;
    }
    return 0;
}

/* The spans of r (its chunks newest first, then its large blocks), sorted by address, with
 * their mark bits. A function of its own so that its locals, which point into r, are below
 * the stack pointer when the stack is scanned. */
__attribute__((noinline)) static void rgc_setup(Rgc *g, Region *r) {
    size_t n = 0;
    for (RtChunk *c = r->chunks; c != NULL; c = c->next) n++;
    g->nchunks = n;
    for (RtLarge *l = r->large; l != NULL; l = l->next) n++;
    g->spans = calloc(n + 1, sizeof *g->spans);
    g->whole = malloc((n + 1) * sizeof *g->whole);
    g->order = calloc(g->nchunks + 1, sizeof *g->order);
    g->capseen = 1024;
    g->seen = calloc(g->capseen, sizeof *g->seen);
    if (g->spans == NULL || g->whole == NULL || g->order == NULL || g->seen == NULL) rt_out_of_memory();
    const char *end = r->cur;
    for (RtChunk *c = r->chunks; c != NULL; c = c->next) {
        RgcSpan *s = &g->spans[g->nspans];
        s->chunk = c;
        s->index = g->nspans++;
        s->lo = (uintptr_t)c->data;
        s->hi = (uintptr_t)end;
        s->used = (size_t)(end - c->data);
        g->order[s->index].chunk = c;
        g->order[s->index].used = s->used;
        end = c->next != NULL ? c->next->data + c->prev_used : NULL;
    }
    for (RtLarge *l = r->large; l != NULL; l = l->next) {
        RgcSpan *s = &g->spans[g->nspans++];
        s->large = l;
        s->lo = (uintptr_t)l->data;
        s->hi = (uintptr_t)l->data + l->bytes;
        s->used = l->bytes;
    }
    size_t nmarks = 0;
    for (size_t i = 0; i < g->nspans; i++) nmarks += (g->spans[i].used / 8 + 63) / 64;
    g->marks = calloc(nmarks + 1, sizeof *g->marks);
    if (g->marks == NULL) rt_out_of_memory();
    for (size_t i = 0, at = 0; i < g->nspans; i++) {
        g->spans[i].marks = g->marks + at;
        at += (g->spans[i].used / 8 + 63) / 64;
    }
    qsort(g->spans, g->nspans, sizeof *g->spans, rgc_span_cmp);
    g->min = UINTPTR_MAX;
    g->max = 0;
    for (size_t i = 0; i < g->nspans; i++) {
        if (g->spans[i].lo < g->min) g->min = g->spans[i].lo;
        if (g->spans[i].hi > g->max) g->max = g->spans[i].hi;
    }
    end = NULL;
}

/* Give back what holds nothing reachable; relink what is kept (see the header). */
static void rgc_sweep(Rgc *g, Region *r) {
    size_t nchunks = g->nchunks, kept = 0;
    RgcOrder *o = g->order;
    for (size_t i = 0; i < g->nspans; i++)
        if (g->spans[i].chunk != NULL) o[g->spans[i].index].keep = g->spans[i].keep;
    uint32_t inline_used = nchunks ? o[nchunks - 1].chunk->prev_used : 0;
    uint64_t freed = 0;
    /* oldest to newest: each kept chunk's prev_used is what the previous kept one holds */
    uint32_t below = inline_used;
    RtChunk *head = NULL;
    for (size_t k = nchunks; k-- > 0;) {
        RtChunk *c = o[k].chunk;
        if (!o[k].keep) {
            freed += o[k].used;
            c->next = NULL;
            rt_chunk_put(c);
            continue;
        }
        c->prev_used = below;
        below = (uint32_t)o[k].used;
        c->next = head;
        head = c;
        kept++;
        c->seq = (uint16_t)(kept < UINT16_MAX ? kept : UINT16_MAX);
    }
    r->chunks = head;
    if (nchunks == 0 || !o[0].keep) {   /* a fresh window on top of what is kept */
        RtChunk *c = rt_chunk_get();
        c->prev_used = below;
        kept++;
        c->seq = (uint16_t)(kept < UINT16_MAX ? kept : UINT16_MAX);
        c->next = head;
        r->chunks = c;
        r->cur = c->data;
        r->end = c->data + RT_CHUNK_DATA;
    }
    for (size_t i = 0; i < g->nspans; i++) {
        RgcSpan *s = &g->spans[i];
        if (s->large == NULL || s->keep) continue;
        RtLarge **lp = &r->large;
        while (*lp != NULL && *lp != s->large) lp = &(*lp)->next;
        if (*lp == NULL) continue;
        *lp = s->large->next;
        freed += s->large->bytes;
        rt_alloc_stats.region_held -= RT_LARGE_HDR + s->large->bytes;
        rt_upstream_free(s->large, RT_LARGE_HDR + s->large->bytes);
    }
    rt_alloc_stats.region_collections++;
    rt_alloc_stats.region_collected += freed;
    size_t grow = rt_region_gc_stress ? 1 : kept > rt_region_collect_chunks ? kept : rt_region_collect_chunks;
    size_t next = kept + grow < RT_TAIL_SEQ ? kept + grow : RT_TAIL_SEQ;
    /* A collection that gave back under an eighth of the chunks found the region's data live
     * (the container rule's regions of gcbench hold the trees being built: every collection
     * kept everything, half its run): it is not collected again, and keeps its objects up to
     * the tail budget (RT_TAIL_SEQ as the threshold: never due; not RT_TAIL_NO_GC, which
     * would send the container rule's objects to the heap). */
    if (!rt_region_gc_stress && (nchunks - (kept - !o[0].keep)) * 8 < nchunks) next = RT_TAIL_SEQ;
    r->tail = (r->tail & ~RT_TAIL_SEQ) | (uint32_t)next;
    if (!rt_region_gc_stress && kept * 2 > rt_region_tail_chunks) r->tail |= RT_TAIL_NO_GC;
}

/* REGAL_REGION_GC_TRACE=1: one line on stderr per collection. */
static void rgc_trace(const Rgc *g) {
    size_t whole = 0, kept = 0;
    for (size_t i = 0; i < g->nspans; i++) {
        whole += g->spans[i].whole;
        kept += g->spans[i].keep;
    }
    fprintf(stderr, "regiongc: %zu chunks and large blocks, %zu kept (%zu whole), %zu words scanned, "
            "%zu words of the collected heap%s\n", g->nspans, kept, whole, g->scanned, g->heap_words,
            g->bail ? ": not collected" : "");
}

int rt_region_collect(Region *r) {
    /* Every callee-saved register spilled into this frame, which rgc_roots' scan of the stack
     * covers: its setjmp alone misses rbp, which glibc stores mangled (pointer guard), and
     * compiled code keeps values there (doc/nursery.md, the prototype's lessons). */
    __builtin_unwind_init();
    if (!rgc_allowed(r)) {
        r->tail |= RT_TAIL_NO_GC;
        return 0;
    }
    Rgc *g = calloc(1, sizeof *g);
    if (g == NULL) rt_out_of_memory();
    rgc_setup(g, r);
    rgc_roots(g, r);
    rgc_drain(g);
    int done = !g->bail;
    if (rt_region_gc_trace) rgc_trace(g);
    if (done) rgc_sweep(g, r);
    else r->tail |= RT_TAIL_NO_GC;
    free(g->order);
    free(g->marks);
    free(g->spans);
    free(g->whole);
    free(g->work);
    free(g->heap);
    free(g->young);
    free(g->seen);
    free(g);
    return done;
}
