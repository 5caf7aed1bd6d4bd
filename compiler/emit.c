/* emit.c: the analyzed AST to one C translation unit.
 *
 * Entry point: emit_program. Requires: analyze_program has run. Guarantees: C that includes
 * only regal.h and compiles without warnings under -Wall -Wextra; every procedure is an
 * RtCode (the uniform convention of regal.h), so every tail call is a musttail call and no
 * tail call grows the C stack (R7RS 3.5); self tail calls and contified loops are gotos.
 *
 * Each expression is compiled to statements plus a side-effect-free C expression for its
 * value; where the value goes is a Dest: used as a value, returned, or assigned to a
 * variable followed by a jump (the exit of an inlined loop).
 * Allocation sites go through emit_alloc_*: typed allocation (alloc_obj_typed with a constant
 * type id, fields filled directly) or, with --alloc=constructors, the mk_* calls.
 * The types of infer.c (unless --no-types) remove the checks they prove, keep flonum
 * arithmetic in C doubles (emit_flo; never-assigned, uncaptured let and loop variables of
 * type flonum are double locals, boxed only where the value is needed as an RtValue), and
 * the tests of `if` that are predicates or comparisons become C conditions (emit_cond).
 */
#include "regalc.h"

#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "regal.h" /* RT_PF_ALLOC */

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
static const Dest DEST_V = {DEST_VALUE, NULL, NULL, 0};

typedef struct Emitter {
    Program *prog;
    const EmitOptions *opt;
    Buf decls;           /* forward declarations, constants, globals */
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
    size_t self_keep;    /* regions alive at `top:` below the self-iteration region */
    EmitStats stats;
} Emitter;

static const char *emit_expr(Emitter *em, Ast *a, Dest d);
static const char *emit_flo(Emitter *em, Ast *a);
static const char *emit_cond(Emitter *em, Ast *a);

/* ---- types ---------------------------------------------------------------------------------- */
static Type emit_type(Emitter *em, Ast *a) { return em->opt->untyped ? TY_ANY : infer_type(a); }

/* a's value is proven to be of type t (a node that never delivers a value proves nothing) */
static bool emit_proven(Emitter *em, Ast *a, Type t) {
    Type x = emit_type(em, a);
    return x && !(x & ~t);
}

/* Count a run-time check: removed when proven. Returns proven. */
static bool emit_check(Emitter *em, bool proven) {
    em->stats.checks++;
    if (proven) em->stats.checks_removed++;
    return proven;
}

/* Count an allocation site; true when it is written as typed allocation (alloc_obj_typed with
 * a constant type id, fields filled inline), false for the mk_* constructor call. Past
 * EMIT_INLINE_ALLOCS sites in one C function the constructors are used: clang's optimiser is
 * superlinear in the number of inline bump paths in a function (at -O2, 4,000 in one function
 * took 6 s and 10,000 took 34 s; as calls, 0.7 s), and a function that big is straight-line
 * code run once (a huge quoted-looking expression), not a hot path. */
#define EMIT_INLINE_ALLOCS 256
static bool emit_alloc_typed(Emitter *em) {
    em->stats.alloc_sites++;
    if (em->opt->alloc != ALLOC_TYPED || em->fn_allocs++ >= EMIT_INLINE_ALLOCS) return false;
    em->stats.alloc_typed++;
    return true;
}

/* A variable kept in a C double (infer_var_unboxed), unless types are ignored. */
static bool emit_var_unboxed(Emitter *em, Var *v) {
    return !em->opt->untyped && infer_var_unboxed(v);
}

/* ---- output helpers ------------------------------------------------------------------------- */
static void emit_line(Emitter *em, const char *fmt, ...) PRINTF(2, 3);
static void emit_line(Emitter *em, const char *fmt, ...) {
    for (int i = 0; i < em->indent; i++) buf_puts(em->out, "    ");
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(em->out, fmt, ap);
    va_end(ap);
    buf_putc(em->out, '\n');
}

static char *emit_temp(Emitter *em) { return xasprintf("t%d", em->ntemps++); }

/* ---- regions (regions.c decides, emit.c enters and leaves them) ------------------------------ */
/* The C names of the regions regions.c places sites in: each C function declares its own local
 * region rgl and self-iteration region rgs, and a contified loop its iteration region rg<id>;
 * the top level's own region is the static rgl. */
static const char *emit_loop_region(const Lambda *loop) { return xasprintf("rg%d", loop->id); }
static const char *emit_place(Place p, const Lambda *loop) {
    switch (p) {
    case PLACE_HEAP: return "&rt_gc_region";
    case PLACE_CALLER: return "rr";
    case PLACE_LOCAL: return "&rgl";
    case PLACE_SELF: return "&rgs";
    case PLACE_LOOP: return xasprintf("&%s", emit_loop_region(loop));
    case PLACE_NONE: break;
    }
    diag_internal("emit_place: no place");
}
/* The region an allocation site at node a uses; regions.c must have placed it. */
static const char *emit_rg(Ast *a) {
    if (a->place == PLACE_NONE) diag_internal("emit: the allocation site at %s:%d:%d (node kind %d) has no region", a->loc.file, a->loc.line, a->loc.col, a->kind);
    return emit_place(a->place, a->place_loop);
}

static void emit_region_enter(Emitter *em, const char *name) {
    emit_line(em, "Region %s;", name);
    emit_line(em, "rt_region_enter(&%s);", name);
    vec_push(&em->active, name);
}
/* Leave every region entered after the first `keep` (a jump or return out of them). */
static void emit_region_leave_to(Emitter *em, size_t keep) {
    for (size_t i = em->active.len; i-- > keep;) emit_line(em, "rt_region_leave(&%s);", em->active.items[i]);
}

/* --check-regions: the store of value into target must keep R4. */
static void emit_check_store(Emitter *em, const char *loc, const char *target, const char *value) {
    if (em->opt->check_regions) emit_line(em, "rt_check_store(%s, %s, %s);", loc, target, value);
}

static const char *emit_str_lit(const char *s);

/* ---- cold stubs -------------------------------------------------------------------------------
 * Slow paths (fixnum overflow or a non-fixnum operand, a type error, an index out of range)
 * call small per-site functions, cold and never inlined, that hold the constants only they
 * need (the location string, the collected heap, the constant operands): the hot path passes
 * only its dynamic values, so clang keeps nothing of the slow path in callee-saved registers
 * (in ack, three of six pushed registers held such addresses). */
/* The placeholder of the region in a stub's body: a byte that never reaches the C otherwise
 * (emit_c_string writes control characters as octal escapes), so text from the program in the
 * body (names in error messages) is copied as it is. */
#define EMIT_RG "\001"

/* The stub's call: ret is its return type ("RtValue", "int"; the stub is rt_slow<n>), or NULL
 * for a stub that never returns (an error: rt_err<n>); body its one statement's expression, with the operands vals[i] as s<i> and, when
 * rg is not NULL, one %s for the region (a constant region stays in the body, any other is
 * passed as the parameter sr). */
static const char *emit_stub(Emitter *em, const char *ret, const char *rg, const char *body,
                             size_t n, const char **vals) {
    bool pass_rg = rg && strcmp(rg, "&rt_gc_region") != 0;
    char *name = xasprintf(ret ? "rt_slow%d" : "rt_err%d", em->nstubs++);
    Buf *b = &em->stubs;
    buf_printf(b, "static RT_COLD %s%s %s(", ret ? "" : "RT_NORETURN ", ret ? ret : "void", name);
    Buf call = {0};
    buf_printf(&call, "%s(", name);
    const char *sep = "";
    if (pass_rg) {
        buf_puts(b, "Region *sr");
        buf_printf(&call, "%s", rg);
        sep = ", ";
    }
    for (size_t i = 0; i < n; i++) {
        buf_printf(b, "%sRtValue s%zu", sep, i);
        buf_printf(&call, "%s%s", sep, vals[i]);
        sep = ", ";
    }
    if (!*sep) buf_puts(b, "void");
    buf_puts(b, ") { ");
    if (ret) buf_puts(b, "return ");
    for (const char *c = body; *c; c++) { /* EMIT_RG stands for the region */
        if (*c == EMIT_RG[0]) buf_puts(b, rg ? (pass_rg ? "sr" : rg) : "");
        else buf_putc(b, *c);
    }
    buf_puts(b, "; }\n");
    buf_putc(&call, ')');
    return buf_cstr(&call);
}

/* `if (!(ok)) <type error of who, expecting what, got x>` through a stub. */
static void emit_type_check(Emitter *em, const char *ok, const char *loc, const char *who,
                            const char *what, const char *x) {
    const char *body = xasprintf("rt_type_error(%s, %s, %s, s0)", loc, emit_str_lit(who), emit_str_lit(what));
    emit_line(em, "if (RT_UNLIKELY(!(%s))) %s;", ok, emit_stub(em, NULL, NULL, body, 1, &x));
}

/* A C identifier for a Scheme name: letters and digits kept, everything else as _xx. */
static void emit_mangle(Buf *b, const char *name) {
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))
            buf_putc(b, (char)*p);
        else if (*p == '-')
            buf_putc(b, '_');
        else
            buf_printf(b, "_%02x", *p);
    }
}

static char *emit_var_name(Var *v) {
    Buf b = {0};
    buf_printf(&b, v->global ? "g%d_" : "v%d_", v->id);
    emit_mangle(&b, v->name->name);
    return buf_cstr(&b);
}

static char *emit_lambda_name(Lambda *l) {
    Buf b = {0};
    buf_printf(&b, "scm_lambda%d", l->id);
    if (l->name) {
        buf_putc(&b, '_');
        emit_mangle(&b, l->name->name);
    }
    return buf_cstr(&b);
}

/* The location string of a node, as the name of a static constant. */
static const char *emit_loc(Emitter *em, Loc loc) {
    char *s = xasprintf("%s:%d:%d", loc.file ? loc.file : "?", loc.line, loc.col);
    size_t *slot = strmap_slot(&em->loc_index, s, true);
    if (*slot == STRMAP_NONE) {
        *slot = em->locs.len;
        vec_push(&em->locs, s);
    } else {
        free(s);
    }
    return xasprintf("L%zu", *slot);
}

/* The one routine through which text from the program (names, strings, file names) reaches the
 * generated C as a string literal: quotes, backslashes and '?' (no trigraphs) escaped, bytes
 * outside printable ASCII as octal escapes. Everything else from the program that reaches the C
 * is a mangled identifier (emit_mangle) or a number. */
static void emit_c_string_n(Buf *b, const char *s, size_t len) {
    buf_putc(b, '"');
    for (const unsigned char *p = (const unsigned char *)s, *e = p + len; p < e; p++) {
        if (*p == '"' || *p == '\\' || *p == '?') buf_printf(b, "\\%c", *p);
        else if (*p < 32 || *p >= 127) buf_printf(b, "\\%03o", *p);
        else buf_putc(b, (char)*p);
    }
    buf_putc(b, '"');
}
static void emit_c_string(Buf *b, const char *s) { emit_c_string_n(b, s, strlen(s)); }
static const char *emit_str_lit(const char *s) {
    Buf b = {0};
    emit_c_string(&b, s);
    return buf_cstr(&b);
}

/* Deliver a value to its destination; returns the expression for DEST_VALUE. */
static const char *emit_deliver(Emitter *em, Dest d, const char *expr) {
    switch (d.kind) {
    case DEST_VALUE: return expr;
    case DEST_RETURN:
        if (em->active.len || em->opt->check_regions) { /* the value first: leaving may poison */
            char *t = emit_temp(em);
            emit_line(em, "RtValue %s = %s;", t, expr);
            if (em->opt->check_regions) emit_line(em, "rt_check_frame(\"return\", rt_frame_base, %s);", t);
            emit_region_leave_to(em, 0);
            expr = t;
        }
        emit_line(em, "return %s;", expr);
        return NULL;
    case DEST_ASSIGN: emit_line(em, "%s = %s;", d.var, expr); return NULL;
    case DEST_JUMP:
        emit_line(em, "%s = %s;", d.var, expr);
        emit_region_leave_to(em, d.keep);
        emit_line(em, "goto %s;", d.label);
        return NULL;
    }
    return NULL;
}

/* Labels are written before it is known whether any goto uses them; an unused one is cut
 * out again, so the C has no unused labels. */
static size_t emit_label(Emitter *em, const char *label) {
    size_t at = em->out->len;
    emit_line(em, "%s:;", label);
    return at;
}
static void emit_label_done(Emitter *em, size_t at, size_t from, const char *label) {
    char *jump = xasprintf("goto %s;", label);
    bool used = strstr(em->out->data + from, jump) != NULL;
    free(jump);
    if (used) return;
    char *eol = strchr(em->out->data + at, '\n');
    size_t len = (size_t)(eol - (em->out->data + at)) + 1;
    memmove(em->out->data + at, em->out->data + at + len, em->out->len - at - len + 1);
    em->out->len -= len;
}

/* ---- constants ------------------------------------------------------------------------------ */
static const char *emit_double(double x) {
    if (isnan(x)) return "__builtin_nan(\"\")";
    if (isinf(x)) return x > 0 ? "__builtin_inf()" : "(-__builtin_inf())";
    return xasprintf("%a", x);
}

/* Quoted data (R7RS 4.1.2) is static C data, never code: each constant is one declaration, a
 * list's spine one array of pairs built by walking the spine (no recursion along a list, so a
 * list of any length compiles in linear time and stack). Symbols are static RtSymbols, one per
 * name, that the program registers before anything else interns (rt_intern_statics); bignums
 * are static limbs. The one exception is a symbol whose name is not well-formed UTF-8 (an
 * escape such as |\xD800;|): it is made at start-up by rt_intern, which canonicalises it, and
 * so is every constant that contains one (EmitConst.is_static false; decided for a whole
 * datum at once, emit_const_static_ok). Recursion is only into the elements of a list or
 * vector, bounded by the reader's nesting limit (which counts the depth datum labels make).
 * Shared and circular data (R7RS 2.4, datum labels): every Datum becomes one C object, found
 * again through em->datum_consts, so a datum reached twice is the same object (eq?). A
 * compound datum gets its name before its parts are emitted; a part that refers back to it
 * (a cycle) uses that name, and the first such reference writes a forward declaration of the
 * object (`static RtPair k5[3];`, or a named struct type and a tentative definition for a
 * vector), before the part's own definition. At start-up, circular data are built by making
 * their pairs and vectors first and filling them in after their parts. */
typedef struct EmitConst { const char *expr; bool is_static; } EmitConst;
typedef VEC(uint32_t) CodePoints;
/* A compound constant's forward declaration: written once, when a part refers to it while it
 * is still being emitted (open). */
typedef struct EmitFwd { char *text; bool open, written; } EmitFwd;
struct EmitDatumRef { EmitConst c; EmitFwd *fwd; };
static EmitConst emit_const_k(Emitter *em, Datum *d, bool st);

/* Strict UTF-8 (RFC 3629: no overlongs, surrogates or values above U+10FFFF) to code points;
 * false when s is not well-formed. */
static bool emit_utf8_decode(const unsigned char *s, size_t len, CodePoints *out) {
    for (size_t i = 0; i < len;) {
        uint32_t c = s[i], min;
        size_t n;
        if (c < 0x80) { n = 1; min = 0; }
        else if ((c & 0xe0) == 0xc0) { n = 2; c &= 0x1f; min = 0x80; }
        else if ((c & 0xf0) == 0xe0) { n = 3; c &= 0x0f; min = 0x800; }
        else if ((c & 0xf8) == 0xf0) { n = 4; c &= 0x07; min = 0x10000; }
        else return false;
        if (i + n > len) return false;
        for (size_t k = 1; k < n; k++) {
            if ((s[i + k] & 0xc0) != 0x80) return false;
            c = c << 6 | (s[i + k] & 0x3f);
        }
        if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return false;
        vec_push(out, c);
        i += n;
    }
    return true;
}

/* Can datum d (all of it: it may be shared or circular) be static C data? Not when it holds
 * a symbol whose name is not well-formed UTF-8. */
static bool emit_const_static_ok(Datum *d) {
    PtrMap seen = {0};
    DatumVec todo = {0};
    bool ok = true;
    vec_push(&todo, d);
    while (todo.len && ok) {
        Datum *x = todo.items[--todo.len];
        size_t *slot = ptrmap_slot(&seen, x, true);
        if (*slot != PTRMAP_NONE) continue;
        *slot = 1;
        if (x->kind == DATUM_SYMBOL) {
            CodePoints cps = {0};
            ok = emit_utf8_decode((const unsigned char *)x->sym->name, x->sym->len, &cps);
            vec_free(&cps);
        } else if (x->kind == DATUM_PAIR) {
            vec_push(&todo, x->pair.car);
            vec_push(&todo, x->pair.cdr);
        } else if (x->kind == DATUM_VECTOR) {
            for (size_t i = 0; i < x->vec.len; i++) vec_push(&todo, x->vec.items[i]);
        }
    }
    vec_free(&todo);
    ptrmap_free(&seen);
    return ok;
}

/* The constant already made for d, or NULL; a reference to an open one writes its forward
 * declaration first. */
static const EmitConst *emit_const_known(Emitter *em, Datum *d) {
    size_t *slot = ptrmap_slot(&em->datum_consts, d, false);
    if (!slot || *slot == PTRMAP_NONE) return NULL;
    struct EmitDatumRef *r = em->datum_refs.items[*slot];
    if (r->fwd && r->fwd->open && !r->fwd->written) {
        buf_puts(&em->decls, r->fwd->text);
        r->fwd->written = true;
    }
    return &r->c;
}

static void emit_const_remember(Emitter *em, Datum *d, EmitConst c, EmitFwd *fwd) {
    struct EmitDatumRef *r = xcalloc(1, sizeof *r);
    r->c = c;
    r->fwd = fwd;
    *ptrmap_slot(&em->datum_consts, d, true) = em->datum_refs.len;
    vec_push(&em->datum_refs, r);
}

/* A static string object of code points; returns its C name. */
static char *emit_static_string(Emitter *em, const uint32_t *chars, size_t n) {
    int k = em->nconsts++;
    Buf *b = &em->decls;
    buf_printf(b, "static struct { RtHeader hdr; uint32_t c[%zu]; } k%d = {RT_HDR(TYPE_ID_STRING, %zu), {",
               n ? n : 1, k, n);
    for (size_t i = 0; i < n; i++) buf_printf(b, "%s%u", i ? "," : "", chars[i]);
    if (!n) buf_puts(b, "0");
    buf_puts(b, "}};\n");
    return xasprintf("k%d", k);
}

static EmitConst emit_const_symbol(Emitter *em, Sym *sym) {
    size_t *slot = ptrmap_slot(&em->sym_consts, sym, true);
    if (*slot != PTRMAP_NONE) return (EmitConst){em->sym_exprs.items[*slot], true};
    CodePoints cps = {0};
    if (!emit_utf8_decode((const unsigned char *)sym->name, sym->len, &cps)) {
        /* made at start-up: rt_intern canonicalises the name */
        vec_free(&cps);
        int k = em->nconsts++;
        buf_printf(&em->decls, "static RtValue k%d;\n", k);
        buf_printf(&em->init, "    k%d = rt_intern(", k);
        emit_c_string_n(&em->init, sym->name, sym->len);
        buf_printf(&em->init, ", %zu);\n", sym->len);
        *slot = em->sym_exprs.len;
        vec_push(&em->sym_exprs, xasprintf("k%d", k));
        return (EmitConst){em->sym_exprs.items[*slot], false};
    }
    char *name = emit_static_string(em, cps.items, cps.len);
    vec_free(&cps);
    int k = em->nconsts++;
    buf_printf(&em->decls, "static struct { RtSymbol s; char u[%zu]; } k%d = {{RT_HDR(TYPE_ID_SYMBOL, %zu), RT_TAG_AS_OBJ(&%s), 0, 0}, ",
               sym->len + 1, k, sym->len, name);
    emit_c_string_n(&em->decls, sym->name, sym->len);
    buf_puts(&em->decls, "};\n");
    vec_push(&em->static_syms, xasprintf("&k%d.s", k));
    *slot = em->sym_exprs.len;
    vec_push(&em->sym_exprs, xasprintf("RT_TAG_AS_OBJ(&k%d)", k));
    return (EmitConst){em->sym_exprs.items[*slot], true};
}

/* An exact integer outside the fixnum range: static limbs (RtBignum: count = limbs << 1 |
 * sign, least significant limb first). */
static EmitConst emit_const_bignum(Emitter *em, const char *text) {
    mpz_t z;
    if (mpz_init_set_str(z, text, 10) != 0) diag_internal("emit: bad bignum literal %s", text);
    size_t n = (mpz_sizeinbase(z, 2) + 63) / 64;
    uint64_t *limbs = xcalloc(n, sizeof *limbs);
    size_t got = 0;
    mpz_export(limbs, &got, -1, sizeof *limbs, 0, 0, z);
    int k = em->nconsts++;
    buf_printf(&em->decls, "static struct { RtHeader hdr; uint64_t l[%zu]; } k%d = {RT_HDR(TYPE_ID_INT, %zu), {",
               got, k, got << 1 | (mpz_sgn(z) < 0));
    for (size_t i = 0; i < got; i++) buf_printf(&em->decls, "%s0x%llxu", i ? "," : "", (unsigned long long)limbs[i]);
    buf_puts(&em->decls, "}};\n");
    free(limbs);
    mpz_clear(z);
    return (EmitConst){xasprintf("RT_TAG_AS_OBJ(&k%d)", k), true};
}

/* A list: its spine (walked iteratively, up to the end, or to a pair already made, which is
 * then its tail: a shared tail or a cycle) becomes one array of pairs, pair i's cdr pointing
 * at pair i + 1 and the last one's at the tail. Static: `static RtPair k<n>[len]`; at
 * start-up (st false): `static RtValue k<n>[len]`, the pairs made first, filled after their
 * cars. Each spine pair is remembered before the cars are emitted. */
static EmitConst emit_const_list(Emitter *em, Datum *d, bool st) {
    int k = em->nconsts++;
    size_t n = 0;
    Datum *p = d;
    EmitFwd *fwd = xcalloc(1, sizeof *fwd);
    fwd->open = true;
    for (; p->kind == DATUM_PAIR && (n == 0 || !ptrmap_slot(&em->datum_consts, p, false) ||
                                     *ptrmap_slot(&em->datum_consts, p, false) == PTRMAP_NONE);
         p = p->pair.cdr) {
        char *expr = st ? xasprintf("RT_TAG_AS_PAIR(&k%d[%zu])", k, n) : xasprintf("k%d[%zu]", k, n);
        emit_const_remember(em, p, (EmitConst){expr, st}, st ? fwd : NULL);
        n++;
    }
    Datum *tail = p;
    fwd->text = xasprintf("static RtPair k%d[%zu];\n", k, n);
    if (!st) {
        buf_printf(&em->decls, "static RtValue k%d[%zu];\n", k, n);
        buf_printf(&em->init, "    for (size_t i = 0; i < %zu; i++) k%d[i] = mk_pair(&rt_global_region, RT_FALSE, RT_NIL);\n",
                   n, k);
    }
    VEC(const char *) cars = {0};
    p = d;
    for (size_t i = 0; i < n; i++, p = p->pair.cdr) vec_push(&cars, emit_const_k(em, p->pair.car, st).expr);
    const char *tail_expr = emit_const_k(em, tail, st).expr;
    fwd->open = false;
    if (st) {
        Buf *b = &em->decls;
        buf_printf(b, "static RtPair k%d[%zu] = {\n", k, n);
        for (size_t i = 0; i < n; i++) {
            if (i + 1 < n) buf_printf(b, "    {%s, RT_TAG_AS_PAIR(&k%d[%zu])},\n", cars.items[i], k, i + 1);
            else buf_printf(b, "    {%s, %s}};\n", cars.items[i], tail_expr);
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            buf_printf(&em->init, "    RT_CAR(k%d[%zu]) = %s;\n", k, i, cars.items[i]);
            if (i + 1 < n) buf_printf(&em->init, "    RT_CDR(k%d[%zu]) = k%d[%zu];\n", k, i, k, i + 1);
            else buf_printf(&em->init, "    RT_CDR(k%d[%zu]) = %s;\n", k, i, tail_expr);
        }
    }
    vec_free(&cars);
    return (EmitConst){st ? xasprintf("RT_TAG_AS_PAIR(&k%d[0])", k) : xasprintf("k%d[0]", k), st};
}

/* A vector: remembered before its items are emitted; a cycle through it makes its forward
 * declaration name its struct type (struct k<n>_t), which its definition then uses. */
static EmitConst emit_const_vector(Emitter *em, Datum *d, bool st) {
    int k = em->nconsts++;
    size_t len = d->vec.len;
    EmitFwd *fwd = xcalloc(1, sizeof *fwd);
    fwd->open = true;
    fwd->text = xasprintf("struct k%d_t { RtHeader hdr; RtValue v[%zu]; };\nstatic struct k%d_t k%d;\n",
                          k, len ? len : 1, k, k);
    EmitConst self = {st ? xasprintf("RT_TAG_AS_OBJ(&k%d)", k) : xasprintf("k%d", k), st};
    emit_const_remember(em, d, self, st ? fwd : NULL);
    if (!st) {
        buf_printf(&em->decls, "static RtValue k%d;\n", k);
        buf_printf(&em->init, "    k%d = mk_vector(&rt_global_region, %zu, RT_FALSE);\n", k, len);
    }
    const char **items = xcalloc(len + 1, sizeof *items);
    for (size_t i = 0; i < len; i++) items[i] = emit_const_k(em, d->vec.items[i], st).expr;
    fwd->open = false;
    Buf *b = &em->decls;
    if (st) {
        if (fwd->written) buf_printf(b, "static struct k%d_t k%d = {RT_HDR(TYPE_ID_VECTOR, %zu), {", k, k, len);
        else buf_printf(b, "static struct { RtHeader hdr; RtValue v[%zu]; } k%d = {RT_HDR(TYPE_ID_VECTOR, %zu), {",
                        len ? len : 1, k, len);
        for (size_t i = 0; i < len; i++) buf_printf(b, "%s%s", i ? ",\n    " : "", items[i]);
        if (!len) buf_puts(b, "0");
        buf_puts(b, "}};\n");
    } else {
        for (size_t i = 0; i < len; i++)
            buf_printf(&em->init, "    RT_AS(RtVector, k%d)->items[%zu] = %s;\n", k, i, items[i]);
    }
    free(items);
    return self;
}

/* Datum d as a constant, static (st) or made at start-up; each Datum made once. */
static EmitConst emit_const_k(Emitter *em, Datum *d, bool st) {
    Buf *b = &em->decls;
    switch (d->kind) {
    case DATUM_NIL: return (EmitConst){"RT_NIL", true};
    case DATUM_BOOL: return (EmitConst){d->b ? "RT_TRUE" : "RT_FALSE", true};
    case DATUM_UNSPEC: return (EmitConst){"RT_UNSPEC", true};
    case DATUM_FIXNUM: return (EmitConst){xasprintf("RT_FIX(%lldLL)", (long long)d->fix), true};
    case DATUM_CHAR: return (EmitConst){xasprintf("RT_CHAR(%u)", d->ch), true};
    case DATUM_SYMBOL: return emit_const_symbol(em, d->sym);
    default: break;
    }
    const EmitConst *known = emit_const_known(em, d);
    if (known) return *known;
    EmitConst c;
    switch (d->kind) {
    case DATUM_PAIR: return emit_const_list(em, d, st);
    case DATUM_VECTOR: return emit_const_vector(em, d, st);
    case DATUM_BIGNUM: c = emit_const_bignum(em, d->big); break;
    case DATUM_FLONUM: {
        int k = em->nconsts++;
        buf_printf(b, "static RtFlonum k%d = {RT_HDR(TYPE_ID_FLOAT, 0), %s};\n", k, emit_double(d->flo));
        c = (EmitConst){xasprintf("RT_TAG_AS_OBJ(&k%d)", k), true};
        break;
    }
    case DATUM_STRING:
        c = (EmitConst){xasprintf("RT_TAG_AS_OBJ(&%s)", emit_static_string(em, d->str.chars, d->str.len)), true};
        break;
    case DATUM_BYTEVECTOR: {
        int k = em->nconsts++;
        buf_printf(b, "static struct { RtHeader hdr; uint8_t v[%zu]; } k%d = {RT_HDR(TYPE_ID_BYTEVECTOR, %zu), {",
                   d->bv.len ? d->bv.len : 1, k, d->bv.len);
        for (size_t i = 0; i < d->bv.len; i++) buf_printf(b, "%s%u", i ? "," : "", d->bv.bytes[i]);
        if (!d->bv.len) buf_puts(b, "0");
        buf_puts(b, "}};\n");
        c = (EmitConst){xasprintf("RT_TAG_AS_OBJ(&k%d)", k), true};
        break;
    }
    default: diag_internal("emit_const: kind %d", d->kind);
    }
    emit_const_remember(em, d, c, NULL);
    return c;
}

static const char *emit_const(Emitter *em, Datum *d) {
    const EmitConst *known = emit_const_known(em, d);
    if (known) return known->expr;
    bool compound = d->kind == DATUM_PAIR || d->kind == DATUM_VECTOR;
    return emit_const_k(em, d, !compound || emit_const_static_ok(d)).expr;
}

/* ---- allocation sites ----------------------------------------------------------------------- */
static const char *emit_alloc_pair(Emitter *em, const char *rg, const char *car, const char *cdr) {
    char *t = emit_temp(em);
    if (!emit_alloc_typed(em)) {
        emit_line(em, "RtValue %s = mk_pair(%s, %s, %s);", t, rg, car, cdr);
    } else {
        emit_line(em, "RtPair *%s_p = alloc_obj_typed(%s, TYPE_ID_PAIR);", t, rg);
        emit_line(em, "%s_p->car = %s;", t, car);
        emit_line(em, "%s_p->cdr = %s;", t, cdr);
        emit_line(em, "RtValue %s = RT_TAG_AS_PAIR(%s_p);", t, t);
    }
    emit_check_store(em, "\"cons\"", t, car);
    emit_check_store(em, "\"cons\"", t, cdr);
    return t;
}

static const char *emit_alloc_box(Emitter *em, const char *value) {
    char *t = emit_temp(em);
    if (!emit_alloc_typed(em)) {
        emit_line(em, "RtValue %s = mk_box(&rt_gc_region, %s);", t, value);
        return t;
    }
    /* boxes hold assigned, captured variables: always the heap (regions.c sends their
     * values there too) */
    emit_line(em, "RtBox *%s_p = alloc_obj_typed(&rt_gc_region, TYPE_ID_BOX);", t);
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_BOX, 0);", t);
    emit_line(em, "%s_p->value = %s;", t, value);
    emit_line(em, "RtValue %s = RT_TAG_AS_OBJ(%s_p);", t, t);
    return t;
}

static const char *emit_alloc_vector(Emitter *em, const char *rg, AstVec *args, const char **vals) {
    char *t = emit_temp(em);
    size_t n = args->len;
    if (!emit_alloc_typed(em)) {
        emit_line(em, "RtValue %s = mk_vector(%s, %zu, RT_FALSE);", t, rg, n);
        for (size_t i = 0; i < n; i++) emit_line(em, "RT_AS(RtVector, %s)->items[%zu] = %s;", t, i, vals[i]);
    } else {
        emit_line(em, "RtVector *%s_p = alloc_obj_sized(%s, TYPE_ID_VECTOR, %zu);", t, rg, n * 8);
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_VECTOR, %zu);", t, n);
        for (size_t i = 0; i < n; i++) emit_line(em, "%s_p->items[%zu] = %s;", t, i, vals[i]);
        emit_line(em, "RtValue %s = RT_TAG_AS_OBJ(%s_p);", t, t);
    }
    for (size_t i = 0; i < n; i++) emit_check_store(em, "\"vector\"", t, vals[i]);
    return t;
}

/* A closure object for lambda l, its free slots filled later by emit_fill_closure. */
static const char *emit_alloc_closure(Emitter *em, const char *rg, Lambda *l, const char *into) {
    size_t n = l->free.len;
    char *name = emit_lambda_name(l);
    if (!emit_alloc_typed(em)) {
        emit_line(em, "%s = mk_closure(%s, %s, %zu);", into, rg, name, n);
        return into;
    }
    char *t = emit_temp(em);
    emit_line(em, "RtClosure *%s_p = alloc_obj_sized(%s, TYPE_ID_CLOSURE, %zu);", t, rg, n * 8);
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_CLOSURE, %zu);", t, n);
    emit_line(em, "%s_p->code = %s;", t, name);
    emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", into, t);
    return into;
}

/* A boxed flonum holding the C double x. */
static const char *emit_alloc_float(Emitter *em, const char *rg, const char *x) {
    char *t = emit_temp(em);
    if (!emit_alloc_typed(em)) {
        emit_line(em, "RtValue %s = mk_float(%s, %s);", t, rg, x);
        return t;
    }
    emit_line(em, "RtFlonum *%s_p = alloc_obj_typed(%s, TYPE_ID_FLOAT);", t, rg);
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_FLOAT, 0);", t);
    emit_line(em, "%s_p->d = %s;", t, x);
    emit_line(em, "RtValue %s = RT_TAG_AS_OBJ(%s_p);", t, t);
    return t;
}

/* (%record rtd field ...): the record type's field count is checked at run time; a mismatch
 * (or an rtd that is not a record type) goes to rt_p_record, which reports it. */
static const char *emit_alloc_record(Emitter *em, const char *rg, const char **v, size_t n, const char *loc) {
    char *t = emit_temp(em);
    size_t nf = n - 1;
    bool typed = emit_alloc_typed(em);
    emit_line(em, "RtValue %s;", t);
    emit_line(em, "if (RT_UNLIKELY(!RT_IS_TYPE(%s, TYPE_ID_RECORD_TYPE) || RT_HDR_COUNT(*RT_OBJ(%s)) != %zu)) {",
              v[0], v[0], nf);
    Buf b = {0};
    for (size_t i = 0; i < n; i++) buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
    emit_line(em, "    %s = rt_p_record(%s, %s, %zu, (const RtValue[]){%s});", t, rg, loc, n, buf_cstr(&b));
    buf_free(&b);
    emit_line(em, "} else {");
    em->indent++;
    if (!typed) {
        emit_line(em, "%s = mk_record(%s, %s, %zu);", t, rg, v[0], nf);
        for (size_t i = 0; i < nf; i++) emit_line(em, "RT_AS(RtRecord, %s)->fields[%zu] = %s;", t, i, v[i + 1]);
    } else {
        emit_line(em, "RtRecord *%s_p = alloc_obj_sized(%s, TYPE_ID_RECORD, %zu);", t, rg, nf * 8);
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_RECORD, %zu);", t, nf);
        emit_line(em, "%s_p->type = %s;", t, v[0]);
        for (size_t i = 0; i < nf; i++) emit_line(em, "%s_p->fields[%zu] = %s;", t, i, v[i + 1]);
        emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", t, t);
    }
    em->indent--;
    emit_line(em, "}");
    for (size_t i = 0; i < n; i++) emit_check_store(em, loc, t, v[i]);
    return t;
}

/* The largest length make-vector and make-string allocate inline; longer ones (and bad
 * arguments) go to the runtime, which reports errors. */
#define EMIT_INLINE_LEN_MAX "0xffffffu"

/* (make-vector n [fill]) and (make-string n [char]): typed allocation and a fill loop when n
 * is a fixnum in range (the fixnum test is a check), else the runtime call. */
static const char *emit_alloc_filled(Emitter *em, Ast *a, const char **v, size_t n, const char *loc,
                                     bool string) {
    char *t = emit_temp(em);
    const char *rg = emit_rg(a);
    bool typed = emit_alloc_typed(em);
    const char *fill = n > 1 ? v[1] : string ? "RT_CHAR(32)" : "RT_FALSE";
    Buf cond = {0};
    if (!emit_check(em, emit_proven(em, a->args.items[0], TY_FIX))) buf_printf(&cond, "RT_IS_FIXNUM(%s) && ", v[0]);
    buf_printf(&cond, "(uint64_t)RT_FIXVAL(%s) <= " EMIT_INLINE_LEN_MAX, v[0]);
    if (string && n > 1 && !emit_check(em, emit_proven(em, a->args.items[1], TY_CHAR)))
        buf_printf(&cond, " && RT_IS_CHAR(%s)", v[1]);
    emit_line(em, "RtValue %s;", t);
    emit_line(em, "if (RT_LIKELY(%s)) {", buf_cstr(&cond));
    buf_free(&cond);
    em->indent++;
    if (!typed) {
        if (string) emit_line(em, "%s = mk_string_fill(%s, (size_t)RT_FIXVAL(%s), RT_CHARVAL(%s));", t, rg, v[0], fill);
        else emit_line(em, "%s = mk_vector(%s, (size_t)RT_FIXVAL(%s), %s);", t, rg, v[0], fill);
    } else if (string) {
        emit_line(em, "RtString *%s_p = alloc_obj_sized(%s, TYPE_ID_STRING, (size_t)RT_FIXVAL(%s) * 4);", t, rg, v[0]);
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_STRING, RT_FIXVAL(%s));", t, v[0]);
        emit_line(em, "for (int64_t i = 0; i < RT_FIXVAL(%s); i++) %s_p->chars[i] = RT_CHARVAL(%s);", v[0], t, fill);
        emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", t, t);
    } else {
        emit_line(em, "RtVector *%s_p = alloc_obj_sized(%s, TYPE_ID_VECTOR, (size_t)RT_FIXVAL(%s) * 8);", t, rg, v[0]);
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_VECTOR, RT_FIXVAL(%s));", t, v[0]);
        emit_line(em, "for (int64_t i = 0; i < RT_FIXVAL(%s); i++) %s_p->items[i] = %s;", v[0], t, fill);
        emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", t, t);
    }
    em->indent--;
    Buf b = {0};
    for (size_t i = 0; i < n; i++) buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
    emit_line(em, "} else %s = rt_p_make_%s(%s, %s, %zu, (const RtValue[]){%s});", t,
              string ? "string" : "vector", rg, loc, n, buf_cstr(&b));
    buf_free(&b);
    if (!string && n > 1) emit_check_store(em, loc, t, fill);
    return t;
}

/* (string c ...): typed allocation when every argument is a char (tested unless proven). */
static const char *emit_alloc_string(Emitter *em, Ast *a, const char **v, size_t n, const char *loc) {
    char *t = emit_temp(em);
    const char *rg = emit_rg(a);
    bool typed = emit_alloc_typed(em);
    Buf cond = {0};
    for (size_t i = 0; i < n; i++)
        if (!emit_check(em, emit_proven(em, a->args.items[i], TY_CHAR)))
            buf_printf(&cond, "%sRT_IS_CHAR(%s)", cond.len ? " && " : "", v[i]);
    emit_line(em, "RtValue %s;", t);
    bool tested = cond.len > 0;
    if (tested) emit_line(em, "if (RT_LIKELY(%s)) {", buf_cstr(&cond));
    else emit_line(em, "{");
    buf_free(&cond);
    em->indent++;
    if (!typed) {
        emit_line(em, "%s = mk_string_fill(%s, %zu, 0);", t, rg, n);
        for (size_t i = 0; i < n; i++) emit_line(em, "RT_AS(RtString, %s)->chars[%zu] = RT_CHARVAL(%s);", t, i, v[i]);
    } else {
        emit_line(em, "RtString *%s_p = alloc_obj_sized(%s, TYPE_ID_STRING, %zu);", t, rg, n * 4);
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_STRING, %zu);", t, n);
        for (size_t i = 0; i < n; i++) emit_line(em, "%s_p->chars[%zu] = RT_CHARVAL(%s);", t, i, v[i]);
        emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", t, t);
    }
    em->indent--;
    Buf b = {0};
    for (size_t i = 0; i < n; i++) buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
    if (tested) emit_line(em, "} else %s = rt_p_string(%s, %s, %zu, (const RtValue[]){%s});", t, rg, loc, n, buf_cstr(&b));
    else emit_line(em, "}");
    buf_free(&b);
    return t;
}

static void emit_fill_closure(Emitter *em, Lambda *l, const char *clo) {
    for (size_t i = 0; i < l->free.len; i++) {
        emit_line(em, "RT_AS(RtClosure, %s)->free[%zu] = %s;", clo, i, emit_var_name(l->free.items[i]));
        emit_check_store(em, "\"closure\"", clo, emit_var_name(l->free.items[i]));
    }
}

/* ---- variables ------------------------------------------------------------------------------ */
static bool emit_var_static(Var *v) {
    return v->known && !v->known->contified && v->known->free.len == 0 && v->nsets == 0 &&
           (!v->global || v->ndefs == 1);
}

static const char *emit_static_closure(Lambda *l) {
    return xasprintf("RT_TAG_AS_OBJ(&%s_closure)", emit_lambda_name(l));
}

static const char *emit_ref(Emitter *em, Ast *a) {
    Var *v = a->var;
    if (emit_var_static(v)) return emit_static_closure(v->known);
    if (v->global) {
        if (!v->defined) return xasprintf("RT_TAG_AS_OBJ(&rt_pc_%s)", v->prim->cname);
        char *name = emit_var_name(v);
        const char *body = xasprintf("rt_error_msg(%s, %s, \"variable used before its definition\")",
                                     emit_loc(em, a->loc), emit_str_lit(v->name->name));
        emit_line(em, "if (RT_UNLIKELY(%s == RT_UNDEFINED)) %s;", name, emit_stub(em, NULL, NULL, body, 0, NULL));
        return name;
    }
    if (v->boxed) return xasprintf("RT_AS(RtBox, %s)->value", emit_var_name(v));
    if (emit_var_unboxed(em, v)) return emit_alloc_float(em, emit_rg(a), emit_var_name(v));
    return emit_var_name(v);
}

static void emit_assign(Emitter *em, Var *v, const char *value) {
    if (v->boxed) {
        emit_line(em, "RT_AS(RtBox, %s)->value = %s;", emit_var_name(v), value);
        emit_check_store(em, "\"set!\"", emit_var_name(v), value);
    } else {
        emit_line(em, "%s = %s;", emit_var_name(v), value);
    }
}

/* ---- calls ---------------------------------------------------------------------------------- */
/* Evaluate arguments left to right into temporaries (constants and variables stay as they
 * are when no later argument can change them). */
static const char **emit_args_to(Emitter *em, AstVec *args, Lambda *loop) {
    const char **vals = xcalloc(args->len + 1, sizeof *vals);
    for (size_t i = 0; i < args->len; i++) {
        if (loop && i < loop->params.len && emit_var_unboxed(em, loop->params.items[i])) {
            /* the parameter is a C double */
            const char *x = emit_flo(em, args->items[i]);
            char *t = emit_temp(em);
            emit_line(em, "double %s = %s;", t, x);
            vals[i] = t;
            continue;
        }
        const char *v = emit_expr(em, args->items[i], DEST_V);
        if (args->items[i]->kind != AST_CONST && args->items[i]->kind != AST_LAMBDA) {
            char *t = emit_temp(em);
            emit_line(em, "RtValue %s = %s;", t, v);
            v = t;
        }
        vals[i] = v;
    }
    return vals;
}
static const char **emit_args(Emitter *em, AstVec *args) { return emit_args_to(em, args, NULL); }

/* A call of code(rg, self, a0, a1, a2, a3) with arguments >= 4 in rt_xargs (regal.h "Calls");
 * an unknown call (nargs_set) also sets rt_nargs. rg is the region the result goes to (a tail
 * call passes rr on, after leaving this frame's regions). */
static const char *emit_invoke(Emitter *em, Ast *site, const char *code, const char *self,
                               bool nargs_set, size_t argc, const char **vals, Dest d) {
    bool tail = d.kind == DEST_RETURN && em->fn;
    const char *rg = tail ? "rr" : emit_rg(site);
    for (size_t i = RT_REG_ARGS; i < argc; i++) emit_line(em, "rt_xargs[%zu] = %s;", i, vals[i]);
    if (nargs_set) emit_line(em, "rt_nargs = %zu;", argc);
    char *call = xasprintf("%s(%s, %s, %s, %s, %s, %s)", code, rg, self,
                           argc > 0 ? vals[0] : "0", argc > 1 ? vals[1] : "0",
                           argc > 2 ? vals[2] : "0", argc > 3 ? vals[3] : "0");
    if (tail) {
        if (em->opt->check_regions)
            for (size_t i = 0; i < argc; i++) emit_line(em, "rt_check_frame(\"tail call\", rt_frame_base, %s);", vals[i]);
        emit_region_leave_to(em, 0);
        emit_line(em, "RT_MUSTTAIL return %s;", call);
        return NULL;
    }
    char *t = emit_temp(em);
    emit_line(em, "RtValue %s = %s;", t, call);
    return emit_deliver(em, d, t);
}

/* A known procedure is entered directly (its direct entry, no argument count, no closure when
 * it has no free variables) unless it takes rest arguments or direct calls are off. */
static bool emit_direct(Emitter *em, const Lambda *l) { return !l->rest && !em->opt->no_direct_calls; }
static char *emit_direct_name(Lambda *l) { return xasprintf("%s_direct", emit_lambda_name(l)); }

static void emit_lambda_body(Emitter *em, Lambda *l, Dest d);

static const char *emit_call(Emitter *em, Ast *a, Dest d) {
    Var *fv = a->fn->kind == AST_REF ? a->fn->var : NULL;
    Lambda *known = fv ? fv->known : NULL;
    if (known && known->contified) {
        const char **vals = emit_args_to(em, &a->args, known);
        bool inside = false;
        for (size_t i = 0; i < em->loops.len; i++)
            if (em->loops.items[i] == known) inside = true;
        if (inside) { /* a tail call from the loop's own body: the next iteration */
            for (size_t i = 0; i < known->params.len; i++)
                emit_line(em, "%s = %s;", emit_var_name(known->params.items[i]), vals[i]);
            size_t keep = 0;
            for (size_t i = 0; i < em->loops.len; i++)
                if (em->loops.items[i] == known) keep = em->loop_keep.items[i];
            if (known->region_loop) { /* the iteration's objects die here */
                emit_region_leave_to(em, keep + 1);
                emit_line(em, "rt_region_recycle(&%s);", emit_loop_region(known));
            } else {
                emit_region_leave_to(em, keep);
            }
            emit_line(em, "goto loop%d;", known->id);
            return NULL;
        }
        /* the loop's single entry, from its parent */
        for (size_t i = 0; i < known->params.len; i++)
            emit_line(em, "%s %s = %s;", emit_var_unboxed(em, known->params.items[i]) ? "double" : "RtValue",
                      emit_var_name(known->params.items[i]), vals[i]);
        Dest body = d;
        char *result = NULL, *done = NULL;
        size_t keep = em->active.len;
        if (d.kind == DEST_VALUE || d.kind == DEST_ASSIGN) {
            result = emit_temp(em);
            done = xasprintf("done%d", known->id);
            emit_line(em, "RtValue %s;", result);
            body = (Dest){DEST_JUMP, result, done, keep};
        }
        if (known->region_loop) emit_region_enter(em, emit_loop_region(known));
        char *label = xasprintf("loop%d", known->id);
        size_t at = emit_label(em, label);
        for (size_t i = 0; i < known->params.len; i++) {
            Var *p = known->params.items[i];
            if (p->boxed) emit_line(em, "%s = %s;", emit_var_name(p), emit_alloc_box(em, emit_var_name(p)));
        }
        vec_push(&em->loops, known);
        vec_push(&em->loop_keep, keep);
        emit_lambda_body(em, known, body);
        em->loops.len--;
        em->loop_keep.len--;
        em->active.len = keep;
        emit_label_done(em, at, at, label);
        if (!done) return NULL;
        size_t dat = emit_label(em, done);
        emit_label_done(em, dat, at, done);
        return emit_deliver(em, d, result);
    }
    if (known && em->fn == known && d.kind == DEST_RETURN && !known->rest) {
        /* a self tail call: a jump back to the top of this function */
        const char **vals = emit_args(em, &a->args);
        for (size_t i = 0; i < known->params.len; i++)
            emit_line(em, "%s = %s;", emit_var_name(known->params.items[i]), vals[i]);
        if (known->region_self) {
            emit_region_leave_to(em, em->self_keep + 1);
            emit_line(em, "rt_region_recycle(&rgs);");
        } else {
            emit_region_leave_to(em, em->self_keep);
        }
        emit_line(em, "goto top;");
        return NULL;
    }
    const char *f = emit_expr(em, a->fn, DEST_V);
    if (!known) {
        char *t = emit_temp(em);
        emit_line(em, "RtValue %s = %s;", t, f);
        f = t;
    }
    const char **vals = emit_args(em, &a->args);
    if (known && emit_direct(em, known))
        return emit_invoke(em, a, emit_direct_name(known), known->free.len ? f : "0", false, a->args.len, vals, d);
    if (known) return emit_invoke(em, a, emit_lambda_name(known), f, true, a->args.len, vals, d);
    if (!emit_check(em, emit_proven(em, a->fn, TY_PROC)))
        emit_type_check(em, xasprintf("RT_IS_TYPE(%s, TYPE_ID_CLOSURE)", f), emit_loc(em, a->loc), "application",
                        "a procedure", f);
    return emit_invoke(em, a, xasprintf("RT_AS(RtClosure, %s)->code", f), f, true, a->args.len, vals, d);
}

/* ---- primitive calls ------------------------------------------------------------------------ */
/* The out-of-line call of a primitive, through its rt_p_ entry. */
static const char *emit_prim_call_out(Emitter *em, const char *rg, const Prim *p, const char *loc,
                                      const char **vals, size_t n) {
    Buf b = {0};
    buf_printf(&b, "rt_p_%s(%s, %s", p->cname, rg, loc);
    if (p->fixed) {
        for (size_t i = 0; i < n; i++) buf_printf(&b, ", %s", vals[i]);
    } else if (n == 0) {
        buf_puts(&b, ", 0, NULL");
    } else {
        buf_printf(&b, ", %zu, (const RtValue[]){", n);
        for (size_t i = 0; i < n; i++) buf_printf(&b, "%s%s", i ? ", " : "", vals[i]);
        buf_puts(&b, "}");
    }
    buf_putc(&b, ')');
    char *t = emit_temp(em);
    emit_line(em, "RtValue %s = %s;", t, buf_cstr(&b));
    buf_free(&b);
    return t;
}

/* c[ad]+r: the letters from the right are applied first. */
static const char *emit_cxr(Emitter *em, Ast *a, const char *x, const char *loc) {
    const char *path = a->prim->cxr;
    const char *cur = x;
    for (size_t i = strlen(path); i-- > 0;) {
        bool is_car = path[i] == 'a';
        /* the first step's argument may be a proven pair; later steps are unknown */
        if (!emit_check(em, i == strlen(path) - 1 && emit_proven(em, a->args.items[0], TY_PAIR)))
            emit_type_check(em, xasprintf("RT_IS_PAIR(%s)", cur), loc, a->prim->name, "a pair", cur);
        char *t = emit_temp(em);
        emit_line(em, "RtValue %s = RT_%s(%s);", t, is_car ? "CAR" : "CDR", cur);
        cur = t;
    }
    return cur;
}

/* Arithmetic that stays in C doubles: + - * of flonums (a fixnum operand is converted, as the
 * runtime does, when there are at most two operands) and / of flonums only. */
static bool emit_flo_arith(Emitter *em, Ast *a) {
    if (em->opt->untyped || a->kind != AST_PRIMCALL || emit_type(em, a) != TY_FLO) return false;
    const Prim *p = a->prim;
    bool div = p->id == PRIM_div;
    if (!div && p->id != PRIM_add && p->id != PRIM_sub && p->id != PRIM_mul) return false;
    size_t n = a->args.len;
    if (n == 0) return false;
    for (size_t i = 0; i < n; i++) {
        Type t = emit_type(em, a->args.items[i]);
        if (t == TY_FLO) continue;
        if (div || n > 2 || !t || (t & ~TY_FIX)) return false;
    }
    return true;
}

/* A C double expression for a node of type flonum. */
static const char *emit_flo(Emitter *em, Ast *a) {
    if (a->kind == AST_CONST && a->datum->kind == DATUM_FLONUM) return emit_double(a->datum->flo);
    if (a->kind == AST_REF && !a->var->boxed && emit_var_unboxed(em, a->var)) return emit_var_name(a->var);
    if (emit_flo_arith(em, a)) {
        const Prim *p = a->prim;
        const char *op = p->id == PRIM_add ? "+" : p->id == PRIM_sub ? "-" : p->id == PRIM_mul ? "*" : "/";
        size_t n = a->args.len;
        const char **v = xcalloc(n, sizeof *v);
        for (size_t i = 0; i < n; i++) {
            Ast *x = a->args.items[i];
            if (x->kind == AST_CONST && x->datum->kind == DATUM_FIXNUM) {
                v[i] = xasprintf("%lld.0", (long long)x->datum->fix);
                if (llabs(x->datum->fix) > (1LL << 53)) v[i] = xasprintf("(double)%lldLL", (long long)x->datum->fix);
                continue;
            }
            const char *e = emit_type(em, x) == TY_FLO ? emit_flo(em, x)
                          : xasprintf("(double)RT_FIXVAL(%s)", emit_expr(em, x, DEST_V));
            if (x->kind == AST_CONST) { v[i] = e; continue; }
            char *t = emit_temp(em);
            emit_line(em, "double %s = %s;", t, e);
            v[i] = t;
        }
        const char *r;
        if (n == 1) r = xasprintf(*op == '-' ? "(-%s)" : *op == '/' ? "(1.0 / %s)" : "(%s)", v[0]);
        else {
            r = v[0];
            for (size_t i = 1; i < n; i++) r = xasprintf("(%s %s %s)", r, op, v[i]);
        }
        free(v);
        return r;
    }
    const char *x = emit_expr(em, a, DEST_V);
    return xasprintf("RT_FLOVAL(%s)", x);
}

/* The C operator of a numeric comparison and the name of its rt_<name>2 fast path, or NULL. */
static const char *emit_cmp_op(const Prim *p, const char **rt) {
    switch (p->id) {
    case PRIM_num_lt: *rt = "lt"; return "<";
    case PRIM_num_le: *rt = "le"; return "<=";
    case PRIM_num_gt: *rt = "gt"; return ">";
    case PRIM_num_ge: *rt = "ge"; return ">=";
    case PRIM_num_eq: *rt = "eq"; return "==";
    default: return NULL;
    }
}

/* The C test (a format of one %s) that a value has type t, for the type predicates (prims.def's
 * pred column) that have one; NULL for the others. */
static const char *emit_type_test(Type t) {
    switch (t) {
    case TY_NULL: return "%s == RT_NIL";
    case TY_PAIR: return "RT_IS_PAIR(%s)";
    case TY_CHAR: return "RT_IS_CHAR(%s)";
    case TY_BOOL: return "RT_IS_BOOL(%s)";
    case TY_EOF: return "%s == RT_EOF";
    case TY_VEC: return "RT_IS_TYPE(%s, TYPE_ID_VECTOR)";
    case TY_STR: return "RT_IS_TYPE(%s, TYPE_ID_STRING)";
    case TY_SYM: return "RT_IS_TYPE(%s, TYPE_ID_SYMBOL)";
    case TY_PROC: return "RT_IS_TYPE(%s, TYPE_ID_CLOSURE)";
    case TY_BVEC: return "RT_IS_TYPE(%s, TYPE_ID_BYTEVECTOR)";
    default: return NULL;
    }
}

/* A predicate or comparison as a C condition, or NULL when a is not one. */
static const char *emit_prim_cond(Emitter *em, Ast *a) {
    const Prim *p = a->prim;
    size_t n = a->args.len;
    const char *rt, *cop = emit_cmp_op(p, &rt);
    if (cop && n == 2) {
        Ast *x = a->args.items[0], *y = a->args.items[1];
        const char *loc = emit_loc(em, a->loc);
        if (!em->opt->untyped && emit_type(em, x) == TY_FLO && emit_type(em, y) == TY_FLO) {
            emit_check(em, true);
            const char *fx = emit_flo(em, x);
            char *t = emit_temp(em);
            emit_line(em, "double %s = %s;", t, fx);
            const char *fy = emit_flo(em, y);
            return xasprintf("%s %s %s", t, cop, fy);
        }
        const char **v = emit_args(em, &a->args);
        const char *r;
        if (emit_check(em, emit_proven(em, x, TY_FIX) && emit_proven(em, y, TY_FIX)))
            r = xasprintf("(int64_t)%s %s (int64_t)%s", v[0], cop, v[1]);
        else if (em->opt->no_inline_arith)
            r = xasprintf("rt_num_%s(%s, %s, %s)", rt, loc, v[0], v[1]);
        else
            r = xasprintf("(RT_BOTH_FIXNUM(%s, %s) ? (int64_t)%s %s (int64_t)%s : %s)", v[0], v[1], v[0], cop, v[1],
                          emit_stub(em, "int", NULL, xasprintf("rt_num_%s(%s, s0, s1)", rt, loc), 2, v));
        free(v);
        return r;
    }
    if (p->id == PRIM_not && n == 1) return xasprintf("!(%s)", emit_cond(em, a->args.items[0]));
    const char *test = n == 1 && prims_arg_type(p, 0) == TY_ANY ? emit_type_test(p->pred_yes) : NULL;
    if (test) {
        const char **v = emit_args(em, &a->args);
        const char *r = xasprintf(test, v[0]);
        free(v);
        return r;
    }
    if (n == 2 && (p->id == PRIM_eq_p || p->id == PRIM_eqv_p)) {
        const char **v = emit_args(em, &a->args);
        const char *r = p->id == PRIM_eq_p ? xasprintf("%s == %s", v[0], v[1])
                                           : xasprintf("rt_eqv2(%s, %s)", v[0], v[1]);
        free(v);
        return r;
    }
    if (n == 1 && p->id == PRIM_zero_p) {
        const char **v = emit_args(em, &a->args);
        const char *r;
        if (emit_check(em, emit_proven(em, a->args.items[0], TY_FIX))) r = xasprintf("%s == RT_FIX(0)", v[0]);
        else {
            const char *loc = emit_loc(em, a->loc);
            r = xasprintf("%s == RT_FIX(0) || (!RT_IS_FIXNUM(%s) && %s)", v[0], v[0],
                          emit_stub(em, "int", NULL, xasprintf("rt_num_eq(%s, s0, RT_FIX(0))", loc), 1, v));
        }
        free(v);
        return r;
    }
    return NULL;
}

/* The test of an if as a C condition. */
static const char *emit_cond(Emitter *em, Ast *a) {
    if (a->kind == AST_PRIMCALL) {
        const char *c = emit_prim_cond(em, a);
        if (c) return c;
    }
    const char *x = emit_expr(em, a, DEST_V);
    return xasprintf("%s != RT_FALSE", x);
}

/* + - * of two operands: the fixnum fast path (its tag test left out for proven fixnums), and
 * overflow or another operand type through a cold stub to the generic operation of numbers.c;
 * with -fno-inline-arith, the generic operation out of line every time. */
static const char *emit_arith2(Emitter *em, Ast *a, const char **v, const char *loc) {
    const Prim *p = a->prim;
    const char *op = p->id == PRIM_add ? "add" : p->id == PRIM_sub ? "sub" : "mul";
    const char *rg = emit_rg(a);
    bool fix = emit_check(em, emit_proven(em, a->args.items[0], TY_FIX) && emit_proven(em, a->args.items[1], TY_FIX));
    if (em->opt->no_inline_arith) {
        em->stats.num_generic++;
        return xasprintf("rt_%s(%s, %s, %s, %s)", op, rg, loc, v[0], v[1]);
    }
    char *t = emit_temp(em);
    if (fix && *op != 'm' && emit_proven(em, a, TY_FIX)) { /* the bounds of enclosing tests rule out overflow */
        emit_line(em, "RtValue %s = (RtValue)((int64_t)%s %c (int64_t)%s);", t, v[0], *op == 'a' ? '+' : '-', v[1]);
        return t;
    }
    em->stats.num_generic++;
    const char *slow = emit_stub(em, "RtValue", rg, xasprintf("rt_%s(" EMIT_RG ", %s, s0, s1)", op, loc), 2, v);
    const char *tags = fix ? "" : xasprintf("RT_BOTH_FIXNUM(%s, %s) && ", v[0], v[1]);
    emit_line(em, "int64_t %s_r;", t);
    if (*op == 'm')
        emit_line(em, "RtValue %s = %s!__builtin_mul_overflow((int64_t)%s >> 3, (int64_t)%s, &%s_r) ? (RtValue)%s_r : %s;",
                  t, tags, v[0], v[1], t, t, slow);
    else
        emit_line(em, "RtValue %s = %s!__builtin_%s_overflow((int64_t)%s, (int64_t)%s, &%s_r) ? (RtValue)%s_r : %s;",
                  t, tags, op, v[0], v[1], t, t, slow);
    return t;
}

/* ---- integer division ------------------------------------------------------------------------
 * quotient remainder modulo and the truncate-/floor- forms (R7RS 6.2.6) of two fixnums, inline:
 * on tagged words, x / y is the untagged quotient (both are scaled by 8) and x % y the tagged
 * remainder; the floor forms adjust when the remainder's sign differs from the divisor's. Only
 * the most negative fixnum divided by -1 overflows a quotient. A zero divisor, another number
 * or an overflow take the cold stub (the runtime's operation). When the dividend is a tree of
 * + - * of at most EMIT_WIDE_BITS bits in all, (modulo (+ (* seed 1103515245) 12345) m) say,
 * the tree is computed in __int128 when its leaves are fixnums, so the intermediate bignum is
 * never made. */
typedef enum { DIV_Q, DIV_R } DivWant;
static bool emit_intdiv_kind(const Prim *p, bool *floor, DivWant *want) {
    switch (p->id) {
    case PRIM_quotient: case PRIM_truncate_quotient: *floor = false; *want = DIV_Q; return true;
    case PRIM_remainder: case PRIM_truncate_remainder: *floor = false; *want = DIV_R; return true;
    case PRIM_modulo: case PRIM_floor_remainder: *floor = true; *want = DIV_R; return true;
    case PRIM_floor_quotient: *floor = true; *want = DIV_Q; return true;
    default: return false;
    }
}

#define EMIT_WIDE_BITS 125
/* The bits of a dividend tree's value when its leaves are fixnums (a fixnum constant: its own
 * width), or -1 when e is a leaf; collects the leaves in evaluation order. */
static int emit_wide_bits(Ast *e, AstVec *leaves, bool top) {
    bool op = e->kind == AST_PRIMCALL && e->args.len == 2 &&
              (e->prim->id == PRIM_add || e->prim->id == PRIM_sub || e->prim->id == PRIM_mul);
    if (!op) {
        if (top) return -1;
        vec_push(leaves, e);
        if (e->kind == AST_CONST && e->datum->kind == DATUM_FIXNUM) {
            int64_t c = e->datum->fix;
            uint64_t m = c < 0 ? (uint64_t)0 - (uint64_t)c : (uint64_t)c;
            int bits = 1;
            while (m) { bits++; m >>= 1; }
            return bits;
        }
        return 61;
    }
    int a = emit_wide_bits(e->args.items[0], leaves, false);
    int b = emit_wide_bits(e->args.items[1], leaves, false);
    return e->prim->id == PRIM_mul ? a + b : (a > b ? a : b) + 1;
}

/* The C expression of a dividend tree over __int128 leaf values w<i>. */
static void emit_wide_expr(Buf *b, Ast *e, AstVec *leaves, size_t *next) {
    bool op = e->kind == AST_PRIMCALL && e->args.len == 2 &&
              (e->prim->id == PRIM_add || e->prim->id == PRIM_sub || e->prim->id == PRIM_mul);
    if (!op) {
        buf_printf(b, "w%zu", (*next)++);
        return;
    }
    buf_putc(b, '(');
    emit_wide_expr(b, e->args.items[0], leaves, next);
    buf_puts(b, e->prim->id == PRIM_add ? " + " : e->prim->id == PRIM_sub ? " - " : " * ");
    emit_wide_expr(b, e->args.items[1], leaves, next);
    buf_putc(b, ')');
}

/* The generic evaluation of a dividend tree in a stub: operands s<i>, intermediates in the
 * collected heap (the slow path's garbage, bounded there). */
static void emit_wide_generic(Buf *b, Emitter *em, Ast *e, size_t *next) {
    bool op = e->kind == AST_PRIMCALL && e->args.len == 2 &&
              (e->prim->id == PRIM_add || e->prim->id == PRIM_sub || e->prim->id == PRIM_mul);
    if (!op) {
        buf_printf(b, "s%zu", (*next)++);
        return;
    }
    buf_printf(b, "rt_%s(&rt_gc_region, %s, ", e->prim->id == PRIM_add ? "add" : e->prim->id == PRIM_sub ? "sub" : "mul",
               emit_loc(em, e->loc));
    emit_wide_generic(b, em, e->args.items[0], next);
    buf_puts(b, ", ");
    emit_wide_generic(b, em, e->args.items[1], next);
    buf_putc(b, ')');
}

static const char *emit_intdiv(Emitter *em, Ast *a, bool floor, DivWant want, const char *loc) {
    AstVec leaves = {0};
    int bits = emit_wide_bits(a->args.items[0], &leaves, true);
    bool wide = bits > 0 && bits <= EMIT_WIDE_BITS && !em->opt->no_inline_arith;
    if (!wide) vec_push(&leaves, a->args.items[0]);
    vec_push(&leaves, a->args.items[1]);
    const char **v = emit_args(em, &leaves);   /* the leaves, then the divisor */
    size_t nl = leaves.len - 1;
    const char *d = v[nl];
    const char *rt = a->prim->cname;
    if (em->opt->no_inline_arith) {
        em->stats.num_generic++;
        return xasprintf("rt_p_%s(%s, %s, %s, %s)", rt, emit_rg(a), loc, v[0], d);
    }
    Buf gen = {0};
    size_t next = 0;
    buf_printf(&gen, "rt_p_%s(" EMIT_RG ", %s, ", rt, loc);
    if (wide) emit_wide_generic(&gen, em, a->args.items[0], &next);
    else buf_puts(&gen, "s0");
    buf_printf(&gen, ", s%zu)", nl);
    const char *slow = emit_stub(em, "RtValue", emit_rg(a), buf_cstr(&gen), leaves.len, v);
    Buf tags = {0};
    for (size_t i = 0; i <= nl; i++)
        if (!emit_check(em, emit_proven(em, leaves.items[i], TY_FIX))) buf_printf(&tags, "%s | ", v[i]);
    char *t = emit_temp(em);
    emit_line(em, "RtValue %s;", t);
    emit_line(em, "if (RT_LIKELY(%s%s != RT_FIX(0))) {", tags.len ? xasprintf("((%s0) & 7) == 0 && ", buf_cstr(&tags)) : "", d);
    em->indent++;
    if (wide) {
        for (size_t i = 0; i < nl; i++) emit_line(em, "__int128 w%zu = RT_FIXVAL(%s);", i, v[i]);
        Buf x = {0};
        next = 0;
        emit_wide_expr(&x, a->args.items[0], &leaves, &next);
        emit_line(em, "__int128 %s_x = %s, %s_y = RT_FIXVAL(%s);", t, buf_cstr(&x), t, d);
        emit_line(em, "__int128 %s_q = %s_x / %s_y, %s_r = %s_x %% %s_y;", t, t, t, t, t, t);
    } else {
        emit_line(em, "int64_t %s_q = (int64_t)%s / (int64_t)%s, %s_r = (int64_t)%s %% (int64_t)%s;", t, v[0], d, t, v[0], d);
    }
    emit_line(em, "(void)%s_q; (void)%s_r;", t, t);
    if (floor) emit_line(em, "if (%s_r != 0 && ((%s_r < 0) != ((int64_t)%s < 0))) { %s_r += %s; %s_q -= 1; }", t, t, d, t,
                         wide ? xasprintf("%s_y", t) : d, t);
    if (want == DIV_R) {
        emit_line(em, "%s = %s;", t, wide ? xasprintf("RT_FIX((int64_t)%s_r)", t) : xasprintf("(RtValue)%s_r", t));
    } else { /* the quotient may leave the fixnum range */
        emit_line(em, "if (RT_LIKELY(%s_q >= RT_FIXNUM_MIN && %s_q <= RT_FIXNUM_MAX)) %s = RT_FIX((int64_t)%s_q);", t, t, t, t);
        emit_line(em, "else %s = %s;", t, slow);
    }
    em->indent--;
    emit_line(em, "} else %s = %s;", t, slow);
    em->stats.num_generic++;
    free(v);
    return t;
}

/* A (list ...) of more elements is one out-of-line rt_p_list call on an array of them. */
#define EMIT_INLINE_LIST 8

static const char *emit_primcall(Emitter *em, Ast *a, Dest d) {
    const Prim *p = a->prim;
    size_t n = a->args.len;
    if (emit_flo_arith(em, a)) {
        const char *x = emit_flo(em, a);
        return emit_deliver(em, d, emit_alloc_float(em, emit_rg(a), x));
    }
    const char *c = emit_prim_cond(em, a);
    if (c) return emit_deliver(em, d, xasprintf("RT_BOOL(%s)", c));
    bool floor_div;
    DivWant want;
    if (n == 2 && emit_intdiv_kind(p, &floor_div, &want))   /* evaluates its own operands */
        return emit_deliver(em, d, emit_intdiv(em, a, floor_div, want, emit_loc(em, a->loc)));
    const char **v = emit_args(em, &a->args);
    const char *loc = emit_loc(em, a->loc);
    const char *r = NULL;
    if (p->id == PRIM_apply && n >= 2 && d.kind == DEST_RETURN && em->fn) {
        /* apply in tail position is a tail call (R7RS 3.5): spread the arguments, then a
         * musttail call of the procedure's code */
        char *t = emit_temp(em);
        Buf args = {0};
        for (size_t i = 0; i < n; i++) buf_printf(&args, "%s%s", i ? ", " : "", v[i]);
        emit_line(em, "RtValue %s_a[RT_REG_ARGS];", t);
        emit_line(em, "rt_apply_spread(%s, %zu, (const RtValue[]){%s}, %s_a);", loc, n, buf_cstr(&args), t);
        emit_region_leave_to(em, 0);
        emit_line(em, "RT_MUSTTAIL return RT_AS(RtClosure, %s)->code(rr, %s, %s_a[0], %s_a[1], %s_a[2], %s_a[3]);",
                  v[0], v[0], t, t, t, t);
        buf_free(&args);
        free(v);
        return NULL;
    }
    if (p->cxr && n == 1) {
        r = emit_cxr(em, a, v[0], loc);
    } else if (p->id == PRIM_cons && n == 2) {
        r = emit_alloc_pair(em, emit_rg(a), v[0], v[1]);
    } else if (p->id == PRIM_list && n <= EMIT_INLINE_LIST) {
        r = "RT_NIL";
        for (size_t i = n; i-- > 0;) r = emit_alloc_pair(em, emit_rg(a), v[i], r);
    } else if (p->id == PRIM_vector) {
        r = emit_alloc_vector(em, emit_rg(a), &a->args, v);
    } else if (p->id == PRIM_make_vector && n >= 1) {
        r = emit_alloc_filled(em, a, v, n, loc, false);
    } else if (p->id == PRIM_make_string && n >= 1) {
        r = emit_alloc_filled(em, a, v, n, loc, true);
    } else if (p->id == PRIM_string) {
        r = emit_alloc_string(em, a, v, n, loc);
    } else if (p->id == PRIM_record && n >= 1) {
        r = emit_alloc_record(em, emit_rg(a), v, n, loc);
    } else if (n == 2 && (p->id == PRIM_add || p->id == PRIM_sub || p->id == PRIM_mul)) {
        r = emit_arith2(em, a, v, loc);

    } else if (p->id == PRIM_set_car_x && n == 2) {
        if (!emit_check(em, emit_proven(em, a->args.items[0], TY_PAIR)))
            emit_type_check(em, xasprintf("RT_IS_PAIR(%s)", v[0]), loc, p->name, "a pair", v[0]);
        emit_line(em, "RT_CAR(%s) = %s;", v[0], v[1]);
        emit_check_store(em, loc, v[0], v[1]);
        r = "RT_UNSPEC";
    } else if (p->id == PRIM_set_cdr_x && n == 2) {
        if (!emit_check(em, emit_proven(em, a->args.items[0], TY_PAIR)))
            emit_type_check(em, xasprintf("RT_IS_PAIR(%s)", v[0]), loc, p->name, "a pair", v[0]);
        emit_line(em, "RT_CDR(%s) = %s;", v[0], v[1]);
        emit_check_store(em, loc, v[0], v[1]);
        r = "RT_UNSPEC";
    } else if (p->id == PRIM_vector_ref && n == 2) {
        char *t = emit_temp(em);
        bool typed = emit_check(em, emit_proven(em, a->args.items[0], TY_VEC) && emit_proven(em, a->args.items[1], TY_FIX));
        emit_line(em, "RtValue %s;", t);
        if (typed) /* the bounds check stays */
            emit_line(em, "if (RT_LIKELY((uint64_t)RT_FIXVAL(%s) < RT_HDR_COUNT(*RT_OBJ(%s)))) %s = RT_AS(RtVector, %s)->items[RT_FIXVAL(%s)];",
                      v[1], v[0], t, v[0], v[1]);
        else
            emit_line(em, "if (RT_LIKELY(RT_IS_TYPE(%s, TYPE_ID_VECTOR) && RT_IS_FIXNUM(%s) && (uint64_t)RT_FIXVAL(%s) < RT_HDR_COUNT(*RT_OBJ(%s)))) %s = RT_AS(RtVector, %s)->items[RT_FIXVAL(%s)];",
                      v[0], v[1], v[1], v[0], t, v[0], v[1]);
        emit_line(em, "else %s = %s;", t, emit_stub(em, "RtValue", emit_rg(a), xasprintf("rt_p_%s(" EMIT_RG ", %s, s0, s1)", p->cname, loc), 2, v));
        r = t;
    } else if (p->id == PRIM_vector_set_x && n == 3) {
        bool typed = emit_check(em, emit_proven(em, a->args.items[0], TY_VEC) && emit_proven(em, a->args.items[1], TY_FIX));
        if (typed)
            emit_line(em, "if (RT_LIKELY((uint64_t)RT_FIXVAL(%s) < RT_HDR_COUNT(*RT_OBJ(%s)))) RT_AS(RtVector, %s)->items[RT_FIXVAL(%s)] = %s;",
                      v[1], v[0], v[0], v[1], v[2]);
        else
            emit_line(em, "if (RT_LIKELY(RT_IS_TYPE(%s, TYPE_ID_VECTOR) && RT_IS_FIXNUM(%s) && (uint64_t)RT_FIXVAL(%s) < RT_HDR_COUNT(*RT_OBJ(%s)))) RT_AS(RtVector, %s)->items[RT_FIXVAL(%s)] = %s;",
                      v[0], v[1], v[1], v[0], v[0], v[1], v[2]);
        emit_line(em, "else %s;", emit_stub(em, "RtValue", emit_rg(a), xasprintf("rt_p_%s(" EMIT_RG ", %s, s0, s1, s2)", p->cname, loc), 3, v));
        emit_check_store(em, loc, v[0], v[2]);
        r = "RT_UNSPEC";
    } else {
        if (p->flags & RT_PF_ALLOC) em->stats.prim_alloc_calls++;
        r = emit_prim_call_out(em, emit_rg(a), p, loc, v, n);
        if (em->opt->check_regions && p->effect == EF_MUTATE)
            for (size_t i = 1; i < n; i++) emit_check_store(em, loc, v[0], v[i]);
    }
    free(v);
    return emit_deliver(em, d, r);
}

/* ---- binding forms -------------------------------------------------------------------------- */
static void emit_bind(Emitter *em, Var *v, const char *value) {
    if (v->boxed) value = emit_alloc_box(em, value);
    emit_line(em, "RtValue %s = %s;", emit_var_name(v), value);
    emit_line(em, "(void)%s;", emit_var_name(v));
}

static const char *emit_let(Emitter *em, Ast *a, Dest d) {
    const char **vals = xcalloc(a->vars.len + 1, sizeof *vals);
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        Ast *init = a->inits.items[i];
        if (v->known && (v->known->contified || emit_var_static(v))) {
            vals[i] = NULL; /* a loop or a static closure: no run-time value */
            continue;
        }
        char *t = emit_temp(em);
        if (emit_var_unboxed(em, v)) {
            const char *x = emit_flo(em, init);
            emit_line(em, "double %s = %s;", t, x);
        } else {
            const char *x = emit_expr(em, init, DEST_V);
            emit_line(em, "RtValue %s = %s;", t, x);
        }
        vals[i] = t;
    }
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        if (!vals[i]) continue;
        if (emit_var_unboxed(em, v)) {
            emit_line(em, "double %s = %s;", emit_var_name(v), vals[i]);
            emit_line(em, "(void)%s;", emit_var_name(v));
        } else
            emit_bind(em, v, vals[i]);
    }
    free(vals);
    return emit_expr(em, a->body, d);
}

static const char *emit_letrec(Emitter *em, Ast *a, Dest d) {
    /* 1. variables (boxes for the assigned captured ones), 2. closures of the known
     * procedures, 3. their free slots, 4. the other inits in order (R7RS 4.2.2 letrec*) */
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        if (v->known && (v->known->contified || emit_var_static(v))) continue;
        if (v->known) emit_line(em, "RtValue %s;", emit_var_name(v));
        else emit_bind(em, v, "RT_UNDEFINED");
    }
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        if (v->known && !v->known->contified && !emit_var_static(v))
            emit_alloc_closure(em, emit_rg(a->inits.items[i]), v->known, emit_var_name(v));
    }
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        if (v->known && !v->known->contified && !emit_var_static(v))
            emit_fill_closure(em, v->known, emit_var_name(v));
    }
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        if (v->known) continue;
        const char *x = emit_expr(em, a->inits.items[i], DEST_V);
        emit_assign(em, v, x);
    }
    return emit_expr(em, a->body, d);
}

/* ---- expressions ---------------------------------------------------------------------------- */
static const char *emit_if(Emitter *em, Ast *a, Dest d) {
    const char *test = emit_cond(em, a->test);
    char *t = NULL;
    Dest bd = d;
    if (d.kind == DEST_VALUE) {
        t = emit_temp(em);
        emit_line(em, "RtValue %s;", t);
        bd = (Dest){DEST_ASSIGN, t, NULL, 0};
    }
    emit_line(em, "if (%s) {", test);
    em->indent++;
    const char *x = emit_expr(em, a->then, bd);
    if (x) emit_deliver(em, bd, x);
    em->indent--;
    emit_line(em, "} else {");
    em->indent++;
    x = emit_expr(em, a->els, bd);
    if (x) emit_deliver(em, bd, x);
    em->indent--;
    emit_line(em, "}");
    return t;
}

static const char *emit_lambda_value(Emitter *em, Ast *a) {
    Lambda *l = a->lambda;
    if (l->free.len == 0) return emit_static_closure(l);
    char *t = emit_temp(em);
    emit_line(em, "RtValue %s;", t);
    emit_alloc_closure(em, emit_rg(a), l, t);
    emit_fill_closure(em, l, t);
    return t;
}

static const char *emit_expr(Emitter *em, Ast *a, Dest d) {
    if (em->opt->line_directives && a->loc.file && a->kind != AST_CONST && a->kind != AST_REF) {
        buf_printf(em->out, "#line %d ", a->loc.line);
        emit_c_string(em->out, a->loc.file);
        buf_putc(em->out, '\n');
    }
    switch (a->kind) {
    case AST_CONST: return emit_deliver(em, d, emit_const(em, a->datum));
    case AST_REF: return emit_deliver(em, d, emit_ref(em, a));
    case AST_SET: {
        Var *v = a->var;
        if (a->is_define && emit_var_static(v)) return emit_deliver(em, d, "RT_UNSPEC");
        const char *x = emit_expr(em, a->value, DEST_V);
        if (v->global) {
            emit_line(em, "%s = %s;", emit_var_name(v), x);
            emit_check_store(em, emit_loc(em, a->loc), "RT_FALSE", x);
        } else {
            emit_assign(em, v, x);
        }
        return emit_deliver(em, d, "RT_UNSPEC");
    }
    case AST_IF: return emit_if(em, a, d);
    case AST_LAMBDA: return emit_deliver(em, d, emit_lambda_value(em, a));
    case AST_SEQ:
        for (size_t i = 0; i + 1 < a->items.len; i++) {
            const char *x = emit_expr(em, a->items.items[i], DEST_V);
            if (x) emit_line(em, "(void)(%s);", x);
        }
        return emit_expr(em, a->items.items[a->items.len - 1], d);
    case AST_CALL: return emit_call(em, a, d);
    case AST_PRIMCALL: return emit_primcall(em, a, d);
    case AST_LET: return emit_let(em, a, d);
    case AST_LETREC: return emit_letrec(em, a, d);
    }
    diag_internal("emit_expr: kind %d", a->kind);
}

/* ---- procedures ----------------------------------------------------------------------------- */
static void emit_lambda_body(Emitter *em, Lambda *l, Dest d) {
    const char *x = emit_expr(em, l->body, d);
    if (x) emit_deliver(em, d, x);
}

#define EMIT_RTCODE_PARAMS "Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3"

/* A procedure's C functions (regal.h "Calls"). A direct entry, <name>_direct, holds the body
 * and is what known calls enter; the generic entry <name>, the closure's code, checks
 * rt_nargs and tail-calls it. A procedure with rest arguments (or every procedure, with
 * -fno-direct-calls) has only the generic entry, with the body. Parameters come from a0..a3,
 * then rt_xargs, read before anything else can call; free variables from self. */
static void emit_function(Emitter *em, Lambda *l, Buf *out) {
    Buf body = {0};
    em->out = &body;
    em->fn = l;
    em->indent = 1;
    em->ntemps = 0;
    em->fn_allocs = 0;
    char *name = emit_lambda_name(l);
    const char *loc = emit_loc(em, l->loc);
    size_t np = l->params.len;
    bool direct = emit_direct(em, l);
    if (!direct) {
        emit_line(em, "intptr_t argc = rt_nargs;");
        if (l->rest)
            emit_line(em, "if (RT_UNLIKELY(argc < %zu)) rt_arity_error(%s, argc, %zu, -1);", np, loc, np);
        else
            emit_line(em, "if (RT_UNLIKELY(argc != %zu)) rt_arity_error(%s, argc, %zu, %zu);", np, loc, np, np);
    }
    for (size_t i = 0; i < np; i++) {
        Var *p = l->params.items[i];
        char *src = i < RT_REG_ARGS ? xasprintf("a%zu", i) : xasprintf("rt_xargs[%zu]", i);
        emit_line(em, "RtValue %s = %s;", emit_var_name(p), src);
        emit_line(em, "(void)%s;", emit_var_name(p));
    }
    if (l->rest) {
        emit_line(em, "RtValue %s = rt_make_rest(%s, argc, a0, a1, a2, a3, %zu);", emit_var_name(l->rest),
                  emit_place(l->rest_place, NULL), np);
        emit_line(em, "(void)%s;", emit_var_name(l->rest));
    }
    emit_line(em, "RT_ENTRY_CHECK(%s);", loc);
    for (size_t i = 0; i < l->free.len; i++)
        emit_line(em, "RtValue %s = RT_AS(RtClosure, self)->free[%zu];", emit_var_name(l->free.items[i]), i);
    em->active.len = 0;
    if (em->opt->check_regions) emit_line(em, "Region *rt_frame_base = rt_region_top; (void)rt_frame_base;");
    if (l->region_local) emit_region_enter(em, "rgl");
    em->self_keep = em->active.len;
    if (l->region_self) emit_region_enter(em, "rgs");
    size_t at = emit_label(em, "top");
    /* boxed parameters get a fresh box on every iteration of a self tail call */
    for (size_t i = 0; i < np; i++) {
        Var *p = l->params.items[i];
        if (p->boxed) emit_line(em, "%s = %s;", emit_var_name(p), emit_alloc_box(em, emit_var_name(p)));
    }
    if (l->rest && l->rest->boxed)
        emit_line(em, "%s = %s;", emit_var_name(l->rest), emit_alloc_box(em, emit_var_name(l->rest)));
    emit_lambda_body(em, l, (Dest){DEST_RETURN, NULL, NULL, 0});
    emit_label_done(em, at, at, "top");
    buf_printf(out, "static RtValue %s(" EMIT_RTCODE_PARAMS ") {\n", direct ? emit_direct_name(l) : name);
    buf_printf(out, "    (void)rr; (void)self; (void)a0; (void)a1; (void)a2; (void)a3;\n");
    buf_putn(out, body.data ? body.data : "", body.len);
    buf_puts(out, "}\n\n");
    buf_free(&body);
    if (direct) {
        buf_printf(out, "static RtValue %s(" EMIT_RTCODE_PARAMS ") {\n", name);
        buf_printf(out, "    if (RT_UNLIKELY(rt_nargs != %zu)) rt_arity_error(%s, rt_nargs, %zu, %zu);\n", np, loc, np, np);
        buf_printf(out, "    RT_MUSTTAIL return %s(rr, self, a0, a1, a2, a3);\n}\n\n", emit_direct_name(l));
    }
}

/* The top level is cut into functions of about this many bytes of C (emit_program). */
#define EMIT_TOP_CHUNK 32768

void emit_program(Program *prog, const EmitOptions *opt, Buf *out) {
    if (!prog->inferred) diag_internal("emit_program: the program has not been inferred");
    Emitter em = {.prog = prog, .opt = opt};
    Buf funcs = {0}, main_body = {0};
    /* procedures */
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        if (l->contified) continue;
        char *name = emit_lambda_name(l);
        buf_printf(&em.decls, "static RtValue %s(" EMIT_RTCODE_PARAMS ") __attribute__((unused));\n", name);
        if (emit_direct(&em, l)) buf_printf(&em.decls, "static RtValue %s(" EMIT_RTCODE_PARAMS ");\n", emit_direct_name(l));
        if (l->free.len == 0)
            buf_printf(&em.decls, "static RtClosure %s_closure __attribute__((unused)) = {RT_HDR(TYPE_ID_CLOSURE, 0), %s};\n", name, name);
    }
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        if (v->defined && !emit_var_static(v))
            buf_printf(&em.decls, "static RtValue %s = RT_UNDEFINED;\n", emit_var_name(v));
    }
    for (size_t i = 0; i < prog->lambdas.len; i++)
        if (!prog->lambdas.items[i]->contified) emit_function(&em, prog->lambdas.items[i], &funcs);
    /* The top level: its forms in order, cut into functions of about EMIT_TOP_CHUNK bytes of C
     * (never inside a form), so the C compiler never meets one huge function however many
     * forms a program has. Its own region (regions.c: prog->region_local) is static storage,
     * entered before the first piece and left after the last. */
    Buf pieces = {0};
    int npieces = 0;
    em.fn = NULL;
    em.active.len = 0;
    if (prog->region_local) {
        buf_puts(&em.decls, "static Region rgl;\n");
        vec_push(&em.active, "rgl");
    }
    AstVec *forms = &prog->body->items;
    for (size_t i = 0; i < forms->len;) {
        em.out = &main_body;
        em.indent = 1;
        em.ntemps = 0;
        em.fn_allocs = 0;
        main_body.len = 0;
        emit_line(&em, "Region *rr = &rt_global_region;");
        emit_line(&em, "(void)rr;");
        do {
            const char *x = emit_expr(&em, forms->items[i++], DEST_V);
            if (x) emit_line(&em, "(void)(%s);", x);
        } while (i < forms->len && main_body.len < EMIT_TOP_CHUNK);
        buf_printf(&funcs, "static __attribute__((noinline)) void regal_top%d(void) {\n", npieces);
        buf_putn(&funcs, main_body.data, main_body.len);
        buf_puts(&funcs, "}\n\n");
        buf_printf(&pieces, "    regal_top%d();\n", npieces++);
    }
    main_body.len = 0;
    if (opt->stats) *opt->stats = em.stats;
    buf_printf(out, "/* Generated by regal %s from %s. */\n", REGAL_VERSION, prog->file);
    buf_puts(out, "#include \"regal.h\"\n\n");
    for (size_t i = 0; i < em.locs.len; i++) {
        buf_printf(out, "static const char L%zu[] __attribute__((unused)) = ", i);
        emit_c_string(out, em.locs.items[i]);
        buf_puts(out, ";\n");
    }
    buf_putn(out, em.decls.data ? em.decls.data : "", em.decls.len);
    buf_puts(out, "\n");
    buf_putn(out, em.stubs.data ? em.stubs.data : "", em.stubs.len);
    buf_puts(out, "\n");
    buf_putn(out, funcs.data ? funcs.data : "", funcs.len);
    buf_puts(out, "static void regal_program(void) {\n");
    if (em.static_syms.len) {
        buf_puts(out, "    static RtSymbol *const syms[] = {");
        for (size_t i = 0; i < em.static_syms.len; i++)
            buf_printf(out, "%s%s", i ? (i % 8 ? ", " : ",\n        ") : "", em.static_syms.items[i]);
        buf_printf(out, "};\n    rt_intern_statics(syms, %zu);\n", em.static_syms.len);
    }
    buf_putn(out, em.init.data ? em.init.data : "", em.init.len);
    if (prog->region_local) buf_puts(out, "    rt_region_enter(&rgl);\n");
    buf_putn(out, pieces.data ? pieces.data : "", pieces.len);
    if (prog->region_local) buf_puts(out, "    rt_region_leave(&rgl);\n");
    buf_puts(out, "}\n\nint main(int argc, char **argv) { return rt_start(argc, argv, regal_program); }\n");
}
