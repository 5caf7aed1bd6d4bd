/* emit.h: the C emitter's internal interface, shared by its three files (one pass, emit_program
 * in regalc.h, split by subject so each file stays readable):
 *   emit.c       the pass: output helpers, regions, cold stubs, names, variables, calls,
 *                primitive calls, binding forms, expressions, procedures, the program
 *   emit_data.c  quoted data as static C data, and the allocation sites (typed and
 *                constructor forms, in separate sections)
 *   emit_num.c   numbers and tests: c[ad]+r, flonum arithmetic in C doubles, predicates and
 *                comparisons as C conditions, inline fixnum arithmetic, integer division
 *   emit_ffi.c   foreign calls (%ffi-call): the C declaration, argument and result conversions
 * Each expression is compiled to statements plus a side-effect-free C expression for its value;
 * where the value goes is a Dest. Not included by anything but those four files.
 */
#ifndef EMIT_H
#define EMIT_H

#include "regalc.h"

#include "regal.h"

typedef enum {
    DEST_VALUE,   /* give back a C expression for the value */
    DEST_ASSIGN,  /* assign it to var */
    DEST_JUMP,    /* assign it to var, then goto label: the exit of an inlined loop */
    DEST_RETURN,  /* return it from the C function: the tail position */
} DestKind;
typedef struct Dest {
    DestKind kind;
    const char *var;
    const char *label;
    size_t keep;         /* DEST_JUMP: regions still alive at the label (the rest are left) */
} Dest;
#define DEST_V ((Dest){DEST_VALUE, NULL, NULL, 0})

typedef struct Emitter {
    Program *prog;
    const EmitOptions *opt;
    Buf decls;           /* forward declarations, constants, globals */
    bool *dispatched;    /* by Lambda.id: some dispatch enters its direct entry (emit.c) */
    Buf init;            /* constant initialisation at program start */
    Buf *out;            /* the function being written */
    Lambda *fn;          /* the lambda whose C function is being written (NULL: top level) */
    int indent;
    int ntemps;
    int fn_allocs;       /* allocation sites written inline in the current C function */
    Buf stubs;           /* the cold stubs of slow paths (emit_stub) */
    int nstubs;
    int nconsts;
    VEC(char *) locs;    /* location strings, index = L<n> */
    StrMap loc_index;    /* location string -> its index in locs */
    PtrMap sym_consts;   /* Sym -> its index in sym_exprs: one symbol constant per name */
    VEC(const char *) sym_exprs;
    VEC(const char *) static_syms; /* &k<n>.s of each static symbol, for rt_intern_statics */
    PtrMap datum_consts; /* quoted Datum -> its index in datum_refs: shared data stay shared */
    VEC(struct EmitDatumRef *) datum_refs;
    VEC(Lambda *) loops; /* contified lambdas whose body is being written */
    VEC(size_t) loop_keep; /* for each: the regions alive at its entry */
    VEC(const char *) active; /* regions entered and not yet left here, oldest first */
    size_t self_keep;    /* regions alive at `top:`, but an eager self-iteration region */
    unsigned pending;    /* EMIT_PEND_*: the procedure's own regions not yet entered on this
                          * path (emit.c, "Lazy frame regions") */
    bool lazy_self;      /* rgs is entered lazily: a self tail call leaves it, not recycles */
    bool flo_ret;        /* the C function being written returns a C double (emit_flo_entry) */
    const char *acc;     /* the accumulator of a procedure compiled as an accumulating loop
                          * (emit_acc_loop), NULL otherwise: every return adds it */
    PrimId acc_op;       /* PRIM_add or PRIM_mul */
    Loc cur_loc;         /* -g: the Scheme location of the C being written (file NULL: none);
                          * each line emit_line writes, and each stub, gets a #line of it */
    PtrMap ffi_decls;    /* FfiSig -> 1 once its C declaration is written (emit_ffi.c) */
    VEC(struct EmitDual) duals; /* arithmetic operands that may stay unboxed (emit_num.c) */
    const char **arg_duals; /* emit_primcall: the C doubles of its arithmetic's unboxed
                             * operands (NULL: boxed, or not an operand of that kind) */
    EmitStats stats;
    struct EmitHeapSites *heap_sites; /* -fprofile-heap: the sites given a stand-in (emit_rg) */
} Emitter;

/* Unboxed operands (emit_num.c): an arithmetic operation whose flonum case reads its operands
 * as doubles lets an operand that is itself a generic + - * / or sqrt keep its flonum result
 * in a C double, the operand's value being RT_UNBOXED (runtime/regal.h), instead of boxing it;
 * so does an operand of a numeric comparison of two (emit_prim_cond).
 * emit_primcall pushes an EmitDual for each such operand before evaluating them
 * (emit_dual_mark); the operand's flonum case fills in d (emit_dual_slot); the operation then
 * reads them (emit_dual_take) and boxes them in the heap only on its own slow path. */
typedef struct EmitDual { const Ast *node; const char *d; } EmitDual;
size_t emit_dual_mark(Emitter *em, Ast *a);
const char **emit_dual_take(Emitter *em, Ast *a, size_t mark);
/* The unboxed operands of v (their doubles dd, or NULL) boxed into new temporaries, for code
 * that reads values; em->arg_duals cleared. */
void emit_dual_box_all(Emitter *em, const char **dd, const char **v, size_t n);

/* acc op x (+ or *, with the fixnum fast path and a cold stub to the generic operation, the
 * result in rr), as a C expression of a temporary (emit_num.c) */
const char *emit_acc_op(Emitter *em, PrimId op, const char *acc, const char *x, const char *loc);

/* The placeholder of the region in a stub's body: a byte that never reaches the C otherwise
 * (emit_c_string writes control characters as octal escapes), so text from the program in the
 * body (names in error messages) is copied as it is. */
#define EMIT_RG "\001"

/* ---- emit.c ---------------------------------------------------------------------------------- */
const char *emit_expr(Emitter *em, Ast *a, Dest d);
const char *emit_deliver(Emitter *em, Dest d, const char *expr);
/* types: the inferred type unless --no-types; proven: a's value has a type in t; check: count a
 * run-time check, removed when proven (returns proven) */
Type emit_type(Emitter *em, Ast *a);
bool emit_proven(Emitter *em, Ast *a, Type t);
bool emit_check(Emitter *em, bool proven);
bool emit_var_unboxed(Emitter *em, Var *v);
/* output */
void emit_line(Emitter *em, const char *fmt, ...) PRINTF(2, 3);
void emit_line_directive(Emitter *em, Buf *b, Loc loc);
char *emit_temp(Emitter *em);
size_t emit_label(Emitter *em, const char *label);
void emit_label_done(Emitter *em, size_t at, size_t from, const char *label);
/* regions: the C spelling of a place, of a site's region; entering and leaving */
const char *emit_loop_region(const Lambda *loop);
const char *emit_place(Place p, const Lambda *loop);
const char *emit_rg(const Emitter *em, Ast *a);
void emit_region_enter(Emitter *em, const char *name);
void emit_region_leave_to(Emitter *em, size_t keep);
/* the nursery's write barrier after a store of `value` (of node val, or NULL: unknown) */
bool emit_needs_barrier(Emitter *em, Ast *val);
void emit_barrier(Emitter *em, const char *slot, const char *value, Ast *val);
void emit_check_store(Emitter *em, const char *loc, const char *target, const char *value);
/* cold stubs of slow paths */
const char *emit_stub(Emitter *em, const char *ret, const char *rg, const char *body, size_t n, const char **vals);
void emit_type_check(Emitter *em, const char *ok, const char *loc, const char *who, const char *what, const char *x);
/* names, locations and C strings (every text of the program reaches the C through these) */
void emit_mangle(Buf *b, const char *name);
char *emit_var_name(Var *v);
char *emit_lambda_name(Lambda *l);
const char *emit_loc(Emitter *em, Loc loc);
void emit_c_string_n(Buf *b, const char *s, size_t len);
void emit_c_string(Buf *b, const char *s);
const char *emit_str_lit(const char *s);
/* variables and calls */
bool emit_var_static(Var *v);
const char *emit_static_closure(Lambda *l);
const char **emit_args_to(Emitter *em, AstVec *args, Lambda *loop);
const char **emit_args(Emitter *em, AstVec *args);
/* a call of a procedure whose flonum entry returns a C double (emit_flo_entry): the call, its
 * double; NULL when a is no such call (or a tail call) */
const char *emit_flo_call(Emitter *em, Ast *a);

/* ---- emit_data.c ----------------------------------------------------------------------------- */
const char *emit_double(double x);
const char *emit_const(Emitter *em, Datum *d);
/* allocation sites: alloc_obj_typed with a constant type id and the fields filled inline, or
 * (--alloc=constructors, or past EMIT_INLINE_ALLOCS sites in one C function) the mk_* call;
 * emit_alloc_typed counts the site and says which */
bool emit_alloc_typed(Emitter *em);
const char *emit_alloc_pair(Emitter *em, const char *rg, const char *car, const char *cdr);
const char *emit_alloc_box(Emitter *em, const char *value);
const char *emit_alloc_vector(Emitter *em, const char *rg, AstVec *args, const char **vals);
/* a closure and its free slots: `immediate` when nothing allocates between the two (then,
 * under -fnursery, its slots need no clearing nor their stores a barrier) */
const char *emit_alloc_closure(Emitter *em, const char *rg, Lambda *l, const char *into, bool immediate);
void emit_fill_closure(Emitter *em, Lambda *l, const char *clo, bool immediate);
const char *emit_alloc_float(Emitter *em, const char *rg, const char *x);
const char *emit_alloc_record(Emitter *em, const char *rg, const char **v, size_t n, const char *loc);
const char *emit_alloc_filled(Emitter *em, Ast *a, const char **v, size_t n, const char *loc, bool string);
const char *emit_alloc_string(Emitter *em, Ast *a, const char **v, size_t n, const char *loc);
/* The C expression for the memory of a `type` object in region rg, `extra` bytes past its fixed
 * part (NULL: none): the collected heap's free-list pop when rg is it, else the region's bump. */
char *emit_typed_mem(const char *rg, const char *type, const char *extra);
void emit_typed_float(Emitter *em, const char *t, const char *rg, const char *x);
const char *emit_flo_generic(Emitter *em, Ast *a, const char **v, const char *loc);
/* The C call of primitive p's runtime entry rt_p_<cname>(rg, loc, args...) (emit.c) */
void emit_prim_call_text(Buf *b, const Prim *p, const char *rg, const char *loc, const char **vals, size_t n);

/* ---- emit_num.c ------------------------------------------------------------------------------ */
const char *emit_cxr(Emitter *em, Ast *a, const char *x, const char *loc);
/* a C double for a node of type flonum; whether a primitive call is such arithmetic */
const char *emit_flo(Emitter *em, Ast *a);
bool emit_flo_arith(Emitter *em, Ast *a);
bool emit_flo_compare(Emitter *em, const Ast *a);
/* zero?, positive? or negative? of a flonum, which compares its C double with 0.0 */
bool emit_flo_sign(Emitter *em, const Ast *a);
/* the test of an if as a C condition; a predicate or comparison as one, or NULL */
const char *emit_cond(Emitter *em, Ast *a);
const char *emit_prim_cond(Emitter *em, Ast *a);
const char *emit_arith2(Emitter *em, Ast *a, const char **v, const char *loc);
typedef enum { DIV_Q, DIV_R } DivWant;
bool emit_intdiv_kind(const Prim *p, bool *floor, DivWant *want);
const char *emit_intdiv(Emitter *em, Ast *a, bool floor, DivWant want, const char *loc);
/* flonum vectors (Ast.flovec): a vector-ref of one as a C double, vector-set!, the allocation;
 * vector-length of any vector */
bool emit_f64_ref_node(Emitter *em, const Ast *a);
const char *emit_f64_ref(Emitter *em, Ast *a);
const char *emit_f64_set(Emitter *em, Ast *a);
const char *emit_f64_alloc(Emitter *em, Ast *a);
const char *emit_vector_length(Emitter *em, Ast *a, const char *v, const char *loc);
/* boolean vectors (Ast.boolvec): the allocation; emit.c inlines vector-ref and vector-set! */
const char *emit_b8_alloc(Emitter *em, Ast *a, const char **v, const char *loc);
const char *emit_truth_byte(const char *x);

/* ---- emit_ffi.c ------------------------------------------------------------------------------ */
/* A %ffi-call node (Ast.ffi) whose arguments are the values v: the C call, its result value */
const char *emit_ffi_call(Emitter *em, Ast *a, const char **v, const char *loc);

#endif
