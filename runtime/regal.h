/* regal.h: the Regal runtime's one public header, the only one generated C includes.
 *
 * It defines the value representation, the type-id table shared with the compiler, regions
 * and their allocation fast path (alloc_obj_typed), the mk_* constructors, the calling
 * convention of compiled procedures, and the primitives compiled code calls.
 *
 * Names: runtime functions and variables start with rt_, types with Rt, macros with RT_.
 * The object API keeps the names the project's issues give it: Region, alloc_obj_typed,
 * mk_*, TYPE_ID_*.
 *
 * ---------------------------------------------------------------------------------------------
 * Overview of memory
 *   A REGION is a lifetime class: objects allocated in it are freed together when it is
 *   released. A region descriptor (Region) holds a 512-byte INLINE BUFFER, so a region that
 *   lives in a C stack frame allocates its first objects in that frame. When the buffer is full
 *   the region bump-allocates in CHUNKS (RT_CHUNK_BYTES each) taken from a per-thread POOL whose
 *   UPSTREAM is the collector's uncollectable allocator (never freed by the collector, scanned
 *   by it while a region owns them, not while pooled), or malloc / mimalloc in the measurement builds (RT_USE_MALLOC,
 *   RT_USE_MIMALLOC: make REGION_UPSTREAM=malloc|mimalloc). Objects larger than RT_LARGE_BYTES go on the region's list of LARGE
 *   blocks, straight from upstream.
 *   The compiler places each allocation site in one of:
 *     - a FRAME region: a Region in the C frame of a procedure, pushed on the thread's REGION
 *       STACK by rt_region_enter and popped and released by rt_region_leave;
 *     - a LOOP region: a frame region emptied at each back edge by rt_region_recycle;
 *     - the caller's RESULT region, the `rr` parameter of every compiled procedure;
 *     - rt_global_region, which lives as long as the program;
 *     - rt_gc_region, the COLLECTED HEAP (the Boehm-Demers-Weiser collector, libgc), for
 *       everything the analysis cannot bound: values stored into other objects, assigned to
 *       globals, passed to unknown procedures, carried across loop iterations.
 *   A non-local exit (a continuation escaping through C frames, control.c) releases the frame
 *   regions of the frames it skips (rt_region_unwind) before it longjmps, so nothing leaks.
 *   A full continuation copies the C stack, region descriptors and inline buffers included;
 *   capturing one makes the live regions CAPTURED (region.c): their chunks are kept until no
 *   copy needs them, what they allocate later comes from the collected heap, and their inline
 *   buffers are shared between the copies through an image.
 *   An object ESCAPES a region when a reference to it can outlive the region; the compiler
 *   places such objects in an older region or in the collected heap.
 *
 * Glossary
 *   region        lifetime class of objects, released at once (Region)
 *   inline buffer the first 512 bytes of a region's storage, inside the descriptor
 *   chunk         a fixed-size block of region storage from the per-thread pool (RtChunk)
 *   large block   one object too big for a chunk, owned by one region (RtLarge)
 *   bump window   [cur, end): the free part of the region's current chunk or inline buffer
 *   region stack  this thread's live frame regions, innermost first (rt_region_top, parent);
 *                 its bottom is rt_global_region
 *   depth         a region's age: 0 for rt_global_region, rt_gc_region and static data (they
 *                 outlive everything), parent's depth + 1 for a frame region
 *   collected heap  rt_gc_region: objects freed by the collector when unreachable
 *   escape        a reference that outlives the region of the object it points to
 *
 * Invariants
 *   R1  Every object is 8-byte aligned and its size is a multiple of 8 (RT_ALIGN), so the low
 *       three bits of a pointer are free for the tag.
 *   R2  r->cur <= r->end, and [r->cur, r->end) lies inside the inline buffer or the newest
 *       chunk of r. The inline buffer is simply the region's first chunk: one fast path serves
 *       both. (rt_gc_region's window is always empty: cur == end == NULL.)
 *   R3  r->chunks == NULL && r->large == NULL  <=>  r has touched no allocator; releasing
 *       such a region is a compare and nothing else.
 *   R4  No object ever points into a younger region: an object of depth d refers only to
 *       objects of depth <= d. Frame regions are released in LIFO order (the region stack:
 *       rt_region_leave pops the top; rt_region_unwind pops every region a non-local exit
 *       skips), so a region's parent outlives it. The collected heap has depth 0: it may not
 *       point into any frame region either. The compiler guarantees R4 by placement; the
 *       runtime keeps it wherever it stores into an object that already exists (it puts what it
 *       stores in the collected heap: force, parameters, conditions, continuations,
 *       hash-table-update!); `--check-regions` builds verify it at every store
 *       (rt_check_store, rt_check_result).
 *   R5  Under AddressSanitizer (RT_ASAN) memory a region does not hand out is poisoned: a
 *       released, left or recycled region's memory, pooled chunks, and the unallocated part of
 *       every bump window (the fast path unpoisons each object as it hands it out), so a
 *       dangling pointer into a dead region or into a previous loop iteration is reported
 *       until that memory is handed out again. (rt_global_region's inline buffer excepted.)
 *       Excepted too: the inline buffer of a frame region once it is left (rt_region_leave
 *       unpoisons it). It is C stack, and ASan clears its own marks of a dead frame only in
 *       the variables clang gives a lifetime, which a Region declared after a label that a goto
 *       jumps back to (`top:`, a loop's label) does not get: poison left there outlives the
 *       frame, and a later frame's locals at those addresses (a region descriptor, a compound
 *       literal) would be reported when written. A left region's chunks are poisoned (pooled).
 *   R6  The collector sees every reference to a collected object: region memory (the chunks
 *       regions own, which region.c hands it at every collection, large blocks, which are
 *       uncollectable collector memory, inline buffers in C frames or static data), static data, the stacks of the threads registered with it, and the
 *       thread-local and malloc'd places that hold values (gc.c, "Roots"). So a region may
 *       hold the only reference to a collected object.
 *   R7  What the collector takes for a reference to a collected object (it runs without
 *       interior pointers, gc.c): in memory it scans (objects, region memory, static data,
 *       registered roots) only an object's address, address + 1 (a pair's tag) and address + 2
 *       (an object's tag), which is all a value or a runtime pointer stored in memory ever is;
 *       in the stacks and registers of threads any address inside an object, so C code and
 *       compiled code may keep derived pointers (p->items + i) while they work. Not a pointer
 *       just past an object's end: the objects whose items C loops walk are allocated one
 *       byte longer in the collected heap (rt_heap_tail), and scratch memory too.
 *   R8  Regions are per thread: a region is entered, allocated in and left by one thread, on
 *       its own region stack, with chunks from its own pool. What two threads share lives in
 *       the collected heap or in static data: a thread's thunk and what it captures
 *       (make-thread's arguments escape, prims.def), a thread's result (its thunk runs with
 *       the collected heap as result region), a task's result (copied out of the task's
 *       region before it is left, runtime/task.c). With R4 this means no thread can reach an
 *       object in another thread's region; `--check-regions` checks R4 at the stores of the
 *       thread that owns the region, which is where such a pointer would have to be stored.
 * ---------------------------------------------------------------------------------------------
 */
#ifndef REGAL_H
#define REGAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define RT_LIKELY(x)   __builtin_expect(!!(x), 1)
#define RT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define RT_NORETURN    __attribute__((noreturn))
#define RT_COLD        __attribute__((cold, noinline))
/* The copies of a procedure's body that unroll its recursion (compiler/emit.c, emit_unroll):
 * inlined where they are called, unless inlining is off (-O0, -fno-inline), where each Scheme
 * call keeps a frame of its own for the backtraces. */
#if defined(__NO_INLINE__)
#define RT_UNROLLED    static
#else
#define RT_UNROLLED    static inline __attribute__((always_inline))
#endif

/* ============================================================================================
 * Values
 * --------------------------------------------------------------------------------------------
 * An RtValue is a 64-bit word whose low three bits are its tag:
 *   ...000  fixnum: a 61-bit signed integer n stored as n << 3 (add and subtract work on the
 *           tagged words directly; overflow is detected with __builtin_*_overflow)
 *   ...001  pair: pointer to an RtPair (16 bytes, no header) plus 1
 *   ...010  object: pointer to a headered object plus 2; its first word is an RtHeader
 *   ...110  immediate: (payload << 8) | (kind << 3) | 6; kind 0 is a constant (#f #t '()
 *           unspecified eof undefined default), kind 1 a character (payload = code point)
 * ========================================================================================== */
typedef uint64_t RtValue;

#define RT_TAG_MASK     7u
#define RT_TAG_FIXNUM   0u
#define RT_TAG_PAIR     1u
#define RT_TAG_OBJ      2u
#define RT_TAG_IMM      6u

#define RT_FIXNUM_BITS  61
#define RT_FIXNUM_MAX   ((int64_t)(((uint64_t)1 << (RT_FIXNUM_BITS - 1)) - 1))
#define RT_FIXNUM_MIN   (-RT_FIXNUM_MAX - 1)

#define RT_IMM(kind, payload) ((RtValue)(((uint64_t)(payload) << 8) | ((kind) << 3) | RT_TAG_IMM))
#define RT_FALSE        RT_IMM(0, 0)
#define RT_TRUE         RT_IMM(0, 1)
#define RT_NIL          RT_IMM(0, 2)
#define RT_UNSPEC       RT_IMM(0, 3)
#define RT_EOF          RT_IMM(0, 4)
#define RT_UNDEFINED    RT_IMM(0, 5) /* a letrec variable read before its initialisation */
#define RT_DEFAULT      RT_IMM(0, 6) /* an absent optional argument */
#define RT_UNBOXED      RT_IMM(0, 7) /* compiled code only: an arithmetic operand whose flonum
                                      * result is in a C double beside it, never boxed; the
                                      * operation that consumes it reads that double (or boxes
                                      * it for its slow path), so it never reaches anything else
                                      * (compiler/emit_num.c, "Unboxed operands") */
#define RT_CHAR(cp)     RT_IMM(1, (cp))

#define RT_IS_FIXNUM(v) (((v) & RT_TAG_MASK) == RT_TAG_FIXNUM)
#define RT_IS_EXACT_INTEGER(v) (RT_IS_FIXNUM(v) || RT_IS_TYPE(v, TYPE_ID_INT))   /* N1 below */
#define RT_IS_PAIR(v)   (((v) & RT_TAG_MASK) == RT_TAG_PAIR)
#define RT_IS_OBJ(v)    (((v) & RT_TAG_MASK) == RT_TAG_OBJ)
#define RT_IS_CHAR(v)   (((v) & 0xffu) == ((1u << 3) | RT_TAG_IMM))
#define RT_IS_BOOL(v)   ((v) == RT_FALSE || (v) == RT_TRUE)
#define RT_TRUTHY(v)    ((v) != RT_FALSE)
#define RT_BOOL(c)      ((c) ? RT_TRUE : RT_FALSE)

#define RT_FIX(n)       ((RtValue)((uint64_t)(int64_t)(n) << 3))
#define RT_FIXVAL(v)    ((int64_t)(v) >> 3)
/* v rotated right by the tag's 3 bits: a fixnum's value when v is a fixnum >= 0; at least
 * 2^60 when v is a negative fixnum or not a fixnum (its sign or tag bits land on top). So
 * RT_FIX_INDEX(i) < n, for a length n < 2^56, tests "i is a fixnum in [0, n)" with one
 * compare (compiled code's vector-ref, string-ref, ...; the rotate is one instruction). */
#define RT_FIX_INDEX(v) (((uint64_t)(v) >> 3) | ((uint64_t)(v) << 61))
#define RT_CHARVAL(v)   ((uint32_t)((v) >> 8))

/* ============================================================================================
 * The type-id table, shared by the compiler and the runtime
 * --------------------------------------------------------------------------------------------
 * X(NAME, size, inline_ok, what)
 *   size       bytes of a fixed-size object, or of the fixed part of a variable-size one
 *              (0 for immediates, which are never allocated)
 *   inline_ok  1 for every fixed-size heap type (rt_type_inline_ok). Nothing reads it: any
 *              object that fits the free part of a region's inline buffer may live there,
 *              since the buffer is simply the region's first chunk (R2)
 * Generated C includes this header, so the code the compiler emits (alloc_obj_typed(r,
 * TYPE_ID_PAIR)...) uses the same ids and sizes as the runtime.
 * ========================================================================================== */
#define RT_TYPE_TABLE(X)                                                                      \
    /* immediates: never allocated */                                                         \
    X(FIXNUM,     0,  0, "fixnum")                                                            \
    X(CHAR,       0,  0, "char")                                                              \
    X(BOOL,       0,  0, "boolean")                                                           \
    X(NULL,       0,  0, "empty list")                                                        \
    X(UNSPEC,     0,  0, "unspecified")                                                       \
    X(EOF,        0,  0, "eof-object")                                                        \
    /* heap objects */                                                                        \
    X(PAIR,       16, 1, "pair")         /* car, cdr; no header, tagged pointer */            \
    X(FLOAT,      16, 1, "flonum")       /* header, double */                                 \
    X(INT,        8,  1, "bignum")       /* header (limb count, sign), limbs[] */             \
    X(SYMBOL,     32, 1, "symbol")       /* header, name, hash, next in intern table */       \
    X(STRING,     8,  1, "string")       /* header (length), uint32_t code points[] */        \
    X(VECTOR,     8,  1, "vector")       /* header (length), items[] */                       \
    X(BYTEVECTOR, 8,  1, "bytevector")   /* header (length), bytes[] */                       \
    X(CLOSURE,    16, 1, "procedure")    /* header (free count), code, free[] */              \
    X(BOX,        16, 1, "box")          /* header, value: an assigned captured variable */   \
    X(RECORD,     16, 1, "record")       /* header (field count), type, fields[] */           \
    X(RECORD_TYPE,32, 1, "record-type")  /* header, name, field names, uid */                 \
    X(VALUES,     8,  1, "values")       /* header (count), items[]: multiple values */       \
    X(PROMISE,    24, 1, "promise")      /* header (done flag), value or thunk, unused */     \
    X(PARAMETER,  24, 1, "parameter")    /* header, value, converter */                       \
    X(CONDITION,  32, 1, "condition")    /* header (kind), message, irritants, payload */     \
    X(HASHTABLE,  16, 1, "hash-table")   /* header (kind), RtHashImpl * */                    \
    X(PORT,       16, 1, "port")         /* header (flags), RtPortImpl * */                   \
    X(CONTINUATION,16,1, "continuation") /* header, RtContImpl * */                           \
    X(ENVIRONMENT,8,  1, "environment")  /* header: the interaction environment token */  \
    X(F64VECTOR,  8,  1, "vector")       /* header (length), double[]: a vector of flonums \
                                            the compiler keeps unboxed (compiled code only) */ \
    X(RATNUM,     16, 1, "ratnum")       /* header (numerator limbs, sign), den limbs, limbs[] */ \
    X(COMPNUM,    24, 1, "compnum")      /* header (exact?), real and imaginary parts */ \
    /* SRFI 18 and tasks (thread.c, task.c): always in the collected heap, shared by threads */ \
    X(THREAD,     8,  1, "thread")       /* header, then thread.c's RtThread */               \
    X(MUTEX,      8,  1, "mutex")        /* header, then thread.c's RtMutex */                \
    X(CONDVAR,    8,  1, "condition-variable") /* header, then thread.c's RtCondvar */        \
    X(TIME,       16, 1, "time")         /* header, double: seconds since the epoch */        \
    X(FUTURE,     8,  1, "future")       /* header, then task.c's RtTask */               \
    X(BOOLVECTOR, 8,  1, "vector")       /* header (length), uint8_t[]: a vector of booleans \
                                            the compiler keeps as bytes (compiled code only) */

typedef enum {
#define RT_X_ENUM(name, size, inl, what) TYPE_ID_##name,
    RT_TYPE_TABLE(RT_X_ENUM)
#undef RT_X_ENUM
    TYPE_ID_COUNT
} TypeId;

/* Sizes fold to constants when the type id is a compile-time constant. */
static const uint16_t rt_type_size[TYPE_ID_COUNT] = {
#define RT_X_SIZE(name, size, inl, what) size,
    RT_TYPE_TABLE(RT_X_SIZE)
#undef RT_X_SIZE
};
static const uint8_t rt_type_inline_ok[TYPE_ID_COUNT] = {
#define RT_X_INL(name, size, inl, what) inl,
    RT_TYPE_TABLE(RT_X_INL)
#undef RT_X_INL
};
extern const char *const rt_type_name[TYPE_ID_COUNT];

/* ============================================================================================
 * Objects
 * --------------------------------------------------------------------------------------------
 * Every object but a pair starts with an RtHeader: bits 0..7 the type id, bits 8..63 a count
 * whose meaning depends on the type (length of a string, vector or bytevector; free-variable
 * count of a closure; field count of a record; limb count and sign of a bignum, see RtBignum).
 * ========================================================================================== */
typedef uint64_t RtHeader;
#define RT_HDR(type, count)  ((RtHeader)(type) | ((RtHeader)(count) << 8))
#define RT_HDR_TYPE(h)       ((TypeId)((h) & 0xffu))
#define RT_HDR_COUNT(h)      ((uint64_t)(h) >> 8)

typedef struct RtPair { RtValue car, cdr; } RtPair;
typedef struct RtFlonum { RtHeader hdr; double d; } RtFlonum;
/* count = limb count << 1 | sign (1 = negative); magnitude in limbs, least significant first */
typedef struct RtBignum { RtHeader hdr; uint64_t limbs[]; } RtBignum;
typedef struct RtSymbol { RtHeader hdr; RtValue name; uint64_t hash; struct RtSymbol *next; } RtSymbol;
typedef struct RtString { RtHeader hdr; uint32_t chars[]; } RtString;
typedef struct RtVector { RtHeader hdr; RtValue items[]; } RtVector;
typedef struct RtBytevector { RtHeader hdr; uint8_t bytes[]; } RtBytevector;
/* A Scheme vector of flonums stored unboxed: made only by compiled code, for vectors that
 * inference proves hold only flonums and never reach code that expects an RtVector (compiler/
 * infer.c, "flonum vectors"); the runtime only prints one (errors) and serves the slow paths of
 * vector-ref, vector-set! and vector-length on it (rt_f64v_*). */
typedef struct RtF64Vector { RtHeader hdr; double d[]; } RtF64Vector;
typedef struct RtBoolVector { RtHeader hdr; uint8_t b[]; } RtBoolVector;   /* 0 #f, 1 #t */
/* An exact non-integral rational (numbers.c), self-contained like a bignum: count = numerator
 * limb count << 1 | sign (1 = negative); nden denominator limbs; limbs[] holds the numerator's
 * magnitude, then the denominator, each least significant limb first. Always normalised (N2,
 * "Numbers" below): lowest terms, denominator > 1. */
typedef struct RtRatnum { RtHeader hdr; uint64_t nden; uint64_t limbs[]; } RtRatnum;
/* A non-real complex number (numbers.c), rectangular. count 0: inexact, re and im are the
 * parts as doubles (re.d, im.d); count 1: exact, re and im are exact rationals (fixnum, bignum
 * or ratnum values allocated with the compnum, never shared) and im is not 0 (N3). */
typedef union RtCompPart { double d; RtValue v; } RtCompPart;
typedef struct RtCompnum { RtHeader hdr; RtCompPart re, im; } RtCompnum;
typedef struct Region Region;
/* The calling convention of every compiled procedure (see "Calls" below). */
typedef RtValue (*RtCode)(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2,
                          RtValue a3);
typedef struct RtClosure { RtHeader hdr; RtCode code; RtValue free[]; } RtClosure;
typedef struct RtBox { RtHeader hdr; RtValue value; } RtBox;
typedef struct RtRecord { RtHeader hdr; RtValue type; RtValue fields[]; } RtRecord;
typedef struct RtRecordType { RtHeader hdr; RtValue name; RtValue field_names; uint64_t uid; } RtRecordType;
typedef struct RtValues { RtHeader hdr; RtValue items[]; } RtValues;
typedef struct RtPromise { RtHeader hdr; RtValue value; RtValue spare; } RtPromise;
typedef struct RtParameter { RtHeader hdr; RtValue value; RtValue converter; } RtParameter;
typedef struct RtCondition { RtHeader hdr; RtValue message; RtValue irritants; RtValue payload; } RtCondition;
typedef struct RtHashTable { RtHeader hdr; struct RtHashImpl *impl; } RtHashTable;
typedef struct RtPort { RtHeader hdr; struct RtPortImpl *impl; } RtPort;
typedef struct RtContinuation { RtHeader hdr; struct RtContImpl *impl; } RtContinuation;

_Static_assert(sizeof(RtPair) == 16, "a pair costs 16 bytes");
_Static_assert(sizeof(RtFlonum) == 16, "a flonum costs 16 bytes");
_Static_assert(sizeof(RtSymbol) == 32, "symbol size matches the type table");
_Static_assert(sizeof(RtClosure) == 16, "closure size matches the type table");
_Static_assert(sizeof(RtRecord) == 16, "record size matches the type table");

#define RT_PAIR(v)     ((RtPair *)((v) - RT_TAG_PAIR))
#define RT_OBJ(v)      ((RtHeader *)((v) - RT_TAG_OBJ))
#define RT_AS(T, v)    ((T *)((v) - RT_TAG_OBJ))
#define RT_TAG_AS_PAIR(p) ((RtValue)(uintptr_t)(p) + RT_TAG_PAIR)
#define RT_TAG_AS_OBJ(p)  ((RtValue)(uintptr_t)(p) + RT_TAG_OBJ)
#define RT_IS_TYPE(v, t)  (RT_IS_OBJ(v) && RT_HDR_TYPE(*RT_OBJ(v)) == (t))
#define RT_CAR(v)      (RT_PAIR(v)->car)
#define RT_CDR(v)      (RT_PAIR(v)->cdr)
#define RT_FLOVAL(v)   (RT_AS(RtFlonum, v)->d)

/* The type id of any value, immediates included. */
static inline TypeId rt_type_of(RtValue v) {
    switch (v & RT_TAG_MASK) {
    case RT_TAG_FIXNUM: return TYPE_ID_FIXNUM;
    case RT_TAG_PAIR: return TYPE_ID_PAIR;
    case RT_TAG_OBJ: return RT_HDR_TYPE(*RT_OBJ(v));
    default:
        if (RT_IS_CHAR(v)) return TYPE_ID_CHAR;
        if (RT_IS_BOOL(v)) return TYPE_ID_BOOL;
        if (v == RT_NIL) return TYPE_ID_NULL;
        if (v == RT_EOF) return TYPE_ID_EOF;
        return TYPE_ID_UNSPEC;
    }
}

/* ============================================================================================
 * Regions (region.c)
 * ========================================================================================== */
#define RT_ALIGN          8u
#define RT_INLINE_BYTES   512u
#define RT_CHUNK_BYTES    (64u * 1024u)      /* one chunk, its RtChunk header included */
#define RT_LARGE_BYTES    (8u * 1024u)       /* bigger ones that miss the window: large list */
#define RT_CHUNK_HDR      32u                /* RtChunk header; objects start right after it */
#define RT_CHUNK_DATA     (RT_CHUNK_BYTES - RT_CHUNK_HDR)   /* bump space of one chunk */
#define RT_LARGE_HDR      16u                /* RtLarge header before a large object */
#define RT_POOL_MAX       64u                /* chunks a thread's pool keeps at least ... */
#define RT_REGION_BUDGET  (1024u << 20)     /* a region past it allocates in the heap (region.c) */
#define RT_REGION_SOFT    (1u << 20)        /* past it, rt_region_soft gives the heap */
#define RT_REGION_TAIL_SOFT (64u << 20)     /* the budget of a region a tail cycle shares */
#define RT_REGION_COLLECT (4u << 20)        /* ... collected when it grows by this (regiongc.c) */
#define RT_TAIL_SEQ       0x3fffffffu        /* Region.tail: the seq that triggers a collection */
#define RT_TAIL_SPILLED   0x40000000u        /* Region.tail: the heap may point into it */
#define RT_TAIL_NO_GC     0x80000000u        /* Region.tail: not collected any more */
#define RT_POOL_PEAK_MAX  4096u              /* ... and at most (256 MiB), as regions peaked */
#define RT_ROUND(n)       (((size_t)(n) + (RT_ALIGN - 1)) & ~(size_t)(RT_ALIGN - 1))

typedef struct RtChunk RtChunk;
typedef struct RtLarge RtLarge;

/* A chunk: this header, then RT_CHUNK_DATA bytes of bump space. `prev_used` is how many bytes
 * of the PREVIOUS window (the inline buffer or the next-older chunk) had been handed out when
 * this chunk became the window; the rest of that window was abandoned. It lets
 * rt_region_bytes_in_use add up a region without a per-region counter on the fast path. While
 * the chunk sits in the pool only `next` is meaningful and the data is poisoned.
 * A chunk owned by a region is also on its thread's LIVE list (live_next, live_pprev: the
 * address of what points to it), which is what the collector scans of region chunks (see
 * "Scanning" below); a pooled chunk is on none. */
struct RtChunk {
    RtChunk *next;            /* next-older chunk of the region, or next chunk in the pool */
    uint32_t prev_used;
    uint16_t orphan;          /* on rt_orphan_chunks: its thread has exited */
    uint16_t seq;             /* in a region: 1 for its oldest chunk, one more for each newer
                                 one, at most UINT16_MAX (the region's budget, below) */
    RtChunk *live_next;
    RtChunk **live_pprev;
    _Alignas(16) char data[];
};

/* A region descriptor. The bump window is in the inline buffer exactly when chunks == NULL;
 * otherwise it is in chunks (the newest chunk). A request that fits the window is bumped
 * there whatever its size (the fast path has one test). One that does not fit goes to the
 * slow path: if it is larger than RT_LARGE_BYTES it gets a large block and the window stays;
 * otherwise a new chunk becomes the window and the rest of the old one is abandoned (less
 * than RT_LARGE_BYTES, since only smaller requests make the slow path take a chunk).
 * `parent` and `depth` are set by rt_region_enter (frame regions, on the region stack);
 * rt_region_init sets the depth it is given and no parent. */
struct Region {
    char *cur;                /* bump pointer (R2) */
    char *end;                /* end of the bump window (R2) */
    RtChunk *chunks;          /* chunks owned, newest first; NULL while in the inline buffer */
    RtLarge *large;           /* large blocks owned, newest first */
    uint32_t depth;           /* nesting depth: older regions have smaller depths (R4) */
    uint32_t tail;            /* RT_TAIL_* bits. RT_TAIL_SEQ: nonzero once a procedure on a cycle
                                 of tail calls was given it (regions.c's tail cycles,
                                 rt_region_mark_tail): its budget is then RT_REGION_TAIL_SOFT,
                                 not RT_REGION_BUDGET, and it is collected (regiongc.c) when
                                 its newest chunk's seq reaches this value (1: the first
                                 threshold, rt_region_collect_chunks). RT_TAIL_SPILLED: some of
                                 its objects went to the collected heap (a soft or hard budget),
                                 which may point into it. RT_TAIL_NO_GC: never collected */
    Region *parent;           /* the next-older region on the region stack */
    _Alignas(16) char inline_buf[RT_INLINE_BYTES];
};

/* The slow path, for a request that does not fit the window: bytes > RT_LARGE_BYTES get a
 * large block (the window is kept); anything else gets a new chunk that becomes the window.
 * For r == &rt_gc_region (whose window is always empty) it is the collected heap's: a normal
 * object of the collector (scanned, one byte of tail, R7), zeroed, freed when unreachable.
 * Never returns NULL: out of memory exits. */
void *rt_region_alloc_slow(Region *r, size_t bytes);
/* Chunks back to the pool (or upstream past RT_POOL_MAX), large blocks freed: O(chunks). */
void rt_region_release_slow(Region *r);
/* Under RT_ASAN: poison / unpoison r's inline buffer (no-ops otherwise). */
void rt_region_poison_inline(Region *r);
void rt_region_unpoison_inline(Region *r);

/* Statistics of this thread. The first group counts upstream traffic; the second is what
 * REGAL_STATS=1 reports (rt_stats_report, gc.c), counted on slow paths and at leave/recycle
 * time so that the allocation fast path counts nothing. */
typedef struct RtAllocStats {
    uint64_t upstream_allocs;     /* upstream allocations (chunks, large blocks, tables) */
    uint64_t upstream_frees;
    uint64_t chunks_from_pool;    /* chunks reused from the per-thread pool */
    uint64_t chunks_to_pool;      /* chunks put back in the pool (not freed upstream) */
    uint64_t regions_released;    /* releases that took the slow path (owned chunks/large) */
    uint64_t bytes_released;      /* bytes in use by those regions at their release */
    uint64_t upstream_bytes;      /* bytes now held from upstream: chunks (pooled or not),
                                     large blocks, heap descriptors, runtime tables */
    uint64_t peak_bytes;          /* the peak of upstream_bytes */
    uint64_t inline_allocs;       /* counted only when built with RT_COUNT_INLINE */
    /* ---- what REGAL_STATS reports ---- */
    uint64_t regions_created;     /* rt_region_enter calls */
    uint64_t chunks_from_upstream;/* chunks the pool could not supply */
    uint64_t region_reclaimed;    /* bytes handed out by regions and freed by rt_region_leave,
                                     rt_region_recycle or rt_region_unwind (objects' bytes:
                                     inline buffer, chunks and large blocks, as
                                     rt_region_bytes_in_use counts them) */
    uint64_t region_collected;    /* bytes of the chunks and large blocks regiongc.c gave back:
                                     the objects' bytes there, garbage of tail cycles' regions */
    uint64_t region_popped;       /* bytes given back by one-shot closures (rt_region_pop): also
                                     reclaimed by regions, counted here alone (one add) */
    uint64_t region_collections;  /* rt_region_collect calls that collected */
    uint64_t region_evacuated;    /* bytes copied out of regions into the collected heap
                                     (evacuate.c): counted among the heap's bytes as allocated,
                                     and taken off the bytes reclaimed by region release (those
                                     objects were not garbage; they moved) */
    uint64_t region_held;         /* bytes of chunks and large blocks now owned by regions */
    uint64_t region_peak;         /* max of region_held + RT_INLINE_BYTES * (depth of the
                                     region stack + 1), sampled whenever region_held grows */
    uint64_t gc_bytes;            /* bytes the collector handed out for rt_gc_region and the
                                     runtime's scratch memory, in its sizes (size classes,
                                     padding included, as it counts what it reclaims); counted
                                     only while rt_stats_enabled, and for the collected heap's
                                     free lists a whole refill at a time: rt_heap_counts
                                     subtracts what is still on them */
    uint64_t gc_allocs;           /* objects allocated in rt_gc_region: the same way */
} RtAllocStats;
extern _Thread_local RtAllocStats rt_alloc_stats;

#if defined(RT_ASAN)
#include <sanitizer/asan_interface.h>
#define RT_ASAN_HAND_OUT(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#define RT_ASAN_GIVE_BACK(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#else
#define RT_ASAN_HAND_OUT(p, n) ((void)0)
#define RT_ASAN_GIVE_BACK(p, n) ((void)0)
#endif
#if defined(RT_COUNT_INLINE)   /* the benchmark's hit-rate run: window still the inline buffer? */
#define RT_COUNT_INLINE_HIT(r) (rt_alloc_stats.inline_allocs += ((r)->chunks == NULL))
#else
#define RT_COUNT_INLINE_HIT(r) ((void)0)
#endif

/* The allocation fast path: one bounds test and a pointer bump. `bytes` is a multiple of 8.
 * end - cur never overflows (R2), so the test is exact for any `bytes`. Builds that define
 * RT_COUNT_INLINE (the benchmark's hit-rate run) also count the requests the inline buffer
 * serves (build the runtime with it too, or the mk_* constructors' allocations go uncounted);
 * RT_ASAN builds unpoison each object handed out (R5). The normal build pays for neither. */
static inline void *rt_region_bump(Region *r, size_t bytes) {
    char *p = r->cur;
    if (RT_UNLIKELY((size_t)(r->end - p) < bytes)) return rt_region_alloc_slow(r, bytes);
    RT_COUNT_INLINE_HIT(r);
    r->cur = p + bytes;
    RT_ASAN_HAND_OUT(p, bytes);
    return p;
}

/* The slow path of a typed allocation: rt_region_alloc_slow, or for r == &rt_gc_region (the
 * caller's region `rr` of compiled code, when that is the collected heap; the mk_*
 * constructors) the collected heap's allocation of an object of type t, rt_heap_alloc.
 * rt_region_bump_typed tests for the collected heap itself once its window's test has failed,
 * and pops the heap's free list in place (with a constant t: the list's address is a
 * constant), so compiled code whose caller's region is the heap makes no call; measured by
 * bench_runner's "collected heap, as the caller's region" row. */
void *rt_region_alloc_typed_slow(Region *r, TypeId t, size_t bytes);
extern Region rt_gc_region;
static inline void *rt_heap_alloc(TypeId t, size_t bytes);
static inline void *rt_region_bump_typed(Region *r, TypeId t, size_t bytes) {
    char *p = r->cur;
    if (RT_UNLIKELY((size_t)(r->end - p) < bytes)) {
        if (r == &rt_gc_region) return rt_heap_alloc(t, bytes);
        return rt_region_alloc_typed_slow(r, t, bytes);
    }
    RT_COUNT_INLINE_HIT(r);
    r->cur = p + bytes;
    RT_ASAN_HAND_OUT(p, bytes);
    return p;
}

/* One-shot closures (compiler/oneshot.c): a closure nothing refers to once it is called gives
 * itself back when its body starts, after reading its free variables: if the object at obj,
 * `bytes` long, is the newest of r's window, the bump pointer goes back over it, as a leave
 * does for a region (counted in region_popped, which REGAL_STATS adds to what regions
 * reclaimed); otherwise it stays until its region goes. Whatever region obj is in: only the
 * newest object of r's window can end at r->cur (none does for rt_gc_region, whose window is
 * empty). Continuations of continuation-passing style are called in the reverse order of
 * their making, so each is the newest object when called. */
static inline void rt_region_pop(Region *r, RtValue obj, size_t bytes) {
    char *p = (char *)RT_OBJ(obj);
    if (p + bytes == r->cur) {
        r->cur = p;
        rt_alloc_stats.region_popped += bytes;
        RT_ASAN_GIVE_BACK(p, bytes);
    }
}

/* Typed allocation: with a constant type id the size is a constant and this is a compare and
 * a bump. The caller fills every field, the header included. */
static inline void *alloc_obj_typed(Region *r, TypeId t) {
    return rt_region_bump_typed(r, t, rt_type_size[t]);
}
/* A variable-size object: the fixed part of type t plus `extra` bytes (rounded up to 8). */
static inline void *alloc_obj_sized(Region *r, TypeId t, size_t extra) {
    return rt_region_bump_typed(r, t, RT_ROUND(rt_type_size[t] + extra));
}

/* ---- the collected heap's allocation (gc.c) --------------------------------------------------
 * Compiled code whose site is placed in the collected heap calls rt_heap_typed / rt_heap_sized
 * (what alloc_obj_typed / alloc_obj_sized are for a region); the other allocations in
 * rt_gc_region reach rt_heap_alloc through the slow path of their region's bump.
 * Objects come from this thread's FREE LISTS, rt_heap_lists.free[kind][g]: one list per size
 * class, g GRANULES of 16 bytes (1 <= g < RT_HEAP_CLASSES: up to 512 bytes), and per KIND of
 * the collector's objects: POINTER-FREE (flonums, bignums, strings, bytevectors: never
 * scanned, so a double or a code point that looks like an address keeps nothing alive) or
 * NORMAL (the rest: scanned conservatively). The fast path pops a list's head: one test, and
 * with constant arguments no other. An empty list, and an object larger than the classes, go
 * to rt_heap_alloc_slow (gc.c), which refills the list with a block's worth of objects from
 * the collector (GC_generic_malloc_many) or allocates the large object alone.
 * What the lists hold belongs to the program as far as the collector knows, and it does not
 * scan thread-local storage: at every collection gc.c marks each object on each thread's
 * lists (registered on a thread's first refill, unregistered when it exits).
 * An object is not zeroed: a normal one is zero but for its first word (the list's link,
 * which the caller's header or car overwrites), a pointer-free one holds stale bytes; the
 * caller fills every field, as for alloc_obj_typed. A type with rt_heap_tail set gets one
 * byte more (R7: a pointer just past its last item still points into it). Statistics are
 * counted on the refill path, when REGAL_STATS asks (RtAllocStats.gc_bytes). */
#define RT_HEAP_GRANULE 16u
#define RT_HEAP_CLASSES 33u
typedef struct RtHeapLists { void *free[2][RT_HEAP_CLASSES]; } RtHeapLists;
extern _Thread_local RtHeapLists rt_heap_lists;
enum { RT_HEAP_PTRFREE = 0, RT_HEAP_NORMAL = 1 };   /* the collector's kind numbers */
/* Per type id: pointer-free in the collected heap; one byte of tail (its items walked by C
 * loops: strings, vectors, flonum vectors, bytevectors, bignum limbs, multiple values, record
 * fields). A type id added to the table must be placed in both (the assertion counts them). */
static const uint8_t rt_heap_ptrfree[TYPE_ID_COUNT] = {
    [TYPE_ID_FLOAT] = 1, [TYPE_ID_INT] = 1, [TYPE_ID_STRING] = 1, [TYPE_ID_BYTEVECTOR] = 1,
    [TYPE_ID_F64VECTOR] = 1, [TYPE_ID_RATNUM] = 1, [TYPE_ID_TIME] = 1, [TYPE_ID_BOOLVECTOR] = 1,
};
static const uint8_t rt_heap_tail[TYPE_ID_COUNT] = {
    [TYPE_ID_INT] = 1, [TYPE_ID_STRING] = 1, [TYPE_ID_VECTOR] = 1, [TYPE_ID_BYTEVECTOR] = 1,
    [TYPE_ID_VALUES] = 1, [TYPE_ID_RECORD] = 1, [TYPE_ID_F64VECTOR] = 1, [TYPE_ID_RATNUM] = 1,
    [TYPE_ID_BOOLVECTOR] = 1,
};
_Static_assert(TYPE_ID_COUNT == 34, "a new type id: say in rt_heap_ptrfree and rt_heap_tail "
               "whether the collected heap may skip scanning it and whether C walks its items");

/* Refill the list of t's class and pop it, or allocate a large object; never NULL (out of
 * memory exits 71). While the nursery is on, a normal object is noted (rt_nursery_note_hook). */
void *rt_heap_alloc_slow(TypeId t, size_t bytes);

/* ---- the nursery (nursery.c; doc/nursery.md) -------------------------------------------------
 * A program compiled with -fnursery (the C defines RT_NURSERY before including this header)
 * allocates its collected-heap objects in a per-thread NURSERY instead of libgc's free lists:
 * two bump spaces, one of 16-byte pair cells and one of headered objects of at most
 * RT_NURSERY_MAX bytes (larger ones go to libgc directly). When a space's window is used up,
 * a MINOR COLLECTION copies what is reachable into libgc (PROMOTION) and frees the rest at
 * once. Its roots:
 *   N1  ambiguous: this thread's stack and registers, static data, the thread-local values,
 *       what live regions handed out of their chunks (a chunk's unused end is no root; the
 *       chunks of a closed region, rtlib.h, none) and their large blocks, and the libgc objects allocated since the
 *       last minor collection that are not typed (scratch memory, hash tables' parts): a word
 *       that points into a nursery object PINS it (it stays where it is until a later minor
 *       collection finds it unpinned), and is never changed;
 *   N2  precise: the REMEMBERED slots, which the write barrier below saw receive a young value,
 *       and the fields of the typed libgc objects allocated since the last minor collection
 *       (rt_nursery_note_hook): a young value there is forwarded to its copy and the slot updated.
 * So every store of a value into an object that may be older than the last minor collection
 * (a libgc object, a region's, static data) is followed by rt_nursery_wb: compiled code's
 * set-car!, set-cdr!, vector-set!, box and closure stores (compiler/emit.c), and the runtime's
 * stores into objects it did not allocate itself since its last call of Scheme code.
 * Initialising stores need none: a minor collection happens only in compiled code's
 * allocation, and what the runtime allocates in libgc meanwhile is noted.
 * `span` is 0 while the nursery is off: before rt_nursery_start (a -fnursery program's first
 * statement), in programs not compiled with -fnursery, after a thread, a task or a full
 * continuation started (a last minor collection first: what stays pinned then stays for good),
 * once it found that it does not pay (nursery.c, ns_not_paying), and under REGAL_NURSERY=0;
 * then compiled code's allocations take libgc's free lists (rt_heap_free_alloc).
 * Memory handed out is not cleared: the caller fills every field, as for alloc_obj_typed. */
#define RT_NURSERY_MAX 2048u   /* a fresh window (NS_WINDOW, nursery.c) holds the largest */
typedef struct RtNursery {
    char *pcur, *plim;        /* the pair space's bump window */
    char *ocur, *olim;        /* the object space's bump window */
    uintptr_t lo, span;       /* young addresses are [lo, lo + span); span 0: off */
    int paused;               /* the runtime's own objects go to libgc (the reader: rt_nursery_pause) */
} RtNursery;
extern _Thread_local RtNursery rt_nursery;
void *rt_nursery_alloc_slow(TypeId t, size_t bytes);
/* The runtime reaches it through this hook (region.c holds it, nursery.c sets it when it
 * starts): the memory layer's files sit below nursery.c (runtime/rtlib.h, "Architecture"). */
extern void *(*rt_nursery_alloc_slow_hook)(TypeId t, size_t bytes);
#if defined(RT_IN_RUNTIME)
#define RT_NURSERY_SLOW rt_nursery_alloc_slow_hook
#else
#define RT_NURSERY_SLOW rt_nursery_alloc_slow
#endif
void rt_nursery_remember(RtValue *slot);
void rt_nursery_collect(void);   /* a minor collection now, if it is on */
/* Start it on this thread (a -fnursery program's first statement; bench_runner): it stays off
 * where it cannot be on (regal.h above; nursery.c's ns_init). */
void rt_nursery_start(void);
/* What the runtime allocates in libgc while the nursery is on: nursery.c sets the hook
 * (region.c holds it, below the nursery in the runtime's layers) before span becomes nonzero.
 * t: a type id, or -1 for untyped memory. */
extern void (*rt_nursery_note_hook)(void *p, int t);
#define RT_NURSERY_YOUNG(x) ((uintptr_t)(x) - rt_nursery.lo < rt_nursery.span)
/* The write barrier: after `*slot = v`, where slot is in an object that may be older than the
 * last minor collection. One subtract and compare when v is not young (span 0 while off). */
static inline void rt_nursery_wb(RtValue *slot, RtValue v) {
    if (RT_UNLIKELY(RT_NURSERY_YOUNG(v)) && !RT_NURSERY_YOUNG(slot)) rt_nursery_remember(slot);
}
/* libgc's side of the collected heap: a pop of this thread's free list of t's kind and size
 * (rt_heap_lists, above), or rt_heap_alloc_slow. */
static inline void *rt_heap_free_alloc(TypeId t, size_t bytes) {
    size_t g = (bytes + rt_heap_tail[t] + RT_HEAP_GRANULE - 1) / RT_HEAP_GRANULE;
    if (RT_LIKELY(g < RT_HEAP_CLASSES)) {
        void **head = &rt_heap_lists.free[rt_heap_ptrfree[t] ? RT_HEAP_PTRFREE : RT_HEAP_NORMAL][g];
        void *p = *head;
        if (RT_LIKELY(p != NULL)) {
            *head = *(void **)p;
            RT_ASAN_HAND_OUT(p, bytes);
#if defined(RT_IN_RUNTIME)
            if (!rt_heap_ptrfree[t] && RT_UNLIKELY(rt_nursery.span != 0)) rt_nursery_note_hook(p, (int)t);
#endif
            return p;
        }
    }
    return rt_heap_alloc_slow(t, bytes);
}
/* The nursery's bump; when its window is used up, the slow path (a new window, or a minor
 * collection), or libgc's free lists while it is off (not started, frozen, REGAL_NURSERY=0). */
static inline void *rt_nursery_alloc(TypeId t, size_t bytes) {
    if (t == TYPE_ID_PAIR) {
        char *p = rt_nursery.pcur;
        if (RT_UNLIKELY((size_t)(rt_nursery.plim - p) < 16))
            return rt_nursery.span != 0 ? RT_NURSERY_SLOW(t, 16) : rt_heap_free_alloc(t, 16);
        rt_nursery.pcur = p + 16;
        RT_ASAN_HAND_OUT(p, 16);
        return p;
    }
    char *p = rt_nursery.ocur;
    if (RT_UNLIKELY(bytes > RT_NURSERY_MAX || (size_t)(rt_nursery.olim - p) < bytes))
        return rt_nursery.span != 0 ? RT_NURSERY_SLOW(t, bytes) : rt_heap_free_alloc(t, bytes);
    rt_nursery.ocur = p + bytes;
    RT_ASAN_HAND_OUT(p, bytes);
    return p;
}

/* An object of type t and `bytes` bytes (a multiple of 8) in the collected heap: in compiled
 * code with -fnursery the nursery's; elsewhere a pop of libgc's free list (the runtime's own
 * objects note themselves while the nursery is on). */
/* The types the runtime's own objects may take in the nursery: fixed layouts, written whole
 * before anything else allocates (a minor collection parses the object space by headers, so a
 * string or a bignum allocated with room to spare and shrunk later stays in libgc). */
static const uint8_t rt_nursery_rt_ok[TYPE_ID_COUNT] = {
    [TYPE_ID_PAIR] = 1, [TYPE_ID_FLOAT] = 1, [TYPE_ID_CLOSURE] = 1, [TYPE_ID_BOX] = 1,
    [TYPE_ID_VECTOR] = 1, [TYPE_ID_RECORD] = 1,   /* mk_vector, mk_record, rt_p_record: filled whole */
};
static inline void *rt_heap_alloc(TypeId t, size_t bytes) {
#if defined(RT_NURSERY)
    return rt_nursery_alloc(t, bytes);
#else
#if defined(RT_IN_RUNTIME)
    if (RT_UNLIKELY(rt_nursery.span != 0) && rt_nursery_rt_ok[t] && !rt_nursery.paused)
        return rt_nursery_alloc(t, bytes);
#endif
    return rt_heap_free_alloc(t, bytes);
#endif
}
static inline void *rt_heap_typed(TypeId t) { return rt_heap_alloc(t, rt_type_size[t]); }
static inline void *rt_heap_sized(TypeId t, size_t extra) {
    return rt_heap_alloc(t, RT_ROUND(rt_type_size[t] + extra));
}
/* Objects and bytes handed out in rt_gc_region by this thread while statistics were on:
 * RtAllocStats.gc_allocs and gc_bytes less what still waits on the free lists. */
typedef struct { uint64_t objects, bytes; } RtHeapCounts;
RtHeapCounts rt_heap_counts(void);

/* Create a region in caller-provided storage, off the region stack (tests, benchmarks, heap
 * regions). Under RT_ASAN the inline buffer is poisoned here and unpoisoned object by object
 * as it is handed out, so code linked with the sanitizer runtime (libregal-san, which poisons
 * too) must be compiled -DRT_ASAN. */
static inline void rt_region_init(Region *r, uint64_t depth) {
    r->cur = r->inline_buf;
    r->end = r->inline_buf + RT_INLINE_BYTES;
    r->chunks = NULL;
    r->large = NULL;
    r->depth = (uint32_t)depth;
    r->tail = 0;
    r->parent = NULL;
#if defined(RT_ASAN)
    rt_region_poison_inline(r);
#endif
}
/* Has r touched an allocator (R3)? One test: the two pointers or'ed together. */
#define RT_REGION_TOUCHED(r) (((uintptr_t)(r)->chunks | (uintptr_t)(r)->large) != 0)
/* Release every object of r: O(chunks), and nothing at all when only the buffer was used. */
static inline void rt_region_release(Region *r) {
    if (RT_UNLIKELY(RT_REGION_TOUCHED(r))) rt_region_release_slow(r);
#if defined(RT_ASAN)
    rt_region_poison_inline(r);
#endif
}
/* Free everything but keep the first (oldest) chunk, which becomes the whole window, or, if r
 * has no chunk, rewind the inline buffer. Large blocks are freed, other chunks pooled. */
void rt_region_reset(Region *r);
/* Bytes handed out to objects in r (inline buffer, chunks and large blocks); 0 for
 * rt_gc_region. */
size_t rt_region_bytes_in_use(const Region *r);
/* A heap-allocated region, for lifetimes that are not a C frame. */
Region *rt_region_new(uint64_t depth);
void rt_region_free(Region *r);

/* The region that lives as long as the program: constants, globals, interned symbols. It is
 * statically initialised (window = its own inline buffer), so it works before any init call;
 * it is never released. It is the bottom of every thread's region stack (depth 0). */
extern Region rt_global_region;

/* The collected heap as a region (gc.c, region.c): its bump window is always empty (cur ==
 * end == NULL, depth 0), so alloc_obj_typed(&rt_gc_region, T) keeps the one-compare fast path
 * and always takes its slow path, which is rt_heap_alloc (T's kind and size; rt_region_bump's
 * untyped requests get a normal object, zeroed). Compiled code that knows its site is in the
 * collected heap calls rt_heap_typed / rt_heap_sized directly. Tagged pointers keep an object
 * alive (R7). Out of memory exits 71. It is never entered, left or released. */
extern Region rt_gc_region;

/* ---- the region stack -------------------------------------------------------------------
 * Frame and loop regions of compiled code. rt_region_top is this thread's innermost live
 * frame region; the stack is linked by `parent` and its bottom is rt_global_region (depth 0),
 * so rt_region_top is never NULL. A region on the stack has depth parent->depth + 1.
 *   rt_region_enter(r)    r (caller storage: a C frame) becomes an empty region on top.
 *   rt_region_leave(r)    r must be the top: pop it and release everything it holds (chunks
 *                         to the pool, large blocks freed; a compare when only the inline
 *                         buffer was used).
 *   rt_region_recycle(r)  at a loop back edge: free everything r holds and rewind it to its
 *                         empty inline buffer; r keeps its place on the stack.
 *   rt_region_unwind(k)   leave every region above k (k stays): what every non-local exit
 *                         does before it longjmps, while the frames it skips are still live.
 *                         Each setjmp point saves rt_region_top and unwinds to it.
 * Bytes freed are counted in rt_alloc_stats.region_reclaimed (REGAL_STATS). */
extern _Thread_local Region *rt_region_top;
/* Chunks a region owns before it allocates in the collected heap instead (region.c); 0: no
 * limit (--check-regions sets it before the program starts). */
extern uint32_t rt_region_budget;
/* The region a site of regions.c's container rule allocates in (made in every iteration of a
 * loop, stored into objects of an older region r): r, unless r already owns
 * rt_region_soft_chunks chunks (RT_REGION_SOFT); then r is collected as it grows, as a tail
 * cycle's region is (regiongc.c: what later stores replace is garbage there), when it can be
 * (rt_region_soft_slow marks it so); else the collected heap, which reclaims that garbage (a
 * region keeps it until released), whose objects may then point into r while it lives, as a
 * region past its budget's do (region.c). */
extern uint32_t rt_region_soft_chunks;
extern uint32_t rt_region_collect_chunks;   /* regiongc.c (0: regions are not collected) */
Region *rt_region_soft_slow(Region *r);
static inline Region *rt_region_soft(Region *r) {
    const RtChunk *c = r->chunks;
    if (RT_UNLIKELY(c != NULL && c->seq >= rt_region_soft_chunks)) {
        uint32_t t = r->tail;
        if ((t & RT_TAIL_SEQ) && !(t & (RT_TAIL_NO_GC | RT_TAIL_SPILLED)) && rt_region_collect_chunks != 0)
            return r;   /* collected as it grows */
        return rt_region_soft_slow(r);
    }
    return r;
}
/* The entry of a procedure on a cycle of tail calls (regions.c), whose rounds share their
 * caller's region r: r's budget becomes the tail cycles' (rt_region_tail_chunks chunks,
 * RT_REGION_TAIL_SOFT), past which it allocates in the collected heap (region.c). One load of
 * a word next to r's window and a branch; the store only the first time. */
extern uint32_t rt_region_tail_chunks;
static inline void rt_region_mark_tail(Region *r) {
    if (RT_UNLIKELY(!(r->tail & RT_TAIL_SEQ))) r->tail |= 1;
}
/* Free everything r holds (counted as reclaimed) and rewind r to its empty inline buffer. */
void rt_region_empty_slow(Region *r);
/* A region-stack misuse (leaving a region that is not the top): internal error, abort. */
RT_NORETURN RT_COLD void rt_region_misuse(const char *what, const Region *r);

static inline void rt_region_enter(Region *r) {
    Region *top = rt_region_top;
    r->cur = r->inline_buf;
    r->end = r->inline_buf + RT_INLINE_BYTES;
    r->chunks = NULL;
    r->large = NULL;
    r->depth = top->depth + 1;
    r->tail = 0;
    r->parent = top;
    rt_region_top = r;
    rt_alloc_stats.regions_created++;
#if defined(RT_ASAN)
    rt_region_poison_inline(r);
#endif
}
static inline void rt_region_leave(Region *r) {
#if defined(RT_ASAN)
    if (RT_UNLIKELY(rt_region_top != r)) rt_region_misuse("rt_region_leave", r);
#endif
    rt_region_top = r->parent;
    if (RT_UNLIKELY(RT_REGION_TOUCHED(r))) rt_region_empty_slow(r);
    else rt_alloc_stats.region_reclaimed += (uint64_t)(r->cur - r->inline_buf);
#if defined(RT_ASAN)
    rt_region_unpoison_inline(r);   /* C stack about to die: no poison may outlive it (R5) */
#endif
}
static inline void rt_region_recycle(Region *r) {
    if (RT_UNLIKELY(RT_REGION_TOUCHED(r))) {
        rt_region_empty_slow(r);
    } else {
        rt_alloc_stats.region_reclaimed += (uint64_t)(r->cur - r->inline_buf);
        r->cur = r->inline_buf;
    }
#if defined(RT_ASAN)
    rt_region_poison_inline(r);
#endif
}
/* An evacuated call (compiler/regions.c, Ast.place_evac): the callee ran in r, a region entered
 * for the call, and returned v, which must live in the collected heap. What v reaches in r is
 * copied there (runtime/evacuate.c: by R4 and the compiler's choice of callees, v is the only
 * root of r's objects), and r is left with the garbage the call made. An immediate is not
 * walked. */
RtValue rt_region_evacuate(Region *r, RtValue v);
static inline RtValue rt_region_evacuate_leave(Region *r, RtValue v) {
    if (RT_IS_PAIR(v) || RT_IS_OBJ(v)) v = rt_region_evacuate(r, v);
    rt_region_leave(r);
    return v;
}
static inline void rt_region_unwind(Region *keep) {
    while (rt_region_top != keep) {
        if (RT_UNLIKELY(rt_region_top == &rt_global_region)) rt_region_misuse("rt_region_unwind", keep);
        rt_region_leave(rt_region_top);
    }
}

/* ---- numbers carried round a loop (compiler/regions.c: copy variables, Var.carry_copy) -------
 * A back edge of a loop boxes the number it passes in a copy variable in one of the variable's
 * two boxes in the loop's C frame, the one the previous iteration did not use (the loop keeps
 * a parity): a flonum's or an inexact complex number's bytes are copied there; any other boxed
 * number (bignum, ratnum, exact complex: what overflowed, or exact arithmetic) is copied into
 * the collected heap; a fixnum is passed as it is. So the number an iteration made for the
 * next need not outlive it, and no object is made per iteration for it. A box is written again
 * two back edges later, when the value it held is dead (regions.c: a copy variable's values
 * are used only within the iteration they are passed to). The copy is the same number (eqv?);
 * only eq? could tell, and R7RS leaves eq? on numbers unspecified. A box is an object in C
 * frame memory, as a region's inline buffer's are; it holds no pointer. */
typedef RtCompnum RtCarryBox;          /* big enough for a flonum or an inexact complex */
RtValue rt_num_fresh(Region *rr, RtValue v);   /* numbers.c: a copy of number v in rr, never v */
static inline RtValue rt_carry_box(RtValue x, RtCarryBox *box) {
    if (!RT_IS_OBJ(x)) return x;
    RtHeader h = *RT_OBJ(x);
    if (RT_HDR_TYPE(h) == TYPE_ID_FLOAT) {
        RtFlonum *f = (RtFlonum *)(void *)box;
        f->hdr = h;
        f->d = RT_FLOVAL(x);
        return RT_TAG_AS_OBJ(f);
    }
    if (RT_HDR_TYPE(h) == TYPE_ID_COMPNUM && RT_HDR_COUNT(h) == 0) {
        box->hdr = h;
        box->re.d = RT_AS(RtCompnum, x)->re.d;
        box->im.d = RT_AS(RtCompnum, x)->im.d;
        return RT_TAG_AS_OBJ(box);
    }
    return rt_num_fresh(&rt_gc_region, x);
}

/* ---- --check-regions: R4 checked at run time ------------------------------------------------
 * The depth of the region holding address p: the region stack is searched (inline buffers,
 * chunks, large blocks); an address in none of them (the collected heap, rt_global_region,
 * static data) has depth 0. O(regions on the stack + their chunks): for debug builds.
 * rt_check_store: after a store of `value` into an existing object `target`, value's region
 * must be no younger than target's; rt_check_result: a result v returned in region rr must
 * not be younger than rr (rt_gc_region and rt_global_region have depth 0). A violation prints
 *   <loc>: error: region check: a store makes an object in region depth D1 point into
 *   younger region depth D2
 * or "<loc>: error: region check: a result returned in region depth D1 points into younger
 * region depth D2"
 * after flushing standard output, and exits RT_EXIT_ERROR. */
uint64_t rt_region_depth_of(const void *p);
void rt_check_store(const char *loc, RtValue target, RtValue value);
void rt_check_result(const char *loc, Region *rr, RtValue v);
/* rt_check_frame: a value a frame hands on (what: "return", "tail call") must not live in a
 * region the frame is about to leave, one younger than `base`, the region stack top when the
 * frame was entered:
 *   error: region check: a return passes a value in region depth D2, which its frame
 *   releases (its regions are above depth D1)
 * then exit RT_EXIT_ERROR. */
void rt_check_frame(const char *what, Region *base, RtValue v);

/* The upstream allocator of chunks and large blocks (the collector's uncollectable
 * allocator; malloc under RT_USE_MALLOC; mimalloc under RT_USE_MIMALLOC), counted in
 * rt_alloc_stats. rt_upstream_alloc never returns NULL: failure (or rt_upstream_fail_hook)
 * ends in rt_out_of_memory. rt_upstream_free needs the size given to rt_upstream_alloc. */
void *rt_upstream_alloc(size_t bytes);
void rt_upstream_free(void *p, size_t bytes);
/* When set, called before every upstream allocation; returning nonzero makes it fail. */
extern int (*rt_upstream_fail_hook)(size_t bytes);
/* 0: chunks come from the per-thread pool (default); 1: straight from upstream each time. */
extern int rt_pool_disabled;
void rt_pool_trim(void);                 /* return every pooled chunk to upstream */
size_t rt_pool_count(void);              /* chunks now in this thread's pool */
size_t rt_pool_cap(void);                /* chunks it keeps at most: the regions' peak, bounded */
RT_NORETURN void rt_out_of_memory(void); /* prints "out of memory", exits with status 71 */


/* ---- the collector and REGAL_STATS (gc.c) ---------------------------------------------------
 * rt_gc_init: initialise the collector (idempotent; rt_start calls it on the main thread
 * before anything allocates; the collector's mode is set earlier, by a constructor, gc.c).
 * rt_gc_collect: a full collection (tests). REGAL_GC_STRESS=N in the environment: a full
 * collection at every Nth refill of a free list and every Nth large object of the collected
 * heap (a test of R7: collections at allocation points while C code holds derived pointers).
 * rt_stats_report: when REGAL_STATS was set (not empty, not 0) in the environment at start,
 * print to stderr (after flushing the Scheme ports) the figures below: with REGAL_STATS=json
 * one JSON object on one line, {"regal_stats":1,"regions_created":3,...}, the keys in this
 * order, every value an integer but the last (a number with one decimal); with any other
 * value a text block, "regal stats:" then one line a figure, "  LABEL  VALUE", in this order.
 * The keys are stable: one may be added (regal_stats stays 1), none renamed or removed
 * without raising regal_stats. benchmarks/stats.py reads the JSON; tests/stats_test.py checks
 * both formats against this table (a row: key, label, then what it counts).
 *   regal_stats               -                                      1: this format's version
 *   regions_created           regions created                        rt_region_enter calls
 *   region_peak_bytes         peak bytes in regions                  max of region_held +
 *                                                                    inline buffers on stack
 *   chunks_from_upstream      chunks from upstream                   chunks the pool could
 *                                                                    not supply
 *   region_allocated_bytes    bytes allocated in regions             region_reclaimed +
 *                                                                    region_popped +
 *                                                                    region_collected + bytes
 *                                                                    now in use in the regions
 *                                                                    on the region stack
 *                                                                    (rt_global_region too)
 *   region_reclaimed_bytes    bytes reclaimed by regions             region_reclaimed: freed
 *                                                                    by leave, recycle, unwind;
 *                                                                    + region_popped
 *                                                                    - region_evacuated
 *   region_popped_bytes       bytes given back by one-shot closures  region_popped: one-shot
 *                                                                    closures that gave
 *                                                                    themselves back when
 *                                                                    called (rt_region_pop)
 *   region_collected_bytes    bytes collected in regions             region_collected: freed
 *                                                                    by collecting the regions
 *                                                                    of tail cycles (regiongc.c)
 *   region_collections        collections of regions                 rt_region_collect calls
 *                                                                    that collected
 *   region_evacuated_bytes    bytes copied out of regions            region_evacuated: the
 *                                                                    results of evacuated
 *                                                                    calls and tasks, copied
 *                                                                    into the collected heap
 *   heap_allocated_bytes      bytes allocated in the collected heap  gc_bytes (the collector's
 *                                                                    object sizes), and with
 *                                                                    -fnursery the nursery's
 *                                                                    bytes less those promoted
 *   collections               collections                            GC_get_gc_no
 *   heap_size_bytes           heap size                              GC_get_heap_size: the
 *                                                                    collector's heap, chunks
 *                                                                    and large blocks included
 *   heap_collected_bytes      bytes collected by the fallback        bytes the collector
 *                                                                    reclaimed (its counters
 *                                                                    in GC_get_prof_stats)
 *   region_reclaimed_percent  reclaimed by region release            100 x bytes reclaimed by
 *                                                                    regions / (bytes in
 *                                                                    regions + in the heap);
 *                                                                    text: "P% of all bytes
 *                                                                    allocated"
 * It is called at the normal end of the program and by (exit); not after an error. Regions
 * made with rt_region_init or rt_region_new are not on the stack and not counted. */
void rt_gc_init(void);
void rt_gc_collect(void);
extern int rt_stats_enabled;
void rt_stats_report(void);

/* ---- the heap profile (-fprofile-heap) ---------------------------------------------------------
 * A program compiled with -fprofile-heap gives each allocation site that region inference put
 * in the collected heap a stand-in region of its own, RtHeapSite.r: its window empty (cur ==
 * end == NULL) and its depth 0, as rt_gc_region's, never entered. The program registers its
 * table at start (rt_heap_sites_register; a separately compiled unit its own, at its first
 * import). An allocation in a stand-in fails the window's test; the slow paths (region.c) count
 * the object against its site, then allocate in the collected heap as for rt_gc_region. So
 * what a site makes is counted, and, for a call site, what the callee makes in the region the
 * call gives it (a call placed in the heap passes its stand-in as rr). At the end the sites
 * are printed by bytes, with why region inference put each in the heap and a summary by
 * reason (rt_heap_sites_report, gc.c, on stderr; called where REGAL_STATS is reported).
 * loc, what, why and kind are the compiler's strings (--explain-regions' text). */
typedef struct RtHeapSite {
    Region r;                 /* the stand-in (first: a Region * to it is the site's address) */
    const char *loc;          /* "file:line:col" of the site */
    const char *what;         /* "cons", "closure 'f'", "result of 'g'", ... */
    const char *why;          /* the use that put it in the heap, with its location */
    const char *kind;         /* that use's kind, the summary's rows */
    uint64_t objects, bytes;  /* counted by the slow paths (relaxed atomics: threads share them) */
} RtHeapSite;
void rt_heap_sites_register(RtHeapSite *sites, size_t n);
/* The site whose stand-in r is, or NULL (region.c; a compare per registered table). */
RtHeapSite *rt_heap_site_of(const Region *r);
void rt_heap_sites_report(void);

/* ============================================================================================
 * Constructors (object.c): the conventional API, one call per object
 * ========================================================================================== */
/* Variable-size objects use alloc_obj_sized; a length too big for memory ends in
 * rt_out_of_memory. Closure free variables and record fields start as RT_UNSPEC. */
RtValue mk_int(Region *r, int64_t n);       /* fixnum when it fits, else a one-limb bignum */
RtValue mk_float(Region *r, double d);
RtValue mk_pair(Region *r, RtValue car, RtValue cdr);
RtValue mk_symbol(Region *r, const char *name);  /* interned: an existing name allocates nothing */
RtValue mk_symbol_n(Region *r, const char *utf8, size_t len);
RtValue mk_string(Region *r, const char *utf8);  /* UTF-8 in, code points stored */
RtValue mk_string_n(Region *r, const char *utf8, size_t len); /* invalid UTF-8 -> U+FFFD */
RtValue mk_string_fill(Region *r, size_t len, uint32_t fill);
RtValue mk_vector(Region *r, size_t len, RtValue fill);
RtValue mk_bytevector(Region *r, size_t len, uint8_t fill);
RtValue mk_closure(Region *r, RtCode code, size_t nfree);
RtValue mk_box(Region *r, RtValue v);
RtValue mk_record(Region *r, RtValue type, size_t nfields);
/* Interning: symbols and their name strings live in rt_global_region (symbols never die), so
 * mk_symbol ignores its region; the hash table's bucket array comes from rt_upstream_alloc and
 * doubles when it holds as many symbols as buckets. Equal names (after UTF-8 decoding, invalid
 * bytes read as U+FFFD) give the same symbol. Not thread-safe: intern from one thread.
 * A symbol is an RtSymbol (name = its string of code points) followed by its name as
 * well-formed, NUL-terminated UTF-8; the header count is that name's length in bytes. */
RtValue rt_intern(const char *utf8, size_t len);
size_t rt_symbol_count(void);
/* The symbols of a program's quoted data, built by the compiler as static data (an RtSymbol,
 * its name as well-formed NUL-terminated UTF-8 right after it, `name` a static string, `hash`
 * and `next` left 0): the generated program registers them all before anything else interns,
 * so they are the symbols of their names. Each name must be well-formed UTF-8 and not yet
 * interned (a violation is an internal error, abort), unless by this very object: separately
 * compiled units (regal -c) share each symbol as one weak definition, which every unit
 * registers; the program registers all units' before anything else interns. */
void rt_intern_statics(RtSymbol *const *syms, size_t n);
static inline const char *rt_symbol_utf8(RtValue sym) {
    return (const char *)(RT_AS(RtSymbol, sym) + 1);
}

/* ============================================================================================
 * Calls
 * --------------------------------------------------------------------------------------------
 * Every compiled procedure entry is an RtCode:
 *   RtValue f(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3)
 *   rr     the region the caller wants the result allocated in
 *   self   the closure being called (its free variables are RT_AS(RtClosure, self)->free[])
 *   a0-a3  the first four arguments (unused slots hold anything); argument i >= 4 is in
 *          rt_xargs[i]
 * A call of a procedure value (an unknown call: through RtClosure.code, rt_call, apply) also
 * sets rt_nargs to the argument count; the callee's generic entry (the closure's code) checks
 * it before anything else. A call the compiler resolves to a known procedure enters its direct
 * entry instead: the same signature, no count, no check, and no closure when the procedure has
 * no free variables. The signature is the same for all, so every tail call can be a clang
 * musttail call and no tail call grows the C stack (R7RS 3.5). The callee reads rt_nargs and
 * rt_xargs before it calls anything.
 * ========================================================================================== */
#define RT_REG_ARGS 4
extern _Thread_local intptr_t rt_nargs;
/* Every call that sets rt_nargs also sets rt_call_loc to its own source location (or NULL):
 * a primitive called as a value (prims.c) names the call in its errors. */
extern _Thread_local const char *rt_call_loc;
#define RT_MAX_ARGS 65536
extern _Thread_local RtValue rt_xargs[RT_MAX_ARGS];

#if defined(__clang__)
#define RT_MUSTTAIL __attribute__((musttail))
#else
#define RT_MUSTTAIL
#endif

/* ============================================================================================
 * Stack depth (error.c; start.c sets the limit): compiled code runs on a large stack; each
 * non-leaf procedure checks the stack pointer against rt_stack_limit on entry and stops with
 * "stack overflow".
 * ========================================================================================== */
extern _Thread_local char *rt_stack_limit;
RT_NORETURN RT_COLD void rt_stack_overflow(const char *loc);
#define RT_STACK_CHECK(loc)                                                                   \
    do {                                                                                      \
        char rt_probe_;                                                                       \
        if (RT_UNLIKELY(&rt_probe_ < rt_stack_limit)) rt_stack_overflow(loc);                 \
    } while (0)
/* What compiled procedures do on entry: nothing, since the program's stack ends in a guard
 * region whose fault start.c reports as "stack overflow"; under AddressSanitizer (whose own
 * handler takes the fault) the explicit check. */
#if defined(RT_ASAN)
#define RT_ENTRY_CHECK(loc) RT_STACK_CHECK(loc)
#else
#define RT_ENTRY_CHECK(loc) ((void)(loc))
#endif

/* ============================================================================================
 * Errors (error.c): a message naming the primitive, the value and the source location;
 * standard output is flushed first; exit status 70.
 * ========================================================================================== */
#define RT_EXIT_ERROR 70
#define RT_EXIT_OOM   71
RT_NORETURN RT_COLD void rt_type_error(const char *loc, const char *who, const char *expected,
                                       RtValue got);
RT_NORETURN RT_COLD void rt_error_msg(const char *loc, const char *who, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ============================================================================================
 * Backtraces (backtrace.c)
 * --------------------------------------------------------------------------------------------
 * The generated main() registers the program's frame table before rt_start: one entry per C
 * function of a procedure (generic and direct entries) or of the top level, with the Scheme
 * name and the location of the definition. The functions are named, not pointed to: a
 * reference to a function's address would change the code clang makes of it. An uncaught
 * error prints the frames of its stack whose function is in a table (found by unwinding on
 * the error path and reading the executable's symbol table: nothing is recorded while the
 * program runs). The table's `next` is the runtime's.
 * ========================================================================================== */
typedef struct RtFrameName {
    const char *cname;    /* the C function's name */
    const char *name;     /* the procedure's name, "<lambda>" or "<top level>" */
    const char *loc;      /* "file:line:col" of its definition (the top level: "file") */
} RtFrameName;
typedef struct RtFrameTable {
    const RtFrameName *items;
    size_t len;
    struct RtFrameTable *next;
} RtFrameTable;
void rt_frames_register(RtFrameTable *t);

/* ============================================================================================
 * Foreign calls (ffi.c): the conversions of (foreign-procedure "c_name" (arg-type ...) result)
 * --------------------------------------------------------------------------------------------
 * The compiler (compiler/emit_ffi.c) converts each argument with one of these, then calls the
 * C function directly. A value that does not convert raises "<loc>: <c_name>: expected
 * <what>, got <value>" (`what` names the type and the argument: "an exact integer from 0 to
 * 4294967295 (unsigned) as argument 2"), an error `guard` can catch. Integers: a fixnum in
 * [lo, hi] on the inline path, a bignum in range out of line. rt_ffi_string: a string as
 * NUL-terminated UTF-8 in collected scratch memory (alive while the call's C frame holds it;
 * a string holding U+0000 is refused) or NULL for #f; rt_ffi_bytes: a bytevector's bytes (not
 * copied: valid during the call) or NULL for #f. Results: rt_ffi_from_s64/u64 a fixnum or a
 * bignum in r, rt_ffi_from_string a new string in r (invalid UTF-8 read as U+FFFD) or #f for
 * NULL.
 * ========================================================================================== */
RT_NORETURN RT_COLD void rt_ffi_arg_error(const char *loc, const char *who, const char *what,
                                          RtValue got);
int64_t rt_ffi_s64_slow(RtValue v, int64_t lo, int64_t hi, const char *loc, const char *who,
                        const char *what);
uint64_t rt_ffi_u64_slow(RtValue v, uint64_t hi, const char *loc, const char *who,
                         const char *what);
char *rt_ffi_string(RtValue v, const char *loc, const char *who, const char *what);
RtValue rt_ffi_from_u64_slow(Region *r, uint64_t x);
RtValue rt_ffi_from_string(Region *r, const char *s);
static inline int64_t rt_ffi_s64(RtValue v, int64_t lo, int64_t hi, const char *loc,
                                 const char *who, const char *what) {
    if (RT_LIKELY(RT_IS_FIXNUM(v) && RT_FIXVAL(v) >= lo && RT_FIXVAL(v) <= hi)) return RT_FIXVAL(v);
    return rt_ffi_s64_slow(v, lo, hi, loc, who, what);
}
static inline uint64_t rt_ffi_u64(RtValue v, uint64_t hi, const char *loc, const char *who,
                                  const char *what) {
    if (RT_LIKELY(RT_IS_FIXNUM(v) && RT_FIXVAL(v) >= 0 && (uint64_t)RT_FIXVAL(v) <= hi))
        return (uint64_t)RT_FIXVAL(v);
    return rt_ffi_u64_slow(v, hi, loc, who, what);
}
static inline double rt_ffi_double(RtValue v, const char *loc, const char *who, const char *what) {
    if (RT_UNLIKELY(!RT_IS_TYPE(v, TYPE_ID_FLOAT))) rt_ffi_arg_error(loc, who, what, v);
    return RT_FLOVAL(v);
}
static inline char rt_ffi_char(RtValue v, const char *loc, const char *who, const char *what) {
    if (RT_UNLIKELY(!RT_IS_CHAR(v) || RT_CHARVAL(v) > 255)) rt_ffi_arg_error(loc, who, what, v);
    return (char)(unsigned char)RT_CHARVAL(v);
}
static inline void *rt_ffi_bytes(RtValue v, const char *loc, const char *who, const char *what) {
    if (v == RT_FALSE) return NULL;
    if (RT_UNLIKELY(!RT_IS_TYPE(v, TYPE_ID_BYTEVECTOR))) rt_ffi_arg_error(loc, who, what, v);
    return RT_AS(RtBytevector, v)->bytes;
}
static inline RtValue rt_ffi_from_s64(Region *r, int64_t x) {
    if (RT_LIKELY(x >= RT_FIXNUM_MIN && x <= RT_FIXNUM_MAX)) return RT_FIX(x);
    return mk_int(r, x);
}
static inline RtValue rt_ffi_from_u64(Region *r, uint64_t x) {
    if (RT_LIKELY(x <= (uint64_t)RT_FIXNUM_MAX)) return RT_FIX((int64_t)x);
    return rt_ffi_from_u64_slow(r, x);
}

/* ============================================================================================
 * Program start (start.c)
 * --------------------------------------------------------------------------------------------
 * The generated main() is `return rt_start(argc, argv, program);`. rt_start initialises the
 * collector (rt_gc_init), runs program on a large stack (512 MiB reserved by default,
 * REGAL_STACK_MB; RT_STACK_CHECK stops runaway recursion with "stack overflow", exit 70) in a
 * thread registered with the collector, prints REGAL_STATS when asked, flushes every port at
 * the end and returns the exit status: 0, or RT_EXIT_ERROR when some output could not be
 * written ("error: cannot write to standard output: No space left on device").
 * rt_start_here does the same on the calling thread, with that thread's own stack (a C program
 * that hosts the runtime: runtime/bench/bench_runner.c, whose malloc and libgc rows must not
 * move to a second thread's arena).
 * ========================================================================================== */
int rt_start(int argc, char **argv, void (*program)(void));
int rt_start_here(int argc, char **argv, void (*program)(void));
extern int rt_argc;
extern char **rt_argv;
/* The features a program was compiled with (`regal -D NAME`), added to what (features)
 * returns (control.c); names must outlive the program (the generated C passes static data). */
void rt_features_add(const char *const *names, size_t n);

/* ============================================================================================
 * Calls from C (call.c)
 * --------------------------------------------------------------------------------------------
 * rt_call checks that f is a procedure ("<loc>: application: expected a procedure, got 5"),
 * sets rt_nargs, puts arguments 0..3 in registers and i >= 4 in rt_xargs[i], and calls its
 * code. rt_arity_error is what a generic entry calls when rt_nargs is wrong, with the
 * procedure's own location; max < 0 means "at least min". Its message names the call
 * (rt_call_loc) when it is known, then the procedure ("<call>: wrong number of arguments:
 * expected 1, got 2 (the procedure at <loc>)"). rt_make_rest is the list of arguments first..argc-1 of a compiled procedure
 * (a0..a3 and rt_xargs) allocated in rr: call it before anything that reuses rt_xargs.
 * The argv array passed to rt_call or to an RT_PRIM_V primitive must not be rt_xargs itself
 * (rt_call copies argv[i] into rt_xargs[i]; apply fills rt_xargs): build it in a C array.
 * A primitive called through its closure rt_pc_<cname> reports errors without a location.
 * ========================================================================================== */
RtValue rt_call(Region *rr, const char *loc, RtValue f, intptr_t argc, const RtValue *argv);
RtValue rt_call0(Region *rr, const char *loc, RtValue f);
RtValue rt_call1(Region *rr, const char *loc, RtValue f, RtValue x);
RtValue rt_call2(Region *rr, const char *loc, RtValue f, RtValue x, RtValue y);
RtValue rt_call3(Region *rr, const char *loc, RtValue f, RtValue x, RtValue y, RtValue z);
RT_NORETURN RT_COLD void rt_arity_error(const char *loc, intptr_t argc, intptr_t min,
                                        intptr_t max);
/* The same naming the procedure: "<loc>: <who>: wrong number of arguments..." (a primitive
 * called with a count the compiler sees is wrong). */
RT_NORETURN RT_COLD void rt_arity_error_who(const char *loc, const char *who, intptr_t argc,
                                            intptr_t min, intptr_t max);
RT_NORETURN RT_COLD void rt_not_procedure(const char *loc, RtValue f);
RtValue rt_make_rest(Region *rr, intptr_t argc, RtValue a0, RtValue a1, RtValue a2, RtValue a3,
                     intptr_t first);
/* (apply f a ... lst) with argv = {f, a, ..., lst}: the arguments spread into r[0..3] and
 * rt_xargs, and rt_nargs set to their count. An apply in tail position calls this, then
 * musttail-calls f's code. */
void rt_apply_spread(const char *loc, intptr_t argc, const RtValue *argv, RtValue r[RT_REG_ARGS]);
#define RT_IS_PROCEDURE(v) RT_IS_TYPE(v, TYPE_ID_CLOSURE)
/* The code of procedure f, or the "application" error. */
static inline RtCode rt_code_of(const char *loc, RtValue f) {
    if (RT_UNLIKELY(!RT_IS_PROCEDURE(f))) rt_not_procedure(loc, f);
    return RT_AS(RtClosure, f)->code;
}

/* ============================================================================================
 * Conditions, raise and the handler stack (error.c)
 * --------------------------------------------------------------------------------------------
 * Every error goes through rt_raise: with no handler installed (with-exception-handler) it
 * reports on stderr, after flushing stdout, and exits RT_EXIT_ERROR:
 *   "<loc>: error: <message> <irritants written>"        an error object (TYPE_ID_CONDITION)
 *   "<loc>: error: uncaught exception: <value written>"  anything else
 * Runtime errors (rt_type_error, rt_error_msg...) raise a condition whose message is the whole
 * text ("car: expected a pair, got 5"), so `guard` catches them too. rt_raise returns only for
 * a continuable raise whose handler returned.
 * A condition's header count is its kind; message is a string, irritants a list.
 * ========================================================================================== */
enum { RT_COND_ERROR = 0, RT_COND_FILE = 1, RT_COND_READ = 2,
       /* SRFI 18 (thread.c): a thread-join! that timed out, a mutex whose owner ended, a
        * joined thread's uncaught raise (payload: (reason)) */
       RT_COND_JOIN_TIMEOUT = 3, RT_COND_ABANDONED = 4, RT_COND_UNCAUGHT = 5 };
RtValue rt_raise(RtValue obj, int continuable, const char *loc);
RtValue rt_make_condition(Region *r, int kind, RtValue message, RtValue irritants);
RT_NORETURN RT_COLD void rt_error_kind(const char *loc, int kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
RT_NORETURN RT_COLD void rt_range_error(const char *loc, const char *who, int64_t index,
                                        const char *what, int64_t len);
/* Continuations (call/cc) and dynamic-wind are in control.c; they restore the handler stack
 * when they unwind or re-enter. */
typedef struct RtHandler { RtValue proc; struct RtHandler *next; } RtHandler;
extern _Thread_local RtHandler *rt_handlers;

/* ============================================================================================
 * Ports and the printer (port.c, print.c)
 * --------------------------------------------------------------------------------------------
 * A port object (TYPE_ID_PORT) points to an RtPortImpl (private to port.c): a FILE* or a string
 * buffer, input or output, open or closed. Strings are UTF-32 in memory, UTF-8 outside.
 * rt_print writes v in `display` (write = 0) or `write` syntax, with datum labels on the parts
 * of a cycle (#0=(1 . #0#)), so printing a circular structure terminates. A write that fails
 * raises a file error naming the port at the primitive writing ("display: cannot write to
 * standard output: ...").
 * ========================================================================================== */
typedef struct RtPortImpl RtPortImpl;
/* The textual output (input) port a port argument designates (RT_DEFAULT: the current one);
 * errors on a non-port, a port of the other direction, a closed port or a binary port. */
RtPortImpl *rt_out_port(const char *loc, const char *who, RtValue port);
RtPortImpl *rt_in_port(const char *loc, const char *who, RtValue port);
void rt_port_put(RtPortImpl *p, const char *utf8, size_t n);
void rt_port_put_char(RtPortImpl *p, uint32_t cp);
void rt_print(RtPortImpl *p, RtValue v, int write);
void rt_fprint(void *file, RtValue v, int write);  /* to a FILE*, for error messages */
RtValue rt_current_output(void);

/* ============================================================================================
 * Lists, equivalence, strings, vectors (list.c, string.c, vector.c; rt_list_length in
 * object.c): helpers for C callers
 * ========================================================================================== */
int rt_eqv(RtValue a, RtValue b);
/* equal? (R7RS 6.1): terminates on cycles, near-linear on shared structure (list.c). */
int rt_equal(RtValue a, RtValue b);
/* The length of proper list l, or -1 if it is improper or circular. */
int64_t rt_list_length(RtValue l);
/* A string's code points as UTF-8, NUL-terminated, malloc'd (the caller frees). */
char *rt_string_to_utf8(RtValue s, size_t *len_out);
/* Unicode simple case mappings of one character (string.c, utf8proc). */
uint32_t rt_char_upcase(uint32_t c);
uint32_t rt_char_downcase(uint32_t c);

/* ============================================================================================
 * Control (control.c; rt_values in object.c): multiple values, parameters, promises,
 * continuations
 * --------------------------------------------------------------------------------------------
 * (values x) is x; any other count is a TYPE_ID_VALUES object (count in the header), which
 * call-with-values (and let-values...) take apart and the REPL prints value by value; where
 * one value was expected it stays one object, printed #<values 1 2> (print.c).
 * A parameter object is a procedure (a closure whose free[0] is a TYPE_ID_PARAMETER object):
 * (p) is its value. current-output-port, current-error-port and current-input-port are
 * parameter objects too (R7RS 6.13.1): %parameter-convert and %parameter-swap! know them. parameterize is expanded by the compiler into
 *   (let* ((p param) (v (%parameter-convert p value)))
 *     (dynamic-wind (lambda () (set! v (%parameter-swap! p v)))
 *                   (lambda () body ...)
 *                   (lambda () (set! v (%parameter-swap! p v)))))
 * Promises: `(delay e)` is (%make-promise-lazy (lambda () e)); `(delay-force e)` is
 * (%make-promise-delay-force (lambda () e)); `make-promise` wraps a value; force iterates
 * (R7RS 4.2.5). Header count bit 0: done; bit 1: delay-force. value = result or thunk.
 * call/cc gives full continuations: called while its call/cc is active, a continuation
 * escapes (setjmp/longjmp: it runs the `after` thunks of the dynamic-winds it leaves, restores
 * the exception handler stack and the current ports, and releases the frame regions of the
 * frames it leaves, rt_region_unwind, before it longjmps); called afterwards, any number of
 * times, it is re-entered from a copy of the C stack taken at the capture (control.c,
 * "continuations"; the live regions are then captured, region.c). %call/cc-escape is the
 * escape alone, for the call/cc sites where the compiler sees that k can only be called while
 * the call/cc is active (compiler/analyze.c) and for guard: it copies nothing; calling its
 * continuation after its call/cc returned is an error. The continuation object lives in the
 * collected heap.
 * guard is expanded by the compiler (compiler/derive.c, derive_guard) into
 *   ((%call/cc-escape (lambda (k)
 *      (with-exception-handler
 *        HANDLER
 *        (lambda () (call-with-values (lambda () body ...)
 *                     (lambda vals (k (lambda () (apply values vals))))))))))
 * where HANDLER, with an else clause, is
 *   (lambda (c) (k (lambda () (let ((var c)) (cond clause ...)))))
 * (the clauses run after unwinding to the guard), and without one it re-raises as R7RS's
 * reference expansion does, in the dynamic environment of the raise, through a full
 * continuation hk taken in the handler (%call/1cc: call/cc, but re-entered at most once and only
 * after the frames it copies were left for good, so that the compiler need not treat the
 * program as one that re-enters frames, compiler/analyze.c):
 *   (lambda (c) ((%call/1cc (lambda (hk)
 *     (k (lambda () (let ((var c))
 *          (cond clause ... (else (hk (lambda () (raise-continuable c))))))))))))
 * preceded, when every test is a pure one (a type predicate of var, eq?...), by
 * (if (let ((var c)) (or test ...)) (k ...the clauses...) ...): a condition some clause takes
 * then costs no copy of the stack.
 * ========================================================================================== */
RtValue rt_values(Region *rr, intptr_t n, const RtValue *items);
RtValue rt_force(Region *rr, const char *loc, RtValue p);

/* ============================================================================================
 * Numbers (numbers.c, numtrans.c): fixnums, bignums and ratnums (GMP), flonums, compnums, R7RS 6.2
 * --------------------------------------------------------------------------------------------
 * N1: an exact integer in fixnum range is always a fixnum; a bignum (TYPE_ID_INT, see
 * RtBignum) is never zero and never fits a fixnum. N2: a ratnum (RtRatnum) is in lowest terms
 * with a denominator > 1. N3: a compnum (RtCompnum) has two flonum parts, or two exact parts
 * and a non-zero imaginary one. So eqv? on exact numbers may compare limbs. Contagion: an
 * operation with a flonum operand is done in doubles; / of exact integers gives a ratnum when
 * they do not divide. A number a primitive returns is fresh in its region or an immediate.
 * Out-of-line generic operations for compiled code whose inline fixnum fast path failed
 * (overflow or a non-fixnum operand); they raise "+: expected a number, got a" on non-numbers,
 * and rt_div raises "/: division by zero" for an exact zero divisor.
 * ========================================================================================== */
RtValue rt_add(Region *rr, const char *loc, RtValue a, RtValue b);
RtValue rt_sub(Region *rr, const char *loc, RtValue a, RtValue b);
RtValue rt_mul(Region *rr, const char *loc, RtValue a, RtValue b);
RtValue rt_div(Region *rr, const char *loc, RtValue a, RtValue b);
RtValue rt_neg(Region *rr, const char *loc, RtValue a);
/* Two-argument comparisons, 1 or 0 (always 0 when a NaN is involved); exact against inexact
 * compares the exact values, never through a rounded conversion. */
int rt_num_eq(const char *loc, RtValue a, RtValue b);
int rt_num_lt(const char *loc, RtValue a, RtValue b);
int rt_num_le(const char *loc, RtValue a, RtValue b);
int rt_num_gt(const char *loc, RtValue a, RtValue b);
int rt_num_ge(const char *loc, RtValue a, RtValue b);
/* Any number as the nearest double (type error naming "inexact" for a non-number). */
double rt_to_double(const char *loc, RtValue v);
/* Text for the printer: number v in radix 2, 8, 10 or 16 (exact numbers; flonums always print
 * in decimal), as malloc'd NUL-terminated ASCII in *out, which the caller frees; returns its
 * length. Flonums print like Chez Scheme: the shortest text that reads back as the same
 * double, with a decimal point or an exponent (1.0 0.5 1e21 1.5e-7 +inf.0 -inf.0 +nan.0);
 * ratnums as n/d, compnums as re+imi (1+2i, 0.0-1.5i, +inf.0+nan.0i); hex digits are upper
 * case (FF), as in Chez. */
size_t rt_number_format(RtValue v, int radix, char **out);
/* The same for one double into buf (at least RT_FLONUM_BUF bytes), without allocating. */
#define RT_FLONUM_BUF 40
size_t rt_format_double(double d, char *buf);
/* The reader's number syntax (R7RS 7.1.1, numsyntax.c): s[0..len) with #x #b #o #d #e #i
 * prefixes, in `radix` unless a prefix says otherwise; integers of any size, n/d, decimals and
 * exponents (radix 10), +inf.0 -inf.0 +nan.0, complex numbers (1+2i, +i, 1@2). Returns the
 * number allocated in rr, or RT_FALSE when s is not a number; an exact number with an
 * exponent beyond 10^6 is an error, reported at loc. */
RtValue rt_number_parse(Region *rr, const char *loc, const char *s, size_t len, int radix);

/* ============================================================================================
 * Records, hash tables, sorting, the datum reader (record.c, hashtable.c, sort.c, read.c)
 * --------------------------------------------------------------------------------------------
 * define-record-type (R7RS 5.5) is expanded by the front end into
 *   (define <point> (%make-record-type '<point> '(x y)))
 *   (define (make-point x y) (%record <point> x y))          ; fields in declaration order
 *   (define (point? o) (%record? o <point>))
 *   (define (point-x o) (%record-ref o <point> 0 'point-x))
 *   (define (set-point-x! o v) (%record-set! o <point> 0 v 'set-point-x!))
 * A constructor that names only some fields passes #f for the others. A record is an
 * RtRecord (header count = field count, type = its RtRecordType); it prints as #<point 1 2>.
 * Hash tables (SRFI 69): an RtHashTable (header count = kind: equal?, eqv?, eq?, string=?,
 * string-ci=?, other) whose RtHashImpl, entries and bucket arrays all live in the table's
 * region (see hashtable.c on growth). rt_hash_equal is consistent with rt_equal.
 * sort, list-sort, vector-sort, vector-sort! and list-merge are stable merge sorts.
 * read (R7RS 6.13.2) parses one datum from a textual port; a syntax error raises a condition
 * of kind RT_COND_READ (read-error? is true of it).
 * ========================================================================================== */
uint64_t rt_hash_equal(RtValue v);

/* ============================================================================================
 * Inline operations of compiled code (emitted by compiler/emit.c)
 * --------------------------------------------------------------------------------------------
 * Fast paths for the commonest primitives: fixnum arithmetic on the tagged words (both tags
 * are 000, so ((a | b) & 7) == 0 tests both; overflow of the 64-bit word is exactly overflow
 * of the 61-bit fixnum) with the generic operation of numbers.c out of line.
 * ========================================================================================== */
#define RT_BOTH_FIXNUM(a, b) ((((a) | (b)) & RT_TAG_MASK) == RT_TAG_FIXNUM)
static inline RtValue rt_add2(Region *rr, const char *loc, RtValue a, RtValue b) {
    int64_t r;
    if (RT_LIKELY(RT_BOTH_FIXNUM(a, b)) && !__builtin_add_overflow((int64_t)a, (int64_t)b, &r))
        return (RtValue)r;
    return rt_add(rr, loc, a, b);
}
static inline RtValue rt_sub2(Region *rr, const char *loc, RtValue a, RtValue b) {
    int64_t r;
    if (RT_LIKELY(RT_BOTH_FIXNUM(a, b)) && !__builtin_sub_overflow((int64_t)a, (int64_t)b, &r))
        return (RtValue)r;
    return rt_sub(rr, loc, a, b);
}
static inline RtValue rt_mul2(Region *rr, const char *loc, RtValue a, RtValue b) {
    int64_t r;
    if (RT_LIKELY(RT_BOTH_FIXNUM(a, b)) && !__builtin_mul_overflow((int64_t)a >> 3, (int64_t)b, &r))
        return (RtValue)r;
    return rt_mul(rr, loc, a, b);
}
#define RT_CMP2(name, op, slow)                                                               \
    static inline int rt_##name##2(const char *loc, RtValue a, RtValue b) {                   \
        if (RT_LIKELY(RT_BOTH_FIXNUM(a, b))) return (int64_t)a op (int64_t)b;                 \
        return slow(loc, a, b);                                                               \
    }
RT_CMP2(lt, <, rt_num_lt)
RT_CMP2(le, <=, rt_num_le)
RT_CMP2(gt, >, rt_num_gt)
RT_CMP2(ge, >=, rt_num_ge)
RT_CMP2(eq, ==, rt_num_eq)
#undef RT_CMP2
/* Flonum vectors (RtF64Vector): the slow paths of the inline vector-ref (a boxed flonum in
 * rr), vector-set! (x must be a flonum), vector-length, and make-vector of n copies of fill;
 * each reports a non-vector, a bad index or size like the vector primitives. */
static inline RtValue rt_dbits(double d) { RtValue v; memcpy(&v, &d, sizeof v); return v; }
static inline double rt_bitsd(RtValue v) { double d; memcpy(&d, &v, sizeof d); return d; }
RtValue rt_f64v_ref(Region *rr, const char *loc, RtValue v, RtValue k);
void rt_f64v_set(const char *loc, RtValue v, RtValue k, double x);
RtValue rt_f64v_length(const char *loc, RtValue v);
RtValue rt_f64v_make(Region *rr, const char *loc, RtValue n, double fill);
/* Boolean vectors (RtBoolVector): the same slow paths for the inline vector-ref, vector-set!
 * (x must be a boolean: inference proved it), vector-length and make-vector. */
RtValue rt_boolv_ref(const char *loc, RtValue v, RtValue k);
RtValue rt_boolv_set(const char *loc, RtValue v, RtValue k, RtValue x);
RtValue rt_boolv_length(const char *loc, RtValue v);
RtValue rt_boolv_make(Region *rr, const char *loc, RtValue n, RtValue fill);

/* The object types whose eqv? is not identity (rt_eqv): numbers by value, and the empty
 * string, vector and bytevector, which may be distinct objects. Any other value is eqv? to
 * exactly itself, so a search keyed by one (assv, memv) is a search by eq?. */
#define RT_EQV_VALUE_TYPES                                                                    \
    ((UINT64_C(1) << TYPE_ID_FLOAT) | (UINT64_C(1) << TYPE_ID_INT) |                          \
     (UINT64_C(1) << TYPE_ID_RATNUM) | (UINT64_C(1) << TYPE_ID_COMPNUM) |                     \
     (UINT64_C(1) << TYPE_ID_STRING) | (UINT64_C(1) << TYPE_ID_VECTOR) |                      \
     (UINT64_C(1) << TYPE_ID_BYTEVECTOR))
_Static_assert(TYPE_ID_COUNT <= 64, "RT_EQV_VALUE_TYPES is a 64-bit mask");
static inline int rt_eqv_by_value(RtValue a) {
    return RT_IS_OBJ(a) && ((RT_EQV_VALUE_TYPES >> RT_HDR_TYPE(*RT_OBJ(a))) & 1u);
}

/* eqv?: identical words, or numbers/strings that eqv? compares by value (R7RS 6.1). */
static inline int rt_eqv2(RtValue a, RtValue b) {
    return a == b || (rt_eqv_by_value(a) && RT_IS_OBJ(b) && rt_eqv(a, b));
}

/* memq, memv, assq, assv as inline loops (emit.c calls these unless -fno-inline-search), so
 * the C compiler sees the search where it is made. Same results as rt_p_memq... in list.c
 * (R7RS 6.4): a non-pair element of an alist is skipped, an improper tail ends the search
 * with #f. A key that eqv? compares by value goes to list.c's out-of-line search. */
/* A list that ends other than in '() (memq, member ...), or an association list with an element
 * that is not a pair (assq, assoc ...), met before the key: who's error, as Chez and R7RS say. */
#define rt_search_improper(loc, who, l)  rt_type_error((loc), (who), "a proper list", (l))
#define rt_search_not_alist(loc, who, l) rt_type_error((loc), (who), "an association list", (l))
static inline RtValue rt_memq_inline(const char *loc, const char *who, RtValue x, RtValue l) {
    RtValue p = l;
    for (; RT_IS_PAIR(p); p = RT_CDR(p)) if (RT_CAR(p) == x) return p;
    if (RT_UNLIKELY(p != RT_NIL)) rt_search_improper(loc, who, l);
    return RT_FALSE;
}
static inline RtValue rt_assq_inline(const char *loc, const char *who, RtValue x, RtValue l) {
    RtValue p = l;
    for (; RT_IS_PAIR(p); p = RT_CDR(p)) {
        RtValue e = RT_CAR(p);
        if (RT_UNLIKELY(!RT_IS_PAIR(e))) rt_search_not_alist(loc, who, l);
        if (RT_CAR(e) == x) return e;
    }
    if (RT_UNLIKELY(p != RT_NIL)) rt_search_not_alist(loc, who, l);
    return RT_FALSE;
}

/* ============================================================================================
 * Primitives (prims.def): declarations of rt_p_<name> and the first-class closures rt_pc_<name>
 * ========================================================================================== */
#define RT_PF_PURE  1u
#define RT_PF_ALLOC 2u
#define RT_PF_EVAL  4u
#define RT_PF_FRESH 8u
#define RT_PF_OWN_KEY 16u
#define RT_PF_LATER 32u
#define RT_PF_ADDR_HASH 64u
#define RT_PF_TAIL 128u
#define RT_PF_ELEM 256u
/* eval, environment, scheme-report-environment, null-environment, interaction-environment
 * and load (RT_PF_EVAL) forward to the evaluator, eval/ in libregal-eval.a (the compiler's
 * front end and an interpreter of its core AST). A program that refers to one of them links
 * that library and calls rt_eval_install first; in any other program they raise an error. */
void rt_eval_install(void);
#define RT_PARAMS_0
#define RT_PARAMS_1 , RtValue a0
#define RT_PARAMS_2 , RtValue a0, RtValue a1
#define RT_PARAMS_3 , RtValue a0, RtValue a1, RtValue a2
#define RT_PARAMS_4 , RtValue a0, RtValue a1, RtValue a2, RtValue a3
#define RT_PRIM_F(c, s, n, fl, ...) RtValue rt_p_##c(Region *rr, const char *loc RT_PARAMS_##n); \
    extern RtClosure rt_pc_##c;
#define RT_PRIM_V(c, s, n, o, fl, ...) \
    RtValue rt_p_##c(Region *rr, const char *loc, intptr_t argc, const RtValue *argv); \
    extern RtClosure rt_pc_##c;
#include "prims.def"
#undef RT_PRIM_F
#undef RT_PRIM_V

#endif /* REGAL_H */
