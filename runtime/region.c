/* region.c: regions' slow paths, the per-thread chunk pool and the upstream allocator.
 *
 * The fast path (rt_region_bump, alloc_obj_typed) is static inline in regal.h; everything
 * here runs only when a region's bump window is exhausted, when a region that touched an
 * allocator is released or reset, or for statistics. Entry points: rt_region_alloc_slow,
 * rt_region_release_slow, rt_region_reset. Memory comes from a per-thread pool of
 * RT_CHUNK_BYTES chunks (at most RT_POOL_MAX kept) whose upstream is malloc, or mimalloc when
 * built with RT_USE_MIMALLOC. Under RT_ASAN, pooled chunks and released inline buffers are
 * poisoned (invariant R5) so a dangling pointer into a dead region is reported by ASan.
 */
#include "regal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(RT_USE_MIMALLOC)
#include <mimalloc.h>
#endif

#if defined(RT_ASAN)
#include <sanitizer/asan_interface.h>
#define RT_POISON(p, n)   ASAN_POISON_MEMORY_REGION((p), (n))
#define RT_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define RT_POISON(p, n)   ((void)(p), (void)(n))
#define RT_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* A chunk: this header, then RT_CHUNK_DATA bytes of bump space. `prev_used` is how many bytes
 * of the PREVIOUS window (the inline buffer or the next-older chunk) had been handed out when
 * this chunk became the window; the rest of that window was abandoned. It lets
 * rt_region_bytes_in_use add up a region without a per-region counter on the fast path. While
 * the chunk sits in the pool only `next` is meaningful and the data is poisoned. */
struct RtChunk {
    RtChunk *next;            /* next-older chunk of the region, or next chunk in the pool */
    size_t prev_used;
    _Alignas(16) char data[];
};
/* A large block: this header, then one object of `bytes` bytes. */
struct RtLarge {
    RtLarge *next;
    size_t bytes;
    _Alignas(16) char data[];
};
_Static_assert(sizeof(RtChunk) == RT_CHUNK_HDR, "RT_CHUNK_HDR matches struct RtChunk");
_Static_assert(sizeof(RtLarge) == RT_LARGE_HDR, "RT_LARGE_HDR matches struct RtLarge");
_Static_assert(RT_LARGE_BYTES <= RT_CHUNK_DATA, "every non-large object fits an empty chunk");
_Static_assert(RT_INLINE_BYTES % 16 == 0 && RT_CHUNK_HDR % 16 == 0, "windows start aligned");

/* ---- statistics, hooks, switches ----------------------------------------------------------- */
_Thread_local RtAllocStats rt_alloc_stats;
int (*rt_upstream_fail_hook)(size_t bytes);
int rt_pool_disabled;

/* The global region: statically initialised with its window on its own inline buffer (an
 * address constant, so no constructor is needed and it is usable before main). Its chunks
 * come from the pool of whichever thread overflows it; it is never released. */
Region rt_global_region = {
    .cur = rt_global_region.inline_buf,
    .end = rt_global_region.inline_buf + RT_INLINE_BYTES,
    .chunks = NULL,
    .large = NULL,
    .depth = 0,
};

/* ---- out of memory ------------------------------------------------------------------------- */
RT_COLD void rt_out_of_memory(void) {
    fflush(stdout);
    fputs("out of memory\n", stderr);
    fflush(stderr);
    exit(RT_EXIT_OOM);
}

/* ---- upstream ------------------------------------------------------------------------------ */
static void rt_upstream_account(int64_t delta) {
    rt_alloc_stats.upstream_bytes += (uint64_t)delta;
    if (rt_alloc_stats.upstream_bytes > rt_alloc_stats.peak_bytes)
        rt_alloc_stats.peak_bytes = rt_alloc_stats.upstream_bytes;
}

void *rt_upstream_alloc(size_t bytes) {
    if (rt_upstream_fail_hook != NULL && rt_upstream_fail_hook(bytes)) rt_out_of_memory();
#if defined(RT_USE_MIMALLOC)
    void *p = mi_malloc(bytes);
#else
    void *p = malloc(bytes);
#endif
    if (RT_UNLIKELY(p == NULL)) rt_out_of_memory();
    rt_alloc_stats.upstream_allocs++;
    rt_upstream_account((int64_t)bytes);
    return p;
}

void rt_upstream_free(void *p, size_t bytes) {
    if (p == NULL) return;
    rt_alloc_stats.upstream_frees++;
    rt_upstream_account(-(int64_t)bytes);
#if defined(RT_USE_MIMALLOC)
    mi_free(p);
#else
    free(p);
#endif
}

/* ---- the per-thread chunk pool --------------------------------------------------------------
 * A LIFO list, so the chunk released last (still warm in cache) is handed out first. It keeps
 * at most RT_POOL_MAX chunks: a program whose peak was high gives the excess back to upstream.
 * A thread that exits returns its pool through a pthread key destructor. */
static _Thread_local RtChunk *rt_pool;
static _Thread_local size_t rt_pool_n;
static _Thread_local int rt_pool_key_set;
static pthread_key_t rt_pool_key;
static pthread_once_t rt_pool_once = PTHREAD_ONCE_INIT;

static void rt_pool_thread_exit(void *unused) {
    (void)unused;
    rt_pool_trim();
}
static void rt_pool_make_key(void) {
    pthread_key_create(&rt_pool_key, rt_pool_thread_exit);
}

size_t rt_pool_count(void) { return rt_pool_n; }

void rt_pool_trim(void) {
    while (rt_pool != NULL) {
        RtChunk *c = rt_pool;
        rt_pool = c->next;
        RT_UNPOISON(c, RT_CHUNK_BYTES);   /* the upstream allocator may write into it */
        rt_upstream_free(c, RT_CHUNK_BYTES);
    }
    rt_pool_n = 0;
}

/* A chunk ready to be a window: unpoisoned, `next` and `prev_used` for the caller to set. */
static RtChunk *rt_chunk_get(void) {
    RtChunk *c = rt_pool;
    if (c != NULL && !rt_pool_disabled) {
        rt_pool = c->next;
        rt_pool_n--;
        rt_alloc_stats.chunks_from_pool++;
        RT_UNPOISON(c->data, RT_CHUNK_DATA);
        return c;
    }
    return rt_upstream_alloc(RT_CHUNK_BYTES);
}

static void rt_chunk_put(RtChunk *c) {
    if (rt_pool_disabled || rt_pool_n >= RT_POOL_MAX) {
        rt_upstream_free(c, RT_CHUNK_BYTES);
        return;
    }
    if (RT_UNLIKELY(!rt_pool_key_set)) {      /* first chunk this thread pools */
        pthread_once(&rt_pool_once, rt_pool_make_key);
        pthread_setspecific(rt_pool_key, (void *)1);
        rt_pool_key_set = 1;
    }
    RT_POISON(c->data, RT_CHUNK_DATA);
    c->next = rt_pool;
    rt_pool = c;
    rt_pool_n++;
    rt_alloc_stats.chunks_to_pool++;
}

/* ---- slow path ----------------------------------------------------------------------------- */
void *rt_region_alloc_slow(Region *r, size_t bytes) {
    bytes = RT_ROUND(bytes);
    if (bytes > RT_LARGE_BYTES) {
        /* A large block of its own; the window is untouched, so small objects keep filling it. */
        if (RT_UNLIKELY(bytes > SIZE_MAX / 2)) rt_out_of_memory();
        RtLarge *l = rt_upstream_alloc(RT_LARGE_HDR + bytes);
        l->bytes = bytes;
        l->next = r->large;
        r->large = l;
        return l->data;
    }
    /* A new chunk becomes the window; what is left of the old one is abandoned (and poisoned,
     * so an overrun past the last object there is caught too). */
    RtChunk *c = rt_chunk_get();
    char *old_base = r->chunks != NULL ? r->chunks->data : r->inline_buf;
    c->prev_used = (size_t)(r->cur - old_base);
    RT_POISON(r->cur, (size_t)(r->end - r->cur));
    c->next = r->chunks;
    r->chunks = c;
    r->cur = c->data + bytes;
    r->end = c->data + RT_CHUNK_DATA;
    return c->data;
}

static void rt_free_large(Region *r) {
    for (RtLarge *l = r->large, *next; l != NULL; l = next) {
        next = l->next;
        rt_upstream_free(l, RT_LARGE_HDR + l->bytes);
    }
    r->large = NULL;
}

void rt_region_release_slow(Region *r) {
    rt_alloc_stats.regions_released++;
    rt_alloc_stats.bytes_released += rt_region_bytes_in_use(r);
    for (RtChunk *c = r->chunks, *next; c != NULL; c = next) {
        next = c->next;
        rt_chunk_put(c);
    }
    r->chunks = NULL;
    rt_free_large(r);
    /* An empty window in the inline buffer keeps R2 and R3 true for the dead descriptor. */
    r->cur = r->end = r->inline_buf + RT_INLINE_BYTES;
}

void rt_region_reset(Region *r) {
    rt_free_large(r);
    if (r->chunks == NULL) {                  /* only the inline buffer was ever used */
        r->cur = r->inline_buf;
        r->end = r->inline_buf + RT_INLINE_BYTES;
        return;
    }
    /* Keep the oldest chunk as the whole window; pool the younger ones. The inline buffer is
     * dead from now until release (R2: the window is in a chunk while chunks != NULL). */
    RtChunk *c = r->chunks;
    while (c->next != NULL) {
        RtChunk *next = c->next;
        rt_chunk_put(c);
        c = next;
    }
    c->prev_used = 0;
    r->chunks = c;
    r->cur = c->data;
    r->end = c->data + RT_CHUNK_DATA;
    RT_POISON(r->inline_buf, RT_INLINE_BYTES);
}

size_t rt_region_bytes_in_use(const Region *r) {
    size_t n;
    if (r->chunks == NULL) {
        n = (size_t)(r->cur - r->inline_buf);
    } else {
        n = (size_t)(r->cur - r->chunks->data);
        for (const RtChunk *c = r->chunks; c != NULL; c = c->next) n += c->prev_used;
    }
    for (const RtLarge *l = r->large; l != NULL; l = l->next) n += l->bytes;
    return n;
}

/* ---- heap regions and poisoning ------------------------------------------------------------ */
Region *rt_region_new(uint64_t depth) {
    Region *r = rt_upstream_alloc(sizeof(Region));
    rt_region_init(r, depth);
    return r;
}

void rt_region_free(Region *r) {
    rt_region_release(r);
    RT_UNPOISON(r, sizeof(Region));           /* the upstream allocator may write into it */
    rt_upstream_free(r, sizeof(Region));
}

void rt_region_poison_inline(Region *r) { RT_POISON(r->inline_buf, RT_INLINE_BYTES); }
void rt_region_unpoison_inline(Region *r) { RT_UNPOISON(r->inline_buf, RT_INLINE_BYTES); }
