/* rtlib.h: the runtime's internal header: its architecture (below), and the helpers shared
 * by the library files (argument checks, UTF-8, scratch memory, the hooks, the port plumbing).
 * Not included by generated code, which sees runtime/regal.h alone.
 * Argument checks report through rt_type_error with the primitive's Scheme name; optional
 * arguments of RT_PRIM_V primitives are read with RT_OPT.
 *
 * Architecture: the runtime in layers, bottom to top. A file calls only files of its own
 * layer or of the layers below it, and inside a layer calls go one way too: no two files call
 * each other, error.c and call.c excepted. scripts/layers.py checks this against the object
 * files (`make test-layers`: which file defines and which uses each symbol).
 *   Layer 1, memory:       region.c gc.c regiongc.c nursery.c
 *       regions, the region stack and the upstream allocator; the collected heap over them;
 *       the collection of regions over both (region.c reaches it through a hook, below)
 *   Layer 2, objects:      object.c
 *       the mk_* constructors, type names, symbols, list length, multiple values
 *   Layer 3, raise, call:  error.c call.c backtrace.c
 *       conditions, raise and the handler stack, stack overflow; calling procedures, apply.
 *       Entwined by nature: raising calls a handler, a call reports arity and type errors.
 *       backtrace.c, the frames of an uncaught error, calls nothing of the runtime.
 *   Layer 4, data:  numbers.c numtrans.c bitwise.c numsyntax.c string.c vector.c record.c list.c ffi.c
 *       the data types' primitives (list.c over numbers.c and string.c: iota, symbols);
 *       ffi.c, foreign calls' conversions, over numbers.c and string.c;
 *       numtrans.c (expt, sqrt, the transcendental and complex functions) and bitwise.c
 *       (bitwise operations on exact integers) over numbers.c;
 *       numsyntax.c, the number syntax under numbers.c, calls nothing of the runtime (the
 *       compiler links it too)
 *   Layer 5, libraries:    hashtable.c sort.c evacuate.c
 *       hash tables and sorting, over lists, strings and equivalence; evacuate.c, copying
 *       what a value reaches in a region into the collected heap, over hash tables
 *   Layer 6, input/output: port.c print.c read.c
 *       ports; the printer and the reader over them
 *   Layer 7, program:      start.c control.c thread.c task.c prims.c
 *       start-up (which sets the hooks), control and the system interface (values,
 *       parameters, continuations, dynamic-wind, exit), SRFI 18 threads, fork/join tasks,
 *       every primitive's procedure object
 * Two references go up or across, to data, and call nothing:
 *   Upward reference: hashtable.c -> prims.c
 *       make-hash-table recognises the standard equivalences (the closures rt_pc_equal_p,
 *       rt_pc_eqv_p, rt_pc_eq_p, rt_pc_string_eq_p, rt_pc_string_ci_eq_p) by identity.
 *   Upward reference: control.c -> prims.c
 *       parameterize recognises the current ports' parameter objects (the closures
 *       rt_pc_current_output_port, rt_pc_current_error_port, rt_pc_current_input_port) by
 *       identity (prims.c calls control.c's primitives: this one goes across, to data).
 * Where a lower layer needs a higher one at run time, it calls a hook that the higher layer
 * sets at start-up, on cold paths only (never on allocation, arithmetic or calls):
 *   rt_exit_flush_hook (region.c): the ports' flush before exit, set by rt_ports_init;
 *   rt_error_print_hook (error.c): the printer in error messages, set by rt_start;
 *   rt_region_collect_hook (region.c) and rt_region_gc_roots_hook (regiongc.c): a region's
 *       collection from region.c's slow paths, and the roots it needs of the layers above
 *       (the stack's base, thread-local values), set by rt_start.
 * Each is declared below with what happens while it is unset.
 */
#ifndef RTLIB_H
#define RTLIB_H
#define RT_IN_RUNTIME 1   /* regal.h: the runtime's own heap objects note themselves (nursery) */
#include "regal.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static inline RtValue rt_cons(Region *r, RtValue a, RtValue d) {
    RtPair *p = alloc_obj_typed(r, TYPE_ID_PAIR);
    p->car = a;
    p->cdr = d;
    return RT_TAG_AS_PAIR(p);
}

/* Optional argument i of a variadic primitive, or dflt when absent. */
#define RT_OPT(i, dflt) (argc > (i) && argv[i] != RT_DEFAULT ? argv[i] : (dflt))

#define RT_CHECK(cond, who, expected, v)                                                      \
    do {                                                                                      \
        if (RT_UNLIKELY(!(cond))) rt_type_error(loc, who, expected, v);                      \
    } while (0)

#define RT_LEN(v) ((int64_t)RT_HDR_COUNT(*RT_OBJ(v)))
#define RT_STR(v) (RT_AS(RtString, v))
#define RT_IS_STRING(v) RT_IS_TYPE(v, TYPE_ID_STRING)
#define RT_IS_SYMBOL(v) RT_IS_TYPE(v, TYPE_ID_SYMBOL)
#define RT_IS_VECTOR(v) RT_IS_TYPE(v, TYPE_ID_VECTOR)
#define RT_IS_BYTEVECTOR(v) RT_IS_TYPE(v, TYPE_ID_BYTEVECTOR)

/* An index argument k that must be in [0, len) (or [0, len] when inclusive). */
static inline int64_t rt_index(const char *loc, const char *who, RtValue k, int64_t len,
                               const char *what, int inclusive) {
    if (RT_UNLIKELY(!RT_IS_FIXNUM(k))) rt_type_error(loc, who, "an exact integer index", k);
    int64_t i = RT_FIXVAL(k);
    if (RT_UNLIKELY(i < 0 || i > len || (i == len && !inclusive)))
        rt_range_error(loc, who, i, what, len);
    return i;
}

/* A non-negative size (make-vector, make-string...). */
static inline int64_t rt_size_arg(const char *loc, const char *who, RtValue k) {
    if (RT_UNLIKELY(!RT_IS_FIXNUM(k) || RT_FIXVAL(k) < 0))
        rt_type_error(loc, who, "a non-negative exact integer size", k);
    return RT_FIXVAL(k);
}

/* The optional [start, end) of argv[i], argv[i+1] over a sequence of length len. */
static inline void rt_range_args(const char *loc, const char *who, intptr_t argc,
                                 const RtValue *argv, intptr_t i, int64_t len, const char *what,
                                 int64_t *start, int64_t *end) {
    *start = argc > i && argv[i] != RT_DEFAULT ? rt_index(loc, who, argv[i], len, what, 1) : 0;
    *end = argc > i + 1 && argv[i + 1] != RT_DEFAULT
               ? rt_index(loc, who, argv[i + 1], len, what, 1)
               : len;
    if (RT_UNLIKELY(*end < *start))
        rt_error_msg(loc, who, "start index %lld is past end index %lld (%s of length %lld)", (long long)*start,
                     (long long)*end, what, (long long)len);
}

static inline void rt_check_proc(const char *loc, const char *who, RtValue f) {
    RT_CHECK(RT_IS_PROCEDURE(f), who, "a procedure", f);
}

/* UTF-8 encoding of one code point into buf (4 bytes at most); returns the byte count. */
static inline size_t rt_utf8_encode(uint32_t c, char *buf) {
    if (c < 0x80) { buf[0] = (char)c; return 1; }
    if (c < 0x800) {
        buf[0] = (char)(0xc0 | (c >> 6));
        buf[1] = (char)(0x80 | (c & 0x3f));
        return 2;
    }
    if (c < 0x10000) {
        buf[0] = (char)(0xe0 | (c >> 12));
        buf[1] = (char)(0x80 | ((c >> 6) & 0x3f));
        buf[2] = (char)(0x80 | (c & 0x3f));
        return 3;
    }
    buf[0] = (char)(0xf0 | (c >> 18));
    buf[1] = (char)(0x80 | ((c >> 12) & 0x3f));
    buf[2] = (char)(0x80 | ((c >> 6) & 0x3f));
    buf[3] = (char)(0x80 | (c & 0x3f));
    return 4;
}

/* rt_utf8_next decodes the code point at s[*i] and advances *i. An ill-formed sequence yields
 * U+FFFD and advances past its maximal valid prefix (at least one byte), as Unicode 3.9's
 * "substitution of maximal subparts" recommends: overlongs, surrogates and code points past
 * U+10FFFF are rejected by the range of the second byte. rt_utf8_size: the length of the
 * sequence a lead byte b starts (1 for ASCII and for bytes that start none). */
static inline size_t rt_utf8_size(unsigned b) {
    return b < 0xC2 ? 1 : b <= 0xDF ? 2 : b <= 0xEF ? 3 : b <= 0xF4 ? 4 : 1;
}
static inline uint32_t rt_utf8_next(const unsigned char *s, size_t len, size_t *i) {
    size_t k = *i;
    unsigned b = s[k];
    if (b < 0x80) { *i = k + 1; return b; }
    unsigned need, lo = 0x80, hi = 0xBF;
    uint32_t cp;
    if (b >= 0xC2 && b <= 0xDF) { need = 1; cp = b & 0x1F; }
    else if (b >= 0xE0 && b <= 0xEF) {
        need = 2; cp = b & 0x0F;
        if (b == 0xE0) lo = 0xA0;             /* no overlongs */
        if (b == 0xED) hi = 0x9F;             /* no surrogates */
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3; cp = b & 0x07;
        if (b == 0xF0) lo = 0x90;             /* no overlongs */
        if (b == 0xF4) hi = 0x8F;             /* nothing past U+10FFFF */
    } else { *i = k + 1; return 0xFFFD; }     /* stray continuation, C0, C1, F5..FF */
    k++;
    for (unsigned j = 0; j < need; j++, k++) {
        if (k >= len || s[k] < lo || s[k] > hi) { *i = k; return 0xFFFD; }
        cp = (cp << 6) | (s[k] & 0x3F);
        lo = 0x80; hi = 0xBF;
    }
    *i = k;
    return cp;
}

/* A new string of len code points (uninitialised) in r. */
static inline RtString *rt_string_new(Region *r, int64_t len) {
    return RT_STR(mk_string_fill(r, (size_t)len, 0));
}

/* Unicode (string.c, through utf8proc): char-foldcase (simple folding), the full case
 * folding of one code point (1 to 3 code points into out), string-ci comparison of two
 * strings (-1, 0, 1: their full foldings compared), and the classes the printer and reader
 * need: graphic (prints as itself), combining mark, White_Space. */
uint32_t rt_char_foldcase(uint32_t c);
size_t rt_char_fold_full(uint32_t c, uint32_t out[3]);
int rt_string_ci_cmp(RtValue a, RtValue b);
int rt_char_graphic(uint32_t c);
int rt_char_mark(uint32_t c);
int rt_char_whitespace(uint32_t c);

/* Collector-backed scratch memory (gc.c): rt_gc_malloc is zeroed and scanned (for arrays
 * that hold values while procedures are called), rt_gc_malloc_atomic neither (bytes, code
 * points); none returns NULL; rt_gc_free gives memory back early (optional: what is dropped
 * is collected). */
void *rt_gc_malloc(size_t bytes);
void *rt_gc_malloc_atomic(size_t bytes);
void *rt_gc_realloc(void *p, size_t bytes);
void rt_gc_free(void *p);
/* What the collector scans of region chunks (region.c, "Scanning", and its marking
 * callback): each thread's live chunks, and those of exited threads. rt_gc_thread_register
 * (region.c, idempotent) puts this thread's free lists and live chunks in the collector's view, and takes
 * them out when the thread exits (rt_chunks_orphan, under the collector's lock). */
extern _Thread_local RtChunk *rt_live_chunks;
extern RtChunk *rt_orphan_chunks;
/* CLOSED regions: regions outside the region stack, living as long as the program, whose
 * objects refer only to objects of the same region or static data (the symbols' region,
 * object.c: symbols and their names), registered once by their owner before the first chunk.
 * The nursery does not scan their chunks (nothing young can be reached from them:
 * nursery.c, ns_scan_regions). At most RT_CLOSED_REGIONS. */
#define RT_CLOSED_REGIONS 4
extern Region *rt_closed_regions[RT_CLOSED_REGIONS];
void rt_region_closed(Region *r);
/* The heap profile's i-th registered table of sites (region.c): its length, 0 past the last. */
size_t rt_heap_site_table(int i, RtHeapSite **sites);
void rt_chunks_orphan(void);
void rt_gc_thread_register(void);
/* The marking callback of the collected heap's free lists and the live chunks (region.c),
 * installed by gc.c's configuration; REGAL_GC_STRESS's period (0: off), set by rt_gc_init. */
void rt_heap_marking_install(void);
extern unsigned rt_gc_stress;
/* Register (add = 1) or unregister (0) this thread's thread-local values as collector roots:
 * rt_xargs, rt_cur_out, rt_cur_in, rt_cur_err (start.c; see gc.c, "Roots"). */
void rt_gc_thread_roots(int add);
/* The address ranges [lo, hi) of r's memory: inline buffer, chunks, large blocks (region.c,
 * for evacuate.c's copy of a value out of a region). Writes at most max, returns how
 * many there are. */
typedef struct RtRange { uintptr_t lo, hi; } RtRange;
size_t rt_region_ranges(const Region *r, RtRange *out, size_t max);
/* hashtable.c, for evacuate.c (rt_region_evacuate, regal.h; task.c copies a task's result out
 * of its region with it too): fn on each key, value and procedure of a table; and the table
 * given a descriptor and entries of its own in the collected heap, through fn, hashed again. */
void rt_hashtable_each_value(RtValue t, RtValue (*fn)(void *cx, RtValue v), void *cx);
void rt_hashtable_rehome(RtValue t, RtValue (*fn)(void *cx, RtValue v), void *cx);
/* Threads of the program (start.c, for thread.c): created through the collector with a large
 * stack (0, or -1 when the system refuses); the new thread runs rt_thread_run(body, arg), which
 * gives it a stack limit, an overflow handler and its thread-local roots. */
int rt_thread_create(pthread_t *th, void *(*start)(void *), void *arg);
int rt_thread_join(pthread_t th);
int rt_thread_detach(pthread_t th);
void rt_thread_run(void (*body)(void *), void *arg);

/* The Scheme frames of the calling thread's stack, printed on f after an uncaught error's
 * message (backtrace.c; error.c calls it). */
void rt_backtrace_print(FILE *f);

/* The flush before exit (region.c), a hook so that the lower layers need not call up.
 * rt_exit_flush flushes the output ports before the program exits or reports an error on
 * stderr, through rt_exit_flush_hook; it returns nonzero when some output could not be
 * written (already reported on stderr): the exit status is then RT_EXIT_ERROR. Every exit
 * of the runtime calls it: rt_start's return, exit, emergency-exit, uncaught errors, stack
 * overflow, out of memory, region checks, the REGAL_STATS report. The hook is set once, at
 * start-up, by rt_ports_init (port.c, called first by rt_start), which also reopens a
 * closed standard descriptor on /dev/null the wrong way round (writes fail with EBADF);
 * unset (unit tests), rt_exit_flush flushes stdout alone. */
extern int (*rt_exit_flush_hook)(void);
int rt_exit_flush(void);
void rt_ports_init(void);

/* Regions and full continuations (region.c, "regions captured by full continuations"):
 * rt_regions_capture makes every frame region that holds an object captured (its chunks kept
 * by a collected record, its window closed, later objects from the collected heap);
 * rt_regions_switch_out saves the inline buffers of the captured regions on the region stack
 * and frees the others, before a re-entry replaces the stack; rt_regions_switch_in makes top
 * the region stack again and loads the captured regions' buffers. rt_copy_unchecked copies
 * stack memory (unchecked by AddressSanitizer). rt_capture_collect frees what dead records
 * kept (the collector's finalizers, run on demand). */
#define RT_CAPTURED(r) (((uintptr_t)(r)->large & 1u) != 0)
void rt_regions_capture(void);
void rt_regions_switch_out(void);
void rt_regions_switch_in(Region *top);
void rt_region_detach(Region *r);
void *rt_captured_alloc(TypeId t, size_t bytes, int zero);
const RtLarge *rt_region_large(const Region *r);
void rt_copy_unchecked(void *dst, const void *src, size_t n);
void rt_capture_collect(void);
/* Set by the first capture: --check-regions then leaves stores into collected objects
 * unchecked (a captured region's later objects are there, standing for the region). */
extern int rt_regions_were_captured;
/* Collecting a region shared by a cycle of tail calls (regiongc.c, issue 15). Such a region
 * (Region.tail's RT_TAIL_SEQ set) mostly holds what earlier rounds made and dropped. When its
 * newest chunk's seq reaches its threshold, rt_region_alloc_slow calls rt_region_collect,
 * which finds the objects of r still reachable and frees the chunks and large blocks holding
 * none; it returns 1 then, 0 when it cannot (and marks r RT_TAIL_NO_GC). No object moves. It
 * relies on R4: nothing older than r (older regions, the global region, static data) points
 * into it, so its roots are this thread's stack and registers, the regions younger than r,
 * the thread-local roots, and what the collected heap reachable from them holds (the
 * runtime's scratch arrays and temporary lists). rt_region_collect_chunks: the growth in
 * chunks between collections (RT_REGION_COLLECT; REGAL_REGION_GC=MiB sets it, 0 turns
 * collection off, REGAL_REGION_GC_STRESS=1 makes it every chunk: start.c reads them). rt_threads_spawned:
 * set by the first thread the program starts (start.c), whose stack could hold r's objects:
 * regions are not collected from then on. */
extern uint32_t rt_region_collect_chunks;
extern int rt_region_gc_stress;
extern int rt_region_gc_trace;   /* REGAL_REGION_GC_TRACE=1: a line on stderr per collection */
extern int rt_threads_spawned;
int rt_region_collect(Region *r);
/* The memory layer reaches the layers above through two hooks that rt_start sets (NULL, as in
 * the unit tests until they set them: nothing is collected). rt_region_collect_hook (region.c):
 * rt_region_collect, for region.c's slow paths. rt_region_gc_roots_hook (regiongc.c): the
 * roots above the memory layer; with scan == NULL it only says whether there are any (0: this
 * thread has no known stack base), else it calls scan(ctx, lo, hi) on this thread's stack from
 * stack_lo (the collector's frame) to its base and on the higher layers' thread-local values
 * (rt_xargs up to rt_nargs, rt_cur_out, rt_cur_in, rt_cur_err, rt_param_binds). */
typedef void (*RtScanFn)(void *ctx, uintptr_t lo, uintptr_t hi);
extern int (*rt_region_collect_hook)(Region *r);
extern int (*rt_region_gc_roots_hook)(RtScanFn scan, void *ctx, uintptr_t stack_lo);
/* Region internals regiongc.c shares (region.c): a large block's header, a chunk taken from
 * or given back to the pool (linked on or off the thread's live list), freeing upstream. */
struct RtLarge {
    RtLarge *next;
    size_t bytes;
    _Alignas(16) char data[];
};
RtChunk *rt_chunk_get(void);
void rt_chunk_put(RtChunk *c);
/* The nursery (nursery.c; regal.h, "the nursery"). rt_nursery_freeze: off for good (a thread,
 * a task, a full continuation or the evaluator starts: their stacks or frames would be roots
 * a minor collection does not scan); what it holds stays where it is, scanned by libgc.
 * rt_nursery_push_hook (region.c, set by nursery.c when it starts): its memory as libgc's
 * roots, from region.c's marking callback.
 * rt_nursery_report: REGAL_NURSERY_STATS's line at exit. */
void rt_nursery_freeze(void);
/* rt_nursery_fix: v's address is about to become a hash (hashtable.c): it never moves. */
void rt_nursery_fix(RtValue v);
/* rt_nursery_free: a scratch block of rt_gc_malloc the runtime is done with, while the
 * nursery is on: freed once the nursery has dropped its notes and slots in it. */
void rt_nursery_free(void *p);
extern void (*rt_nursery_push_hook)(void);
/* rt_nursery_audit_hook (gc.c, set by nursery.c when it starts): at the end of each libgc
 * collection's marking (world stopped, libgc's lock held), what the nursery holds for good
 * that nothing marked refers to any more is given back (nursery.c, "what it holds for good"). */
extern void (*rt_nursery_audit_hook)(void);
/* rt_nursery_object_hook (region.c, set by nursery.c): whether w points into an object the
 * nursery handed out (live or not: one of this cycle's runs, or pinned), and then its bytes
 * [*lo, *hi); for regiongc.c, which scans such objects like the collected heap's (the runtime's
 * objects there may point into the region collected, while its C code holds them). */
extern int (*rt_nursery_object_hook)(uintptr_t w, uintptr_t *lo, uintptr_t *hi);
/* The reader keeps places inside the objects it builds in unscanned memory (read.c's fix-ups):
 * while it runs, the runtime's objects go to libgc, so no minor collection can move them. The
 * flag is left set if a read error escapes: then they go to libgc for good (slower, sound). */
static inline int rt_nursery_pause(void) { int was = rt_nursery.paused; rt_nursery.paused = 1; return was; }
static inline void rt_nursery_resume(int was) { rt_nursery.paused = was; }
void rt_nursery_report(void);
/* What the nursery adds to the collected heap's bytes in REGAL_STATS (gc.c): the bytes it
 * handed out, less those promoted (their copies in libgc are counted there already). */
uint64_t rt_nursery_heap_bytes(void);
/* The collected object of a full continuation (gc.c): `bytes` zeroed bytes that the
 * collector scans as it scans a stack (any address inside an object keeps it alive). */
void *rt_gc_stack_alloc(size_t bytes);
/* The top of what a full continuation copies: the frame of start.c's rt_run, which calls the
 * program (set by start.c on the program's thread; NULL until rt_start runs it, and on every
 * other thread: call/cc is then escape-only, and re-entering its continuation an error). */
extern _Thread_local char *rt_stack_base;

/* The wind list (error.c, with the handler stack: the dynamic environment). rt_winds is its
 * innermost wind. rt_dynamic_wind is (dynamic-wind before thunk after) (R7RS 6.10);
 * rt_with_binding makes *place hold value while thunk runs, undone on every way out as
 * parameterize's binding is (the current ports of with-output-to-file, with-output-to-string
 * ...). rt_winds_unwind_to leaves every wind above keep, innermost first, running their after
 * thunks (a continuation's escape, control.c); rt_winds_unwind_all leaves them all (exit, an
 * uncaught error). */
typedef struct RtWind RtWind;
struct RtWind {
    RtValue after, before;     /* a dynamic-wind's thunks (place == NULL) */
    RtValue *place, outer, inner; /* a binding: *place is inner inside, outer outside */
    RtHandler *handlers;       /* the handler stack of the dynamic-wind */
    RtWind *parent;
    uint64_t serial;           /* unique per wind made: the identity of a copied record */
};
extern _Thread_local RtWind *rt_winds;
RtValue rt_dynamic_wind(Region *rr, const char *loc, RtValue before, RtValue thunk,
                        RtValue after);
RtValue rt_with_binding(Region *rr, const char *loc, RtValue *place, RtValue value,
                        RtValue thunk);
void rt_winds_unwind_to(Region *rr, const char *loc, RtWind *keep);
void rt_winds_unwind_all(Region *rr, const char *loc);
/* A re-entered continuation's winds back on the list: every wind from target up to common
 * (excluded; an ancestor of target, or NULL), outermost first, each entered (before thunk or
 * binding) with its parent as the list and then made the list. */
void rt_winds_rewind(Region *rr, RtWind *target, RtWind *common);

/* The base of a thread (error.c, set by control.c's rt_call_catching): while rt_catch is set,
 * a raise that no handler takes leaves the winds down to `winds`, stores the raised object in
 * obj and longjmps to jb, where the dynamic environment is put back. NULL: the program's
 * thread, where such a raise is reported and ends the program. */
typedef struct RtCatch {
    jmp_buf jb;
    RtValue obj;
    RtWind *winds;
    struct RtContImpl *conts;   /* control.c's active call/cc records at the base: a
                                   continuation below them belongs to whoever waits here */
} RtCatch;
extern _Thread_local RtCatch *rt_catch;
/* f called on argc arguments in rr; an uncaught raise ends the call instead of the program:
 * *raised is then 1 and the result is the raised object (control.c). */
RtValue rt_call_catching(Region *rr, const char *loc, RtValue f, intptr_t argc,
                         const RtValue *argv, int *raised);
/* This thread's parameterize bindings (control.c): a root (start.c); a new thread starts
 * with rt_param_binds_copy() of its creator's. */
extern _Thread_local RtValue rt_param_binds;
RtValue rt_param_binds_copy(void);
/* thread-join! (or touch) of a thread (a task) that raised reason: raise an uncaught-exception
 * condition whose reason it is (thread.c). */
RT_NORETURN void rt_raise_uncaught(const char *loc, RtValue reason);

/* The printer of error messages (error.c), a hook so that error.c need not call up to
 * print.c. rt_error_print writes v into f (stderr, or a memory stream building a message)
 * in `write` (write = 1) or `display` form, through rt_error_print_hook; every message that
 * shows a value goes through it (error.c's own, hash-table-ref's missing key, a port's file
 * name). The hook is set once, at start-up, by rt_start (start.c) to rt_fprint (print.c),
 * right after rt_ports_init; unset (unit tests, C code that does not start through
 * rt_start), values are written in a short form without the printer: fixnums, #t, #f, (),
 * symbols and strings as text, anything else as #<type name> (error.c). */
extern void (*rt_error_print_hook)(void *file, RtValue v, int write);
void rt_error_print(FILE *f, RtValue v, int write);

/* Ports: the file and string port plumbing print.c and control.c need. The current ports
 * (0: the standard one) are collector roots (rt_gc_thread_roots). */
extern _Thread_local RtValue rt_cur_out, rt_cur_in, rt_cur_err;
RtValue rt_port_stdout(void);
void rt_set_current_output(RtValue port);
void rt_set_current_input(RtValue port);
RtValue rt_current_input(void);
/* For read (read.c), of a textual input port: the line (from 1) and column (of the last
 * character read on it, 0 before the first) where reading is, the port as messages name it
 * ("standard input", "\"data.txt\"", "a string port"), and its #!fold-case state. */
void rt_port_position(RtValue port, int64_t *line, int64_t *col);
const char *rt_port_description(RtValue port);
int rt_port_fold_case(RtValue port);
void rt_port_set_fold_case(RtValue port, int on);
/* A port writing to file whose failures are ignored, for rt_fprint: one per thread, reused by
 * the next call. */
RtPortImpl *rt_port_of_file(void *file);

/* The buffer at the head of every RtPortImpl (port.c), which the inline fast paths below
 * read and write; everything else is port.c's slow path, out of line. [rpos, rend): input
 * bytes not yet read (UTF-8 for a textual port); [wpos, wend): room left for output. An empty
 * range sends the caller to the slow path, which refills or flushes: the end of the buffer,
 * an output port that writes through (standard error, standard output on a terminal), a
 * closed port. Until the program starts its first thread (rt_thread_create calls
 * rt_ports_share), one thread uses the ports and no operation locks; from then on
 * rt_ports_shared is set for good and every operation takes the slow path, which holds the
 * port's mutex while it touches the buffer. Threads sharing a port thus never corrupt it;
 * what one thread writes by one call of the buffer layer (a write-string, a display of a
 * string or a number, a read-line) is not split by another's. */
typedef struct RtPortBuf { uint8_t *rpos, *rend, *wpos, *wend; } RtPortBuf;
extern int rt_ports_shared;
void rt_ports_share(void);
int32_t rt_port_getc_slow(RtPortImpl *p, int peek);
void rt_port_putc_slow(RtPortImpl *p, uint32_t c);
/* The code points cs[0..n) to p as UTF-8, in one call of the buffer layer. */
void rt_port_put_chars(RtPortImpl *p, const uint32_t *cs, size_t n);

static inline int rt_ports_alone(void) {
    return !__atomic_load_n(&rt_ports_shared, __ATOMIC_RELAXED);
}
/* The next code point of a textual input port (-1 at end of file), consumed or not (peek). */
static inline int32_t rt_port_getc(RtPortImpl *p) {
    RtPortBuf *b = (RtPortBuf *)p;
    if (RT_LIKELY(rt_ports_alone() && b->rpos < b->rend && *b->rpos < 0x80)) return *b->rpos++;
    return rt_port_getc_slow(p, 0);
}
static inline int32_t rt_port_peekc(RtPortImpl *p) {
    RtPortBuf *b = (RtPortBuf *)p;
    if (RT_LIKELY(rt_ports_alone() && b->rpos < b->rend && *b->rpos < 0x80)) return *b->rpos;
    return rt_port_getc_slow(p, 1);
}
/* How the printer shows a port (port.c): "input port string", "closed output port \"out.txt\"",
 * "binary input port bytevector", "output port standard output"; at most n bytes with the 0. */
void rt_port_describe(RtValue port, char *buf, size_t n);
/* One code point to an output port (rt_out_port's: checked, open). */
static inline void rt_port_putc(RtPortImpl *p, uint32_t c) {
    RtPortBuf *b = (RtPortBuf *)p;
    if (RT_LIKELY(rt_ports_alone() && c < 0x80 && b->wpos < b->wend)) *b->wpos++ = (uint8_t)c;
    else rt_port_putc_slow(p, c);
}

/* ---- the evaluator's entry points (control.c forwards to them; eval/ sets them) ------------
 * Every value an entry returns is in the collected heap; env RT_DEFAULT is the interaction
 * environment. report_environment: scheme-report-environment (null 0) or null-environment. */
typedef struct RtEvalHooks {
    RtValue (*eval)(const char *loc, RtValue expr, RtValue env);
    RtValue (*environment)(const char *loc, intptr_t argc, const RtValue *argv);
    RtValue (*report_environment)(const char *loc, RtValue version, int null);
    RtValue (*interaction_environment)(void);
    RtValue (*load)(const char *loc, RtValue file, RtValue env);
} RtEvalHooks;
extern const RtEvalHooks *rt_eval_hooks;

/* The report of an uncaught raise of obj at loc, as the program's end prints it (error.c),
 * written to f without ending anything: what a REPL prints for an error it catches. */
void rt_report_condition(FILE *f, RtValue obj, const char *loc);
/* The location of the newest raise (rt_raise, a primitive's error), for such a report. */
extern _Thread_local const char *rt_raise_loc;

#endif /* RTLIB_H */
