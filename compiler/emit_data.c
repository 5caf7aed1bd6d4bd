/* emit_data.c: quoted data as static C data, and the allocation sites of the emitted code
 * (part of the C emitter: emit.h). Typed allocation is alloc_obj_typed with a constant type id
 * and the fields filled inline; --alloc=constructors (or a C function past EMIT_INLINE_ALLOCS
 * sites) calls the mk_* constructors instead.
 */
#include "emit.h"

#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- constants ------------------------------------------------------------------------------ */
const char *emit_double(double x) {
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
    /* separately compiled units share each symbol: one weak definition per name, which the
     * linker makes one object (interned once, eq? across units) */
    const char *c = em->opt->separate ? interface_c_name("regal_sym_", NULL, sym->name)
                                      : xasprintf("k%d", em->nconsts++);
    buf_printf(&em->decls, "%s struct { RtSymbol s; char u[%zu]; } %s = {{RT_HDR(TYPE_ID_SYMBOL, %zu), RT_TAG_AS_OBJ(&%s), 0, 0}, ",
               em->opt->separate ? "__attribute__((weak))" : "static", sym->len + 1, c, sym->len, name);
    emit_c_string_n(&em->decls, sym->name, sym->len);
    buf_puts(&em->decls, "};\n");
    vec_push(&em->static_syms, xasprintf("&%s.s", c));
    *slot = em->sym_exprs.len;
    vec_push(&em->sym_exprs, xasprintf("RT_TAG_AS_OBJ(&%s)", c));
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

/* An exact non-integral rational: static limbs (RtRatnum: count = numerator limbs << 1 | sign,
 * nden, the numerator's limbs then the denominator's, least significant first). */
static EmitConst emit_const_ratnum(Emitter *em, const char *text) {
    mpq_t q;
    mpq_init(q);
    if (mpq_set_str(q, text, 10) != 0) diag_internal("emit: bad ratnum literal %s", text);
    size_t nn = (mpz_sizeinbase(mpq_numref(q), 2) + 63) / 64, nd = (mpz_sizeinbase(mpq_denref(q), 2) + 63) / 64;
    uint64_t *limbs = xcalloc(nn + nd, sizeof *limbs);
    size_t gn = 0, gd = 0;
    mpz_export(limbs, &gn, -1, sizeof *limbs, 0, 0, mpq_numref(q));
    mpz_export(limbs + gn, &gd, -1, sizeof *limbs, 0, 0, mpq_denref(q));
    int k = em->nconsts++;
    buf_printf(&em->decls, "static struct { RtHeader hdr; uint64_t nden; uint64_t l[%zu]; } k%d = "
               "{RT_HDR(TYPE_ID_RATNUM, %zu), %zu, {", gn + gd, k, gn << 1 | (mpq_sgn(q) < 0), gd);
    for (size_t i = 0; i < gn + gd; i++) buf_printf(&em->decls, "%s0x%llxu", i ? "," : "", (unsigned long long)limbs[i]);
    buf_puts(&em->decls, "}};\n");
    free(limbs);
    mpq_clear(q);
    return (EmitConst){xasprintf("RT_TAG_AS_OBJ(&k%d)", k), true};
}

/* A complex number: two doubles (inexact) or two exact constants (RtCompnum). */
static EmitConst emit_const_compnum(Emitter *em, Datum *d) {
    bool exact = d->cx.re->kind != DATUM_FLONUM;
    const char *re = exact ? xasprintf("{.v = %s}", emit_const_k(em, d->cx.re, true).expr)
                           : xasprintf("{.d = %s}", emit_double(d->cx.re->flo));
    const char *im = exact ? xasprintf("{.v = %s}", emit_const_k(em, d->cx.im, true).expr)
                           : xasprintf("{.d = %s}", emit_double(d->cx.im->flo));
    int k = em->nconsts++;
    buf_printf(&em->decls, "static RtCompnum k%d = {RT_HDR(TYPE_ID_COMPNUM, %d), %s, %s};\n", k, exact, re, im);
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
    case DATUM_RATNUM: c = emit_const_ratnum(em, d->big); break;
    case DATUM_COMPNUM: c = emit_const_compnum(em, d); break;
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

const char *emit_const(Emitter *em, Datum *d) {
    const EmitConst *known = emit_const_known(em, d);
    if (known) return known->expr;
    bool compound = d->kind == DATUM_PAIR || d->kind == DATUM_VECTOR;
    return emit_const_k(em, d, !compound || emit_const_static_ok(d)).expr;
}

/* ---- typed allocation -------------------------------------------------------------------------
 * alloc_obj_typed / alloc_obj_sized with a constant type id (a compare and a bump in the region),
 * then every field, the header included, filled inline. Each writes the object into C variable
 * t (declared here unless `declared`). */

/* The memory of an object of type `type` (a TYPE_ID_ name) in region rg, with `extra` bytes
 * (a C expression) past its fixed part, or none when extra is NULL: the collected heap's own
 * allocation (rt_heap_typed / rt_heap_sized, a free list's pop) when rg is the collected heap,
 * else the region's bump. */
char *emit_typed_mem(const char *rg, const char *type, const char *extra) {
    bool heap = strcmp(rg, "&rt_gc_region") == 0;
    if (extra == NULL)
        return heap ? xasprintf("rt_heap_typed(%s)", type) : xasprintf("alloc_obj_typed(%s, %s)", rg, type);
    return heap ? xasprintf("rt_heap_sized(%s, %s)", type, extra)
                : xasprintf("alloc_obj_sized(%s, %s, %s)", rg, type, extra);
}
static void emit_typed_pair(Emitter *em, const char *t, const char *rg, const char *car, const char *cdr) {
    emit_line(em, "RtPair *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_PAIR", NULL));
    emit_line(em, "%s_p->car = %s;", t, car);
    emit_line(em, "%s_p->cdr = %s;", t, cdr);
    emit_line(em, "RtValue %s = RT_TAG_AS_PAIR(%s_p);", t, t);
}
static void emit_typed_box(Emitter *em, const char *t, const char *rg, const char *value) {
    emit_line(em, "RtBox *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_BOX", NULL));
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_BOX, 0);", t);
    emit_line(em, "%s_p->value = %s;", t, value);
    emit_line(em, "RtValue %s = RT_TAG_AS_OBJ(%s_p);", t, t);
}
void emit_typed_float(Emitter *em, const char *t, const char *rg, const char *x) {
    emit_line(em, "RtFlonum *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_FLOAT", NULL));
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_FLOAT, 0);", t);
    emit_line(em, "%s_p->d = %s;", t, x);
    emit_line(em, "RtValue %s = RT_TAG_AS_OBJ(%s_p);", t, t);
}
static void emit_typed_vector(Emitter *em, const char *t, const char *rg, size_t n, const char **vals) {
    emit_line(em, "RtVector *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_VECTOR", xasprintf("%zu", n * sizeof(RtValue))));
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_VECTOR, %zu);", t, n);
    for (size_t i = 0; i < n; i++) emit_line(em, "%s_p->items[%zu] = %s;", t, i, vals[i]);
    emit_line(em, "RtValue %s = RT_TAG_AS_OBJ(%s_p);", t, t);
}
static void emit_typed_closure(Emitter *em, const char *t, const char *into, const char *rg, Lambda *l,
                               bool immediate) {
    size_t n = l->free.len;
    emit_line(em, "RtClosure *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_CLOSURE", xasprintf("%zu", n * sizeof(RtValue))));
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_CLOSURE, %zu);", t, n);
    emit_line(em, "%s_p->code = %s;", t, emit_lambda_name(l));
    /* filled later (emit_fill_closure), perhaps after a minor collection that scans it */
    if (em->opt->nursery && n > 0 && !immediate)
        emit_line(em, "memset(%s_p->free, 0, %zu);", t, n * sizeof(RtValue));
    emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", into, t);
}
static void emit_typed_record(Emitter *em, const char *t, const char *rg, const char **v, size_t nf) {
    emit_line(em, "RtRecord *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_RECORD", xasprintf("%zu", nf * sizeof(RtValue))));
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_RECORD, %zu);", t, nf);
    emit_line(em, "%s_p->type = %s;", t, v[0]);
    for (size_t i = 0; i < nf; i++) emit_line(em, "%s_p->fields[%zu] = %s;", t, i, v[i + 1]);
    emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", t, t);
}
/* make-vector / make-string of a fixnum length len filled with fill */
static void emit_typed_filled(Emitter *em, const char *t, const char *rg, const char *len, const char *fill, bool string) {
    if (string) {
        emit_line(em, "RtString *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_STRING", xasprintf("(size_t)RT_FIXVAL(%s) * 4", len)));
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_STRING, RT_FIXVAL(%s));", t, len);
        emit_line(em, "for (int64_t i = 0; i < RT_FIXVAL(%s); i++) %s_p->chars[i] = RT_CHARVAL(%s);", len, t, fill);
    } else {
        emit_line(em, "RtVector *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_VECTOR", xasprintf("(size_t)RT_FIXVAL(%s) * 8", len)));
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_VECTOR, RT_FIXVAL(%s));", t, len);
        emit_line(em, "for (int64_t i = 0; i < RT_FIXVAL(%s); i++) %s_p->items[i] = %s;", len, t, fill);
    }
    emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", t, t);
}
static void emit_typed_string(Emitter *em, const char *t, const char *rg, const char **v, size_t n) {
    emit_line(em, "RtString *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_STRING", xasprintf("%zu", n * 4)));
    emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_STRING, %zu);", t, n);
    for (size_t i = 0; i < n; i++) emit_line(em, "%s_p->chars[%zu] = RT_CHARVAL(%s);", t, i, v[i]);
    emit_line(em, "%s = RT_TAG_AS_OBJ(%s_p);", t, t);
}

/* ---- constructor calls ------------------------------------------------------------------------
 * The same objects through the runtime's mk_* constructors (object.c), one call per object:
 * --alloc=constructors, and C functions with more than EMIT_INLINE_ALLOCS sites. */
static void emit_ctor_pair(Emitter *em, const char *t, const char *rg, const char *car, const char *cdr) {
    emit_line(em, "RtValue %s = mk_pair(%s, %s, %s);", t, rg, car, cdr);
}
static void emit_ctor_box(Emitter *em, const char *t, const char *rg, const char *value) {
    emit_line(em, "RtValue %s = mk_box(%s, %s);", t, rg, value);
}
static void emit_ctor_float(Emitter *em, const char *t, const char *rg, const char *x) {
    emit_line(em, "RtValue %s = mk_float(%s, %s);", t, rg, x);
}
static void emit_ctor_vector(Emitter *em, const char *t, const char *rg, size_t n, const char **vals) {
    emit_line(em, "RtValue %s = mk_vector(%s, %zu, RT_FALSE);", t, rg, n);
    for (size_t i = 0; i < n; i++) emit_line(em, "RT_AS(RtVector, %s)->items[%zu] = %s;", t, i, vals[i]);
}
static void emit_ctor_closure(Emitter *em, const char *into, const char *rg, Lambda *l) {
    emit_line(em, "%s = mk_closure(%s, %s, %zu);", into, rg, emit_lambda_name(l), l->free.len);
}
static void emit_ctor_record(Emitter *em, const char *t, const char *rg, const char **v, size_t nf) {
    emit_line(em, "%s = mk_record(%s, %s, %zu);", t, rg, v[0], nf);
    for (size_t i = 0; i < nf; i++) emit_line(em, "RT_AS(RtRecord, %s)->fields[%zu] = %s;", t, i, v[i + 1]);
}
static void emit_ctor_filled(Emitter *em, const char *t, const char *rg, const char *len, const char *fill, bool string) {
    if (string) emit_line(em, "%s = mk_string_fill(%s, (size_t)RT_FIXVAL(%s), RT_CHARVAL(%s));", t, rg, len, fill);
    else emit_line(em, "%s = mk_vector(%s, (size_t)RT_FIXVAL(%s), %s);", t, rg, len, fill);
}
static void emit_ctor_string(Emitter *em, const char *t, const char *rg, const char **v, size_t n) {
    emit_line(em, "%s = mk_string_fill(%s, %zu, 0);", t, rg, n);
    for (size_t i = 0; i < n; i++) emit_line(em, "RT_AS(RtString, %s)->chars[%zu] = RT_CHARVAL(%s);", t, i, v[i]);
}

/* ---- allocation sites -------------------------------------------------------------------------
 * What both modes share: the site count, the run-time tests that choose between the inline
 * object and the runtime's own primitive, and the --check-regions checks of the stores. */
const char *emit_alloc_pair(Emitter *em, const char *rg, const char *car, const char *cdr) {
    char *t = emit_temp(em);
    (emit_alloc_typed(em) ? emit_typed_pair : emit_ctor_pair)(em, t, rg, car, cdr);
    emit_check_store(em, "\"cons\"", t, car);
    emit_check_store(em, "\"cons\"", t, cdr);
    return t;
}

/* Boxes hold assigned, captured variables: always in the collected heap (regions.c sends their
 * values there too). */
const char *emit_alloc_box(Emitter *em, const char *value) {
    char *t = emit_temp(em);
    (emit_alloc_typed(em) ? emit_typed_box : emit_ctor_box)(em, t, "&rt_gc_region", value);
    return t;
}

const char *emit_alloc_vector(Emitter *em, const char *rg, AstVec *args, const char **vals) {
    char *t = emit_temp(em);
    size_t n = args->len;
    (emit_alloc_typed(em) ? emit_typed_vector : emit_ctor_vector)(em, t, rg, n, vals);
    for (size_t i = 0; i < n; i++) emit_check_store(em, "\"vector\"", t, vals[i]);
    return t;
}

/* A closure object for lambda l, its free slots filled later by emit_fill_closure. With
 * nothing allocated in between (`immediate`), no minor collection can see the closure before
 * its slots are written, nor find it older than what they receive: under -fnursery the slots
 * are not cleared and the stores are initialising ones, with no barrier. */
const char *emit_alloc_closure(Emitter *em, const char *rg, Lambda *l, const char *into, bool immediate) {
    if (emit_alloc_typed(em)) emit_typed_closure(em, emit_temp(em), into, rg, l, immediate);
    else emit_ctor_closure(em, into, rg, l);
    return into;
}

void emit_fill_closure(Emitter *em, Lambda *l, const char *clo, bool immediate) {
    for (size_t i = 0; i < l->free.len; i++) {
        emit_line(em, "RT_AS(RtClosure, %s)->free[%zu] = %s;", clo, i, emit_var_name(l->free.items[i]));
        if (!immediate)
            emit_barrier(em, xasprintf("&RT_AS(RtClosure, %s)->free[%zu]", clo, i), emit_var_name(l->free.items[i]), NULL);
        emit_check_store(em, "\"closure\"", clo, emit_var_name(l->free.items[i]));
    }
}

/* A boxed flonum holding the C double x. */
const char *emit_alloc_float(Emitter *em, const char *rg, const char *x) {
    char *t = emit_temp(em);
    (emit_alloc_typed(em) ? emit_typed_float : emit_ctor_float)(em, t, rg, x);
    return t;
}

/* (%record rtd field ...): the record type's field count is checked at run time; a mismatch
 * (or an rtd that is not a record type) goes to rt_p_record, which reports it. */
const char *emit_alloc_record(Emitter *em, const char *rg, const char **v, size_t n, const char *loc) {
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
    (typed ? emit_typed_record : emit_ctor_record)(em, t, rg, v, nf);
    em->indent--;
    emit_line(em, "}");
    for (size_t i = 0; i < n; i++) emit_check_store(em, loc, t, v[i]);
    return t;
}

/* The largest length make-vector and make-string allocate inline; longer ones (and bad
 * arguments) go to the runtime, which reports errors. */
#define EMIT_INLINE_LEN_MAX "0xffffffu"

/* (make-vector n [fill]) and (make-string n [char]): the object and a fill loop when n is a
 * fixnum in range (the fixnum test is a check), else the runtime call. */
const char *emit_alloc_filled(Emitter *em, Ast *a, const char **v, size_t n, const char *loc, bool string) {
    char *t = emit_temp(em);
    const char *rg = emit_rg(em, a);
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
    (typed ? emit_typed_filled : emit_ctor_filled)(em, t, rg, v[0], fill, string);
    em->indent--;
    Buf b = {0};
    for (size_t i = 0; i < n; i++) buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
    emit_line(em, "} else %s = rt_p_make_%s(%s, %s, %zu, (const RtValue[]){%s});", t,
              string ? "string" : "vector", rg, loc, n, buf_cstr(&b));
    buf_free(&b);
    if (!string && n > 1) emit_check_store(em, loc, t, fill);
    return t;
}

/* (string c ...): the string inline when every argument is a char (tested unless proven). */
const char *emit_alloc_string(Emitter *em, Ast *a, const char **v, size_t n, const char *loc) {
    char *t = emit_temp(em);
    const char *rg = emit_rg(em, a);
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
    (typed ? emit_typed_string : emit_ctor_string)(em, t, rg, v, n);
    em->indent--;
    Buf b = {0};
    for (size_t i = 0; i < n; i++) buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
    if (tested) emit_line(em, "} else %s = rt_p_string(%s, %s, %zu, (const RtValue[]){%s});", t, rg, loc, n, buf_cstr(&b));
    else emit_line(em, "}");
    buf_free(&b);
    return t;
}
