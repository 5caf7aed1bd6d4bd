/* emit.c: the analyzed AST to one C translation unit (the pass; emit.h lists its other files).
 *
 * Entry point: emit_program (regalc.h states what it requires). Every procedure has the
 * uniform entry signature of regal.h ("Calls"), so every tail call is a musttail call and no
 * tail call grows the C stack (R7RS 3.5); self tail calls and contified loops are gotos; known
 * calls enter direct entries. The types of infer.c (unless --no-types) remove the checks they
 * prove, keep flonum arithmetic in C doubles (emit_num.c), and turn the tests of `if` that are
 * predicates or comparisons into C conditions. Slow paths are cold per-site stubs.
 */
#include "emit.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- types ---------------------------------------------------------------------------------- */
Type emit_type(Emitter *em, Ast *a) { return em->opt->untyped ? TY_ANY : infer_type(a); }

/* a's value is proven to be of type t (a node that never delivers a value proves nothing) */
bool emit_proven(Emitter *em, Ast *a, Type t) {
    Type x = emit_type(em, a);
    return x && !(x & ~t);
}

/* Count a run-time check: removed when proven. Returns proven. */
bool emit_check(Emitter *em, bool proven) {
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
bool emit_alloc_typed(Emitter *em) {
    em->stats.alloc_sites++;
    if (em->opt->alloc != ALLOC_TYPED || em->fn_allocs++ >= EMIT_INLINE_ALLOCS) return false;
    em->stats.alloc_typed++;
    return true;
}

/* A variable kept in a C double (infer_var_unboxed), unless types are ignored. */
bool emit_var_unboxed(Emitter *em, Var *v) {
    return !em->opt->untyped && infer_var_unboxed(v);
}

/* ---- output helpers ------------------------------------------------------------------------- */
/* With -g, `#line N "file"` before a line of C puts it at the Scheme location loc: every line
 * of C that comes from Scheme gets its own, since the lines after a #line count on from it
 * (one #line before three statements of one Scheme line would put them on three lines). */
void emit_line_directive(Emitter *em, Buf *b, Loc loc) {
    if (!em->opt->line_directives || !loc.file || loc.line <= 0) return;
    buf_printf(b, "#line %d ", loc.line);
    emit_c_string(b, loc.file);
    buf_putc(b, '\n');
}

void emit_line(Emitter *em, const char *fmt, ...) {
    emit_line_directive(em, em->out, em->cur_loc);
    for (int i = 0; i < em->indent; i++) buf_puts(em->out, "    ");
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(em->out, fmt, ap);
    va_end(ap);
    buf_putc(em->out, '\n');
}

char *emit_temp(Emitter *em) { return xasprintf("t%d", em->ntemps++); }

/* ---- regions (regions.c decides, emit.c enters and leaves them) ------------------------------ */
/* The regions a procedure enters lazily that a path has not entered yet (Emitter.pending; below). */
enum { EMIT_PEND_LOCAL = 1, EMIT_PEND_SELF = 2 };
/* The C names of the regions regions.c places sites in: each C function declares its own local
 * region rgl and self-iteration region rgs, and a contified loop its iteration region rg<id>;
 * the top level's own region is the static rgl. */
const char *emit_loop_region(const Lambda *loop) { return xasprintf("rg%d", loop->id); }
static const char *emit_carry_region(const Lambda *loop) { return xasprintf("rgc%d", loop->id); }
const char *emit_place(Place p, const Lambda *loop) {
    switch (p) {
    case PLACE_HEAP: return "&rt_gc_region";
    case PLACE_CALLER: return "rr";
    case PLACE_LOCAL: return "&rgl";
    case PLACE_SELF: return "&rgs";
    case PLACE_LOOP: return xasprintf("&%s", emit_loop_region(loop));
    case PLACE_CARRY: return xasprintf("&%s", emit_carry_region(loop));
    case PLACE_NONE: break;
    }
    diag_internal("emit_place: no place");
}
/* -fprofile-heap: the sites placed in the collected heap, each with its stand-in region
 * regal_heap_sites[i].r (runtime/regal.h, "the heap profile"), in the order first met. */
typedef struct EmitHeapSites {
    PtrMap index;          /* Ast -> its entry */
    VEC(Ast *) sites;
    VEC(bool) pending;     /* placed in a frame region, taking the heap where it is not entered */
} EmitHeapSites;
static const char *emit_heap_site(const Emitter *em, Ast *a, bool pending) {
    EmitHeapSites *hs = em->heap_sites;
    size_t *slot = ptrmap_slot(&hs->index, a, true);
    if (*slot == PTRMAP_NONE) {
        *slot = hs->sites.len;
        vec_push(&hs->sites, a);
        vec_push(&hs->pending, pending);
    }
    return xasprintf("&regal_heap_sites[%zu].r", *slot);
}
/* The table of stand-ins, with each site's location and why it is in the heap (regions.c's
 * Program.region_sites, as --explain-regions prints them). */
static void emit_heap_site_table(Emitter *em, Buf *out) {
    EmitHeapSites *hs = em->heap_sites;
    if (hs == NULL || hs->sites.len == 0) return;
    PtrMap why = {0};
    for (size_t i = 0; i < em->prog->region_sites.len; i++)
        *ptrmap_slot(&why, em->prog->region_sites.items[i].site, true) = i;
    buf_printf(out, "static RtHeapSite regal_heap_sites[%zu] = {\n", hs->sites.len);
    for (size_t i = 0; i < hs->sites.len; i++) {
        Ast *a = hs->sites.items[i];
        size_t *w = ptrmap_slot(&why, a, false);
        const RegionSite *rs = w ? &em->prog->region_sites.items[*w] : NULL;
        buf_puts(out, "    {.loc = ");
        emit_c_string(out, xasprintf("%s:%d:%d", a->loc.file ? a->loc.file : "?", a->loc.line, a->loc.col));
        /* a node regions.c listed no site for (an operation it expected to allocate nothing,
         * or only on a slow path) */
        const char *what = rs && rs->what ? rs->what
                           : a->kind == AST_PRIMCALL ? a->prim->name : a->kind == AST_CALL ? "call" : "allocation";
        const char *unlisted = "not an allocation site for region inference";
        buf_puts(out, ", .what = ");
        emit_c_string(out, what);
        buf_puts(out, ", .why = ");
        emit_c_string(out, hs->pending.items[i] ? "made on a path that does not enter its frame's region"
                           : rs && rs->why ? rs->why : unlisted);
        buf_puts(out, ", .kind = ");
        emit_c_string(out, hs->pending.items[i] ? "made where its frame's region is not entered"
                           : rs ? regions_why_text(rs->why_kind) : unlisted);
        buf_puts(out, "},\n");
    }
    buf_puts(out, "};\n");
    ptrmap_free(&why);
}

/* The region an allocation site at node a uses; regions.c must have placed it. A site placed
 * in a region only if the path has entered it (Ast.place_if_entered) uses the collected heap
 * where that region is still pending. With -fprofile-heap a site that uses the collected heap
 * uses its stand-in instead. */
const char *emit_rg(const Emitter *em, Ast *a) {
    if (a->place == PLACE_NONE) diag_internal("emit: the allocation site at %s:%d:%d (node kind %d) has no region", a->loc.file, a->loc.line, a->loc.col, a->kind);
    if (a->place_if_entered && ((a->place == PLACE_LOCAL && (em->pending & EMIT_PEND_LOCAL)) ||
                                (a->place == PLACE_SELF && (em->pending & EMIT_PEND_SELF))))
        return em->heap_sites ? emit_heap_site(em, a, true) : emit_place(PLACE_HEAP, NULL);
    if (a->place == PLACE_HEAP && em->heap_sites) return emit_heap_site(em, a, false);
    const char *r = emit_place(a->place, a->place_loop);
    return a->place_soft ? xasprintf("rt_region_soft(%s)", r) : r;   /* the container rule */
}

void emit_region_enter(Emitter *em, const char *name) {
    emit_line(em, "Region %s;", name);
    emit_line(em, "rt_region_enter(&%s);", name);
    vec_push(&em->active, name);
}
/* ---- lazy frame regions ------------------------------------------------------------------------
 * A procedure's own regions (rgl, its local region; rgs, its self-iteration region) are entered
 * on the paths that use them, not on entry: the emitter goes down through ifs, lets and
 * sequences in tail position while the parts before the tail do not use them, and enters them
 * just before the first node that does. A path that makes nothing of its own (an interpreter's
 * variable lookup, a constant) then never enters them. Every path out of a tail position is a
 * return or a tail call, which leaves what the path entered. rgl stays entered on entry in a
 * procedure that may enter it on a path that then jumps back to its top (a self tail call,
 * emit_local_crosses_jump; rgl entered together with rgs counts): what it holds may live across
 * the jump. rgs, entered lazily, is left at each self tail call instead of recycled: a self
 * tail call leaves every region entered after `top:` (self_keep), whichever path entered them. */

static bool emit_flo_result(const Ast *a);
static bool emit_place_pending(const Emitter *em, const Ast *a) {
    if (a->place_if_entered) return false;   /* never enters a region (emit_rg) */
    return ((em->pending & EMIT_PEND_LOCAL) && a->place == PLACE_LOCAL) ||
           ((em->pending & EMIT_PEND_SELF) && a->place == PLACE_SELF);
}
/* Whether emitting a may use a pending region (seen: contified bodies already looked into). */
static bool emit_uses_pending_in(const Emitter *em, Ast *a, PtrMap *seen);
/* The same for a flonum computed as a C double (emit_flo): its own box is never made (a
 * constant, a variable, arithmetic in doubles, a flonum entry's result). */
static bool emit_flo_uses_pending_in(const Emitter *em, Ast *a, PtrMap *seen);
static bool emit_args_use_pending(const Emitter *em, Ast *a, PtrMap *seen) {
    Lambda *k = a->kind == AST_CALL && a->fn->kind == AST_REF ? a->fn->var->known : NULL;
    bool dbl_op = a->kind == AST_PRIMCALL && (emit_flo_arith((Emitter *)em, a) || emit_flo_compare((Emitter *)em, a) ||
                                              emit_flo_sign((Emitter *)em, a));
    for (size_t i = 0; i < a->args.len; i++) {
        Ast *x = a->args.items[i];
        bool dbl = dbl_op ? emit_type((Emitter *)em, x) == TY_FLO
                          : k && k->flo_entry && i < k->params.len && !em->opt->untyped && infer_var_unboxed(k->params.items[i]);
        if (dbl ? emit_flo_uses_pending_in(em, x, seen) : emit_uses_pending_in(em, x, seen)) return true;
    }
    return false;
}
static bool emit_flo_uses_pending_in(const Emitter *em, Ast *a, PtrMap *seen) {
    if (a->kind == AST_CONST || a->kind == AST_REF) return false;
    if (emit_f64_ref_node((Emitter *)em, a)) {   /* a double read from a flonum vector */
        for (size_t i = 0; i < a->args.len; i++)
            if (emit_uses_pending_in(em, a->args.items[i], seen)) return true;
        return false;
    }
    if (emit_flo_result(a) || (a->kind == AST_PRIMCALL && emit_flo_arith((Emitter *)em, a)))
        return emit_args_use_pending(em, a, seen);
    return emit_uses_pending_in(em, a, seen);
}
/* A let's init i: computed as a C double when it binds an unboxed variable (emit_let). */
static bool emit_init_uses_pending_in(const Emitter *em, Ast *a, size_t i, PtrMap *seen) {
    Ast *x = a->inits.items[i];
    if (a->kind == AST_LET && i < a->vars.len && emit_var_unboxed((Emitter *)em, a->vars.items[i]))
        return emit_flo_uses_pending_in(em, x, seen);
    return emit_uses_pending_in(em, x, seen);
}
static bool emit_uses_pending_in(const Emitter *em, Ast *a, PtrMap *seen) {
    if (emit_place_pending(em, a)) return true;
    switch (a->kind) {
    case AST_CONST: case AST_REF: case AST_LAMBDA: return false;
    case AST_SET: return emit_uses_pending_in(em, a->value, seen);
    case AST_IF:
        return emit_uses_pending_in(em, a->test, seen) || emit_uses_pending_in(em, a->then, seen) ||
               emit_uses_pending_in(em, a->els, seen);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            if (emit_uses_pending_in(em, a->items.items[i], seen)) return true;
        return false;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)
            if (emit_init_uses_pending_in(em, a, i, seen)) return true;
        return emit_uses_pending_in(em, a->body, seen);
    case AST_CALL: case AST_PRIMCALL: {
        if (a->kind == AST_CALL) {
            if (emit_uses_pending_in(em, a->fn, seen)) return true;
            Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
            size_t *mark = k && k->contified ? ptrmap_slot(seen, k, true) : NULL;
            if (mark && *mark == PTRMAP_NONE) {   /* a loop: its body is written here */
                *mark = 1;
                if (emit_uses_pending_in(em, k->body, seen)) return true;
            }
        }
        return emit_args_use_pending(em, a, seen);
    }
    }
    return true;
}
static bool emit_uses_pending(const Emitter *em, Ast *a) {
    PtrMap seen = {0};
    bool r = emit_uses_pending_in(em, a, &seen);
    ptrmap_free(&seen);
    return r;
}
/* Whether what a runs before its tail position (an if's test, a let's inits, a sequence's
 * first forms) may use a pending region; for any other node, whether a may. */
static bool emit_head_uses_pending(const Emitter *em, Ast *a, Dest d) {
    if (d.kind != DEST_RETURN || !em->fn) return emit_uses_pending(em, a);
    switch (a->kind) {
    case AST_IF: return emit_place_pending(em, a) || emit_uses_pending(em, a->test);
    case AST_SEQ:
        for (size_t i = 0; i + 1 < a->items.len; i++)
            if (emit_uses_pending(em, a->items.items[i])) return true;
        return false;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) {
            PtrMap seen = {0};
            bool uses = emit_init_uses_pending_in(em, a, i, &seen);
            ptrmap_free(&seen);
            if (uses) return true;
        }
        return false;
    default: return emit_uses_pending(em, a);
    }
}
/* Enters the pending regions node a (emitted to d) needs before its tail: each one its head
 * uses, and rgl also when rgs is entered and a uses rgl anywhere (rgl is older: entered first). */
static void emit_enter_pending(Emitter *em, Ast *a, Dest d) {
    int pending = em->pending, need = 0;
    for (int f = EMIT_PEND_LOCAL; f <= EMIT_PEND_SELF; f <<= 1) {
        em->pending = f;
        if ((pending & f) && emit_head_uses_pending(em, a, d)) need |= f;
    }
    em->pending = EMIT_PEND_LOCAL;
    if ((need & EMIT_PEND_SELF) && (pending & EMIT_PEND_LOCAL) && emit_uses_pending(em, a)) need |= EMIT_PEND_LOCAL;
    if (need & EMIT_PEND_LOCAL) emit_region_enter(em, "rgl");
    if (need & EMIT_PEND_SELF) emit_region_enter(em, "rgs");
    em->pending = pending & ~need;
}
/* Whether l's body calls l itself (a self tail call is a jump to its top). */
static bool emit_calls_self(const Lambda *l, const Ast *a) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: case AST_LAMBDA: return false;
    case AST_SET: return emit_calls_self(l, a->value);
    case AST_IF: return emit_calls_self(l, a->test) || emit_calls_self(l, a->then) || emit_calls_self(l, a->els);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            if (emit_calls_self(l, a->items.items[i])) return true;
        return false;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) {
            const Ast *x = a->inits.items[i];
            if (x->kind == AST_LAMBDA && x->lambda->contified ? emit_calls_self(l, x->lambda->body) : emit_calls_self(l, x))
                return true;
        }
        return emit_calls_self(l, a->body);
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL && a->fn->kind == AST_REF && a->fn->var->known == l) return true;
        if (a->kind == AST_CALL && emit_calls_self(l, a->fn)) return true;
        for (size_t i = 0; i < a->args.len; i++)
            if (emit_calls_self(l, a->args.items[i])) return true;
        return false;
    }
    return true;
}

/* Whether, in l's body a (in tail position), a path that jumps back to the top (a self tail call)
 * may have entered rgl first (lazily: at the first node that uses it, going down the tail
 * positions as the emitter does): then what rgl holds may be carried across the jump, and rgl
 * is entered on entry instead. A procedure that loops only on paths that make nothing of its own
 * (an interpreter's `if`, while its `lambda` case allocates and returns) enters it lazily. */
/* Whether a, in tail position of l, may jump back to l's top (a self call in tail position). */
static bool emit_jumps_self(const Lambda *l, const Ast *a) { return analyze_tail_calls(a, l); }
/* self: rgs is entered lazily and not yet on this path. Where it is entered (the first node
 * whose head uses it), rgl is entered with it if that node uses rgl anywhere
 * (emit_enter_pending: rgl is older), even where rgl's own first use is on another path than
 * the jump's; so that node counts as a use of rgl. */
static bool emit_local_crosses_jump(Emitter *em, const Lambda *l, Ast *a, bool self) {
    if (self) {
        em->pending = EMIT_PEND_SELF;
        bool enters_self = emit_head_uses_pending(em, a, (Dest){DEST_RETURN, NULL, NULL, 0});
        em->pending = EMIT_PEND_LOCAL;
        if (enters_self) {
            if (emit_uses_pending(em, a)) return emit_jumps_self(l, a);
            self = false;
        }
    }
    switch (a->kind) {
    case AST_IF:
        if (emit_uses_pending(em, a->test)) return emit_jumps_self(l, a);
        return emit_local_crosses_jump(em, l, a->then, self) || emit_local_crosses_jump(em, l, a->els, self);
    case AST_SEQ:
        for (size_t i = 0; i + 1 < a->items.len; i++)
            if (emit_uses_pending(em, a->items.items[i])) return emit_jumps_self(l, a);
        return emit_local_crosses_jump(em, l, a->items.items[a->items.len - 1], self);
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)
            if (emit_place_pending(em, a->inits.items[i]) || emit_uses_pending(em, a->inits.items[i]))
                return emit_jumps_self(l, a);
        return emit_local_crosses_jump(em, l, a->body, self);
    default:
        return emit_uses_pending(em, a) && emit_jumps_self(l, a);
    }
}

/* Leave every region entered after the first `keep` (a jump or return out of them). */
void emit_region_leave_to(Emitter *em, size_t keep) {
    for (size_t i = em->active.len; i-- > keep;) emit_line(em, "rt_region_leave(&%s);", em->active.items[i]);
}

/* --check-regions: the store of value into target must keep R4. */
/* The nursery's write barrier after a store of value into the slot at address `slot`, in
 * an object that may be older than the last minor collection (-fnursery; regal.h): none when
 * the value is proven an immediate (a fixnum, a boolean, a character...), never young. */
bool emit_needs_barrier(Emitter *em, Ast *val) {
    return em->opt->nursery && !(val != NULL && emit_proven(em, val, TY_IMMEDIATE));
}
void emit_barrier(Emitter *em, const char *slot, const char *value, Ast *val) {
    if (emit_needs_barrier(em, val)) emit_line(em, "rt_nursery_wb(%s, %s);", slot, value);
}

void emit_check_store(Emitter *em, const char *loc, const char *target, const char *value) {
    if (em->opt->check_regions) emit_line(em, "rt_check_store(%s, %s, %s);", loc, target, value);
}

/* ---- cold stubs -------------------------------------------------------------------------------
 * Slow paths (fixnum overflow or a non-fixnum operand, a type error, an index out of range)
 * call small per-site functions, cold and never inlined, that hold the constants only they
 * need (the location string, the collected heap, the constant operands): the hot path passes
 * only its dynamic values, so clang keeps nothing of the slow path in callee-saved registers
 * (in ack, three of six pushed registers held such addresses). */
/* The stub's call: ret is its return type ("RtValue", "int"; the stub is rt_slow<n>), or NULL
 * for a stub that never returns (an error: rt_err<n>); body its one statement's expression, with the operands vals[i] as s<i> and, when
 * rg is not NULL, one %s for the region (a constant region stays in the body, any other is
 * passed as the parameter sr). */
const char *emit_stub(Emitter *em, const char *ret, const char *rg, const char *body,
                             size_t n, const char **vals) {
    bool pass_rg = rg && strcmp(rg, "&rt_gc_region") != 0;
    char *name = xasprintf(ret ? "rt_slow%d" : "rt_err%d", em->nstubs++);
    Buf *b = &em->stubs;
    emit_line_directive(em, b, em->cur_loc);
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
void emit_type_check(Emitter *em, const char *ok, const char *loc, const char *who,
                            const char *what, const char *x) {
    const char *body = xasprintf("rt_type_error(%s, %s, %s, s0)", loc, emit_str_lit(who), emit_str_lit(what));
    emit_line(em, "if (RT_UNLIKELY(!(%s))) %s;", ok, emit_stub(em, NULL, NULL, body, 1, &x));
}

/* A C identifier for a Scheme name: letters and digits kept, everything else as _xx. */
void emit_mangle(Buf *b, const char *name) {
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))
            buf_putc(b, (char)*p);
        else if (*p == '-')
            buf_putc(b, '_');
        else
            buf_printf(b, "_%02x", *p);
    }
}

char *emit_var_name(Var *v) {
    if (v->cname) return (char *)v->cname;           /* seen by other units (interface.c) */
    if (v->ext) return (char *)v->ext->value;        /* another unit's */
    Buf b = {0};
    buf_printf(&b, v->global ? "g%d_" : "v%d_", v->id);
    emit_mangle(&b, v->name->name);
    return buf_cstr(&b);
}

char *emit_lambda_name(Lambda *l) {
    Buf b = {0};
    buf_printf(&b, "scm_lambda%d", l->id);
    if (l->name) {
        buf_putc(&b, '_');
        emit_mangle(&b, l->name->name);
    }
    return buf_cstr(&b);
}

/* The location string of a node, as the name of a static constant. */
const char *emit_loc(Emitter *em, Loc loc) {
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
void emit_c_string_n(Buf *b, const char *s, size_t len) {
    buf_putc(b, '"');
    for (const unsigned char *p = (const unsigned char *)s, *e = p + len; p < e; p++) {
        if (*p == '"' || *p == '\\' || *p == '?') buf_printf(b, "\\%c", *p);
        else if (*p < 32 || *p >= 127) buf_printf(b, "\\%03o", *p);
        else buf_putc(b, (char)*p);
    }
    buf_putc(b, '"');
}
void emit_c_string(Buf *b, const char *s) { emit_c_string_n(b, s, strlen(s)); }
const char *emit_str_lit(const char *s) {
    Buf b = {0};
    emit_c_string(&b, s);
    return buf_cstr(&b);
}

/* Deliver a value to its destination; returns the expression for DEST_VALUE. */
const char *emit_deliver(Emitter *em, Dest d, const char *expr) {
    switch (d.kind) {
    case DEST_VALUE: return expr;
    case DEST_RETURN:
        if (em->acc) { /* an accumulating loop returns its accumulator with the value */
            char *x = emit_temp(em);
            emit_line(em, "RtValue %s = %s;", x, expr);
            expr = emit_acc_op(em, em->acc_op, em->acc, x, emit_loc(em, em->fn->loc));
        }
        if (em->flo_ret) expr = xasprintf("RT_FLOVAL(%s)", expr);   /* a flonum entry's double */
        if (em->active.len || (em->opt->check_regions && !em->flo_ret)) { /* the value first: leaving may poison */
            char *t = emit_temp(em);
            emit_line(em, "%s %s = %s;", em->flo_ret ? "double" : "RtValue", t, expr);
            if (em->opt->check_regions && !em->flo_ret) emit_line(em, "rt_check_frame(\"return\", rt_frame_base, %s);", t);
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
size_t emit_label(Emitter *em, const char *label) {
    size_t at = em->out->len;
    emit_line(em, "%s:;", label);
    return at;
}
void emit_label_done(Emitter *em, size_t at, size_t from, const char *label) {
    char *jump = xasprintf("goto %s;", label);
    bool used = strstr(em->out->data + from, jump) != NULL;
    free(jump);
    if (used) return;
    char *eol = strchr(strstr(em->out->data + at, ":;\n"), '\n'); /* with its #line */
    size_t len = (size_t)(eol - (em->out->data + at)) + 1;
    memmove(em->out->data + at, em->out->data + at + len, em->out->len - at - len + 1);
    em->out->len -= len;
}

/* ---- variables ------------------------------------------------------------------------------ */
bool emit_var_static(Var *v) {
    return v->known && !v->known->contified && v->known->free.len == 0 && v->nsets == 0 &&
           (!v->global || v->ndefs == 1);
}

const char *emit_static_closure(Lambda *l) {
    return xasprintf("RT_TAG_AS_OBJ(&%s_closure)", emit_lambda_name(l));
}

static const char *emit_ref(Emitter *em, Ast *a) {
    Var *v = a->var;
    if (emit_var_static(v)) return emit_static_closure(v->known);
    if (v->ext) return v->ext->value;   /* defined once that unit's initialiser has run */
    if (v->global) {
        if (!v->defined) return xasprintf("RT_TAG_AS_OBJ(&rt_pc_%s)", v->prim->cname);
        char *name = emit_var_name(v);
        if (v->init_first) return name;   /* defined before anything can read it (analyze.c) */
        const char *body = xasprintf("rt_error_msg(%s, %s, \"variable used before its definition\")",
                                     emit_loc(em, a->loc), emit_str_lit(v->name->name));
        emit_line(em, "if (RT_UNLIKELY(%s == RT_UNDEFINED)) %s;", name, emit_stub(em, NULL, NULL, body, 0, NULL));
        return name;
    }
    if (emit_var_unboxed(em, v)) return emit_alloc_float(em, emit_rg(em, a), emit_var_name(v));
    const char *x = v->boxed ? xasprintf("RT_AS(RtBox, %s)->value", emit_var_name(v)) : emit_var_name(v);
    if (a->check_init) {   /* a letrec variable perhaps read before its init (analyze.c) */
        const char *body = xasprintf("rt_error_msg(%s, %s, \"variable used before its definition\")",
                                     emit_loc(em, a->loc), emit_str_lit(v->name->name));
        emit_line(em, "if (RT_UNLIKELY(%s == RT_UNDEFINED)) %s;", x, emit_stub(em, NULL, NULL, body, 0, NULL));
    }
    return x;
}

/* v := value, of node val */
static void emit_assign(Emitter *em, Var *v, const char *value, Ast *val) {
    if (v->boxed) {
        emit_line(em, "RT_AS(RtBox, %s)->value = %s;", emit_var_name(v), value);
        emit_barrier(em, xasprintf("&RT_AS(RtBox, %s)->value", emit_var_name(v)), value, val);
        emit_check_store(em, "\"set!\"", emit_var_name(v), value);
    } else {
        emit_line(em, "%s = %s;", emit_var_name(v), value);
    }
}

/* ---- calls ---------------------------------------------------------------------------------- */
/* Evaluate arguments left to right into temporaries (constants and variables stay as they
 * are when no later argument can change them). */
const char **emit_args_to(Emitter *em, AstVec *args, Lambda *loop) {
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
const char **emit_args(Emitter *em, AstVec *args) { return emit_args_to(em, args, NULL); }

/* An evacuated call (Ast.place_evac, regions.c): the result temporary, declared, and a C block
 * opened with the region entered for the call (rgeN), whose name *rg is then; NULL for any
 * other call. emit_evac_leave copies the result out, leaves the region and closes the block
 * (its lifetime lets the C compiler share the descriptor's stack slot between calls). With
 * -fprofile-heap too: the callee's objects are no heap site's (what is copied out, REGAL_STATS
 * counts apart); profiling it as a heap site counted them all (benchmarks/interp: 179 MiB for
 * 77 in the heap). */
static const char *emit_evac_enter(Emitter *em, const Ast *site, bool tail, const char **rg) {
    if (tail || !site->place_evac) return NULL;
    char *t = emit_temp(em);
    char *r = xasprintf("rge%s", t);
    emit_line(em, "RtValue %s;", t);
    emit_line(em, "{ Region %s; rt_region_enter(&%s);", r, r);
    *rg = xasprintf("&%s", r);
    return t;
}
static void emit_evac_leave(Emitter *em, const char *t, const char *rg) {
    emit_line(em, "%s = rt_region_evacuate_leave(%s, %s); }", t, rg, t);
}

/* A call of code(rg, self, a0, a1, a2, a3) with arguments >= 4 in rt_xargs (regal.h "Calls");
 * an unknown call (nargs_set) also sets rt_nargs, and rt_call_loc to its location (what a
 * primitive called as a value names in its errors). rg is the region the result goes to (a tail
 * call passes rr on, after leaving this frame's regions). */
static const char *emit_invoke(Emitter *em, Ast *site, const char *code, const char *self,
                               bool nargs_set, size_t argc, const char **vals, Dest d) {
    bool tail = d.kind == DEST_RETURN && em->fn;
    const char *rg = tail ? "rr" : NULL;
    const char *evac = emit_evac_enter(em, site, tail, &rg);
    if (!rg) rg = emit_rg(em, site);
    for (size_t i = RT_REG_ARGS; i < argc; i++) emit_line(em, "rt_xargs[%zu] = %s;", i, vals[i]);
    if (nargs_set) emit_line(em, "rt_nargs = %zu; rt_call_loc = %s;", argc, emit_loc(em, site->loc));
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
    if (evac) {
        emit_line(em, "%s = %s;", evac, call);
        emit_evac_leave(em, evac, rg);
        return emit_deliver(em, d, evac);
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

#define EMIT_MAX_DISPATCH 4
/* The lambdas an unknown call a (not of a known procedure) enters directly: 1, a call of that
 * lambda's direct entry; 2 to EMIT_MAX_DISPATCH, a dispatch on the code pointer (emit_dispatch),
 * for at most RT_REG_ARGS arguments; else -1, the closure's code through the generic entry. */
static int emit_call_targets(Emitter *em, const Ast *a, CallTarget *ts) {
    int nt = em->opt->untyped ? -1 : infer_call_targets(em->prog, a, ts, EMIT_MAX_DISPATCH + 1);
    bool all_direct = nt >= 1 && nt <= EMIT_MAX_DISPATCH;
    for (int i = 0; all_direct && i < nt; i++)
        all_direct = ts[i].lambda && emit_direct(em, ts[i].lambda) && !ts[i].lambda->contified &&
                     ts[i].lambda->params.len == a->args.len;
    return all_direct && (nt == 1 || a->args.len <= RT_REG_ARGS) ? nt : -1;
}

/* Marks in em->dispatched the lambdas some dispatch of the program enters. Their direct
 * entries are declared inline: the C compiler then inlines a small one into the dispatch,
 * where a continuation's call becomes a jump inside its caller's loop (cpstak: twice as fast
 * as with those entries kept out of line, measured with noinline). */
static void emit_find_dispatches(Emitter *em, const Ast *a) {
    if (!a) return;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET: emit_find_dispatches(em, a->value); return;
    case AST_IF:
        emit_find_dispatches(em, a->test);
        emit_find_dispatches(em, a->then);
        emit_find_dispatches(em, a->els);
        return;
    case AST_LAMBDA: emit_find_dispatches(em, a->lambda->body); return;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) emit_find_dispatches(em, a->items.items[i]);
        return;
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL) {
            emit_find_dispatches(em, a->fn);
            CallTarget ts[EMIT_MAX_DISPATCH + 1];
            bool known = a->fn->kind == AST_REF && a->fn->var->known;
            int nt = known ? -1 : emit_call_targets(em, a, ts);
            for (int i = 0; nt > 1 && i < nt; i++) em->dispatched[ts[i].lambda->id] = true;
        }
        for (size_t i = 0; i < a->args.len; i++) emit_find_dispatches(em, a->args.items[i]);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) emit_find_dispatches(em, a->inits.items[i]);
        emit_find_dispatches(em, a->body);
        return;
    }
}

static bool emit_inline(const Emitter *em, const Lambda *l) {
    return em->dispatched[l->id] && !em->opt->no_inline_dispatch;
}

/* A call of closure f that can only be one of the lambdas ts[0..nt), each taking the call's
 * arguments (infer.c's closure flow): a compare of f's code pointer with each generic entry,
 * and the matching direct entry called without an argument count (cpstak's continuations: 38%
 * less CPU than the generic call). The generic call stays as the last resort. */
static const char *emit_dispatch(Emitter *em, Ast *site, const char *f, const CallTarget *ts, int nt,
                                 const char **vals, Dest d) {
    bool tail = d.kind == DEST_RETURN && em->fn;
    const char *rg = tail ? "rr" : NULL;
    const char *evac = emit_evac_enter(em, site, tail, &rg);
    if (!rg) rg = emit_rg(em, site);
    size_t argc = site->args.len;
    Buf args = {0};
    for (size_t i = 0; i < RT_REG_ARGS; i++) buf_printf(&args, ", %s", i < argc ? vals[i] : "0");
    char *c = emit_temp(em);
    if (tail && em->opt->check_regions)
        for (size_t i = 0; i < argc; i++) emit_line(em, "rt_check_frame(\"tail call\", rt_frame_base, %s);", vals[i]);
    if (tail) emit_region_leave_to(em, 0);
    emit_line(em, "RtCode %s = RT_AS(RtClosure, %s)->code;", c, f);
    const char *t = tail ? NULL : evac ? evac : emit_temp(em);
    if (t && !evac) emit_line(em, "RtValue %s;", t);
    for (int i = 0; i < nt; i++) {
        const char *call = xasprintf("%s(%s, %s%s)", emit_direct_name(ts[i].lambda), rg, f, buf_cstr(&args));
        if (tail) emit_line(em, "if (%s == %s) RT_MUSTTAIL return %s;", c, emit_lambda_name(ts[i].lambda), call);
        else emit_line(em, "%sif (%s == %s) %s = %s;", i ? "else " : "", c, emit_lambda_name(ts[i].lambda), t, call);
    }
    emit_line(em, "%srt_nargs = %zu; rt_call_loc = %s;", tail ? "" : "else { ", argc, emit_loc(em, site->loc));
    const char *call = xasprintf("%s(%s, %s%s)", c, rg, f, buf_cstr(&args));
    if (tail) emit_line(em, "RT_MUSTTAIL return %s;", call);
    else emit_line(em, "%s = %s; }", t, call);
    if (evac) emit_evac_leave(em, evac, rg);
    buf_free(&args);
    return tail ? NULL : emit_deliver(em, d, t);
}

/* ---- flonum entries --------------------------------------------------------------------------
 * A procedure infer.c gives a flonum entry (Lambda.flo_entry: no free variables, never used
 * where inference cannot see, flonum parameters or result, every tail call a self tail call or
 * a contified loop's) is written as <name>_fl(Region *rr, ...), each flonum parameter a C double
 * (infer_var_unboxed), returning a double when its result is a flonum: its known calls pass and
 * receive doubles, with no flonum box per call (fibfp's typed copy, version.c). Its direct entry,
 * for calls through a closure, checks, converts and calls it. */
static bool emit_param_double(const Var *v) {
    Lambda *o = v->owner;
    if (!o || !o->flo_entry || v->global) return false;
    for (size_t i = 0; i < o->params.len; i++)
        if (o->params.items[i] == v) return infer_var_unboxed(v);
    return false;
}
static char *emit_flo_name(Lambda *l) { return xasprintf("%s_fl", emit_lambda_name(l)); }
/* "Region *rr, double a0, RtValue a1, ..." */
static char *emit_flo_params(Lambda *l) {
    Buf b = {0};
    buf_puts(&b, "Region *rr");
    for (size_t i = 0; i < l->params.len; i++)
        buf_printf(&b, ", %s a%zu", emit_param_double(l->params.items[i]) ? "double" : "RtValue", i);
    return (char *)buf_cstr(&b);
}
/* A call of k's flonum entry, its result in a new temporary (a double when k's is a flonum). */
static const char *emit_flo_invoke(Emitter *em, Ast *a, Lambda *k, const char *rg) {
    const char **vals = emit_args_to(em, &a->args, k);
    Buf args = {0};
    for (size_t i = 0; i < a->args.len; i++) buf_printf(&args, ", %s", vals[i]);
    char *t = emit_temp(em);
    emit_line(em, "%s %s = %s(%s%s);", k->ret_type == TY_FLO ? "double" : "RtValue", t, emit_flo_name(k), rg,
              buf_cstr(&args));
    buf_free(&args);
    free(vals);
    return t;
}
/* a is a call of a flonum entry returning a double: it allocates nothing in the region it
 * passes (rr serves), and its result is boxed only where a value is wanted */
static bool emit_flo_result(const Ast *a) {
    Lambda *k = a->kind == AST_CALL && a->fn->kind == AST_REF ? a->fn->var->known : NULL;
    return k && k->flo_entry && k->ret_type == TY_FLO && a->args.len == k->params.len;
}
const char *emit_flo_call(Emitter *em, Ast *a) {
    if (!emit_flo_result(a)) return NULL;
    return emit_flo_invoke(em, a, a->fn->var->known, "rr");
}
/* return x, a double, from a flonum entry */
static const char *emit_deliver_flo(Emitter *em, const char *x) {
    if (em->active.len) {
        char *t = emit_temp(em);
        emit_line(em, "double %s = %s;", t, x);
        emit_region_leave_to(em, 0);
        x = t;
    }
    emit_line(em, "return %s;", x);
    return NULL;
}

static const char *emit_call(Emitter *em, Ast *a, Dest d) {
    Var *fv = a->fn->kind == AST_REF ? a->fn->var : NULL;
    Lambda *known = fv ? fv->known : NULL;
    if (known && known->contified) {
        bool inside = false;
        for (size_t i = 0; i < em->loops.len; i++)
            if (em->loops.items[i] == known) inside = true;
        /* a back edge: what the carry region holds is dead (regions.c), the arguments may
         * make the next iteration's values there */
        if (inside && known->region_carry) emit_line(em, "rt_region_recycle(&%s);", emit_carry_region(known));
        const char **vals = emit_args_to(em, &a->args, known);
        if (inside) { /* a tail call from the loop's own body: the next iteration */
            /* copy variables (regions.c): their numbers boxed in the frame's box of the parity
             * of the next iteration (runtime/regal.h, rt_carry_box) */
            bool copies = false;
            for (size_t i = 0; i < known->params.len; i++) copies |= known->params.items[i]->carry_copy;
            if (copies) emit_line(em, "cp%d ^= 1;", known->id);
            for (size_t i = 0; i < known->params.len; i++) {
                Var *p = known->params.items[i];
                if (p->carry_copy)
                    emit_line(em, "%s = rt_carry_box(%s, &cb%d[cp%d]);", emit_var_name(p), vals[i], p->id, known->id);
                else
                    emit_line(em, "%s = %s;", emit_var_name(p), vals[i]);
            }
            size_t keep = 0;
            for (size_t i = 0; i < em->loops.len; i++)
                if (em->loops.items[i] == known) keep = em->loop_keep.items[i];
            if (known->region_carry) keep++;   /* entered before the iteration region */
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
        bool copies = false;
        for (size_t i = 0; i < known->params.len; i++) {
            Var *p = known->params.items[i];
            emit_line(em, "%s %s = %s;", emit_var_unboxed(em, p) ? "double" : "RtValue", emit_var_name(p), vals[i]);
            if (p->carry_copy) emit_line(em, "RtCarryBox cb%d[2];", p->id);
            copies |= p->carry_copy;
        }
        if (copies) emit_line(em, "unsigned cp%d = 0;", known->id);
        Dest body = d;
        char *result = NULL, *done = NULL;
        size_t keep = em->active.len;
        if (d.kind == DEST_VALUE || d.kind == DEST_ASSIGN) {
            result = emit_temp(em);
            done = xasprintf("done%d", known->id);
            emit_line(em, "RtValue %s;", result);
            body = (Dest){DEST_JUMP, result, done, keep};
        }
        if (known->region_carry) emit_region_enter(em, emit_carry_region(known));
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
        const char **vals = emit_args_to(em, &a->args, known);
        for (size_t i = 0; i < known->params.len; i++)
            emit_line(em, "%s = %s;", emit_var_name(known->params.items[i]), vals[i]);
        if (known->region_self && !em->lazy_self) {
            emit_region_leave_to(em, em->self_keep + 1);
            emit_line(em, "rt_region_recycle(&rgs);");
        } else {
            emit_region_leave_to(em, em->self_keep);   /* all entered after `top:` */
        }
        emit_line(em, "goto top;");
        return NULL;
    }
    if (fv && fv->ext && fv->ext->direct && (size_t)fv->ext->nreq == a->args.len) {
        /* another unit's procedure of known arity: its external direct entry */
        const char **vals = emit_args(em, &a->args);
        return emit_invoke(em, a, fv->ext->direct, "0", false, a->args.len, vals, d);
    }
    if (known && known->flo_entry && a->args.len == known->params.len) {
        /* its flonum entry: a C call (no musttail across signatures), the result boxed unless
         * returned from a flonum entry */
        bool tail = d.kind == DEST_RETURN && em->fn;
        const char *rg = tail ? "rr" : emit_rg(em, a);
        const char *r = emit_flo_invoke(em, a, known, known->ret_type == TY_FLO ? "rr" : rg);
        if (known->ret_type == TY_FLO) {
            if (tail && em->flo_ret) return emit_deliver_flo(em, r);
            r = emit_alloc_float(em, rg, r);
        }
        return emit_deliver(em, d, r);
    }
    if (fv && fv->global && !fv->defined && !fv->ext && fv->prim && !prims_arity_ok(fv->prim, (int)a->args.len)) {
        /* a primitive called with the wrong number of arguments (analyze.c warned): the error,
         * named at the call, once the arguments are evaluated (through its closure the
         * primitive could not say where) */
        const Prim *p = fv->prim;
        free(emit_args(em, &a->args));
        emit_line(em, "rt_arity_error_who(%s, %s, %zu, %d, %d);", emit_loc(em, a->loc), emit_str_lit(p->name),
                  a->args.len, p->nreq, p->nopt < 0 ? -1 : p->nreq + p->nopt);
        return emit_deliver(em, d, "RT_UNSPEC");
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
    /* a procedure value that can only be one lambda's closures (infer.c): its direct entry,
     * the closure as self, no count; a few lambdas': a dispatch on the code pointer */
    CallTarget ts[EMIT_MAX_DISPATCH + 1];
    int nt = emit_call_targets(em, a, ts);
    if (nt == 1) return emit_invoke(em, a, emit_direct_name(ts[0].lambda), f, false, a->args.len, vals, d);
    if (nt > 1) return emit_dispatch(em, a, f, ts, nt, vals, d);
    return emit_invoke(em, a, xasprintf("RT_AS(RtClosure, %s)->code", f), f, true, a->args.len, vals, d);
}

/* ---- primitive calls ------------------------------------------------------------------------ */
/* The out-of-line call of a primitive, through its rt_p_ entry. */
void emit_prim_call_text(Buf *b, const Prim *p, const char *rg, const char *loc, const char **vals, size_t n) {
    buf_printf(b, "rt_p_%s(%s, %s", p->cname, rg, loc);
    if (p->fixed) {
        for (size_t i = 0; i < n; i++) buf_printf(b, ", %s", vals[i]);
    } else if (n == 0) {
        buf_puts(b, ", 0, NULL");
    } else {
        buf_printf(b, ", %zu, (const RtValue[]){", n);
        for (size_t i = 0; i < n; i++) buf_printf(b, "%s%s", i ? ", " : "", vals[i]);
        buf_puts(b, "}");
    }
    buf_putc(b, ')');
}

static const char *emit_prim_call_out(Emitter *em, const char *rg, const Prim *p, const char *loc,
                                      const char **vals, size_t n) {
    Buf b = {0};
    emit_prim_call_text(&b, p, rg, loc, vals, n);
    char *t = emit_temp(em);
    emit_line(em, "RtValue %s = %s;", t, buf_cstr(&b));
    buf_free(&b);
    return t;
}

/* The byte a boolean vector keeps for the boolean value x: 1 for #t. */
const char *emit_truth_byte(const char *x) {
    if (!strcmp(x, "RT_FALSE")) return "0";
    if (!strcmp(x, "RT_TRUE")) return "1";
    return xasprintf("(%s != RT_FALSE)", x);
}

/* The test of an indexed access (vector-ref, string-set!, ...) that lets the fast path run: x
 * is an object of type tid (unless proven) and i a fixnum in [0, length). Sets *ix to the C
 * expression of the index. Past a proven fixnum, one rotate and one unsigned compare test both
 * the fixnum and the range (RT_FIX_INDEX); -fno-fused-index (or --no-types for the vector
 * case) keeps the earlier form: a fixnum test, then the range, every check kept unless both
 * operands are proven. */
static const char *emit_index_test(Emitter *em, Ast *a, const char *x, const char *i,
                                   Type ty, const char *tid, const char **ix) {
    bool xok = emit_proven(em, a->args.items[0], ty), iok = emit_proven(em, a->args.items[1], TY_FIX);
    const char *count = xasprintf("RT_HDR_COUNT(*RT_OBJ(%s))", x);
    if (em->opt->no_fused_index) {
        bool typed = emit_check(em, xok && iok);
        *ix = xasprintf("RT_FIXVAL(%s)", i);
        if (typed) return xasprintf("(uint64_t)RT_FIXVAL(%s) < %s", i, count);
        return xasprintf("RT_IS_TYPE(%s, %s) && RT_IS_FIXNUM(%s) && (uint64_t)RT_FIXVAL(%s) < %s", x, tid, i, i, count);
    }
    const char *obj = emit_check(em, xok) ? "" : xasprintf("RT_IS_TYPE(%s, %s) && ", x, tid);
    if (emit_check(em, iok)) {
        *ix = xasprintf("RT_FIXVAL(%s)", i);
        return xasprintf("%s(uint64_t)RT_FIXVAL(%s) < %s", obj, i, count);
    }
    *ix = xasprintf("RT_FIX_INDEX(%s)", i);
    return xasprintf("%sRT_FIX_INDEX(%s) < %s", obj, i, count);
}

/* A (list ...) of more elements is one out-of-line rt_p_list call on an array of them. */
#define EMIT_INLINE_LIST 8

static const char *emit_primcall(Emitter *em, Ast *a, Dest d) {
    const Prim *p = a->prim;
    size_t n = a->args.len;
    if (emit_flo_arith(em, a)) {
        const char *x = emit_flo(em, a);
        return emit_deliver(em, d, emit_alloc_float(em, emit_rg(em, a), x));
    }
    const char *c = emit_prim_cond(em, a);
    if (c) return emit_deliver(em, d, xasprintf("RT_BOOL(%s)", c));
    bool floor_div;
    DivWant want;
    if (n == 2 && emit_intdiv_kind(p, &floor_div, &want))   /* evaluates its own operands */
        return emit_deliver(em, d, emit_intdiv(em, a, floor_div, want, emit_loc(em, a->loc)));
    /* flonum vectors (infer.c: Ast.flovec), which also evaluate their own operands */
    if (emit_f64_ref_node(em, a)) return emit_deliver(em, d, emit_alloc_float(em, emit_rg(em, a), emit_f64_ref(em, a)));
    if (!em->opt->untyped && p->id == PRIM_vector_set_x && n == 3 && a->args.items[0]->flovec)
        return emit_deliver(em, d, emit_f64_set(em, a));
    if (!em->opt->untyped && a->flovec && ((p->id == PRIM_vector) || (p->id == PRIM_make_vector && n == 2)))
        return emit_deliver(em, d, emit_f64_alloc(em, a));
    size_t dual_mark = emit_dual_mark(em, a);
    bool b8 = !em->opt->untyped && n > 0 && a->args.items[0]->boolvec;   /* a boolean vector's */
    const char **v = emit_args(em, &a->args);
    em->arg_duals = emit_dual_take(em, a, dual_mark);   /* for emit_arith2, emit_flo_generic */
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
    if (a->ffi) {
        r = emit_ffi_call(em, a, v, loc);
    } else if (p->cxr && n == 1) {
        r = emit_cxr(em, a, v[0], loc);
    } else if (p->id == PRIM_cons && n == 2) {
        r = emit_alloc_pair(em, emit_rg(em, a), v[0], v[1]);
    } else if (p->id == PRIM_list && n <= EMIT_INLINE_LIST) {
        r = "RT_NIL";
        for (size_t i = n; i-- > 0;) r = emit_alloc_pair(em, emit_rg(em, a), v[i], r);
    } else if (a->boolvec && !em->opt->untyped && (p->id == PRIM_vector || (p->id == PRIM_make_vector && n == 2))) {
        r = emit_b8_alloc(em, a, v, loc);
    } else if (p->id == PRIM_vector) {
        r = emit_alloc_vector(em, emit_rg(em, a), &a->args, v);
    } else if (p->id == PRIM_make_vector && n >= 1) {
        r = emit_alloc_filled(em, a, v, n, loc, false);
    } else if (p->id == PRIM_make_string && n >= 1) {
        r = emit_alloc_filled(em, a, v, n, loc, true);
    } else if (p->id == PRIM_string) {
        r = emit_alloc_string(em, a, v, n, loc);
    } else if (p->id == PRIM_record && n >= 1) {
        r = emit_alloc_record(em, emit_rg(em, a), v, n, loc);
    } else if (n == 2 && (p->id == PRIM_add || p->id == PRIM_sub || p->id == PRIM_mul)) {
        r = emit_arith2(em, a, v, loc);

    } else if (p->id == PRIM_set_car_x && n == 2) {
        if (!emit_check(em, emit_proven(em, a->args.items[0], TY_PAIR)))
            emit_type_check(em, xasprintf("RT_IS_PAIR(%s)", v[0]), loc, p->name, "a pair", v[0]);
        emit_line(em, "RT_CAR(%s) = %s;", v[0], v[1]);
        emit_barrier(em, xasprintf("&RT_CAR(%s)", v[0]), v[1], a->args.items[1]);
        emit_check_store(em, loc, v[0], v[1]);
        r = "RT_UNSPEC";
    } else if (p->id == PRIM_set_cdr_x && n == 2) {
        if (!emit_check(em, emit_proven(em, a->args.items[0], TY_PAIR)))
            emit_type_check(em, xasprintf("RT_IS_PAIR(%s)", v[0]), loc, p->name, "a pair", v[0]);
        emit_line(em, "RT_CDR(%s) = %s;", v[0], v[1]);
        emit_barrier(em, xasprintf("&RT_CDR(%s)", v[0]), v[1], a->args.items[1]);
        emit_check_store(em, loc, v[0], v[1]);
        r = "RT_UNSPEC";
    } else if (p->id == PRIM_vector_length && n == 1 && !em->opt->no_inline_arith) {
        r = emit_vector_length(em, a, v[0], loc);
    } else if (p->id == PRIM_vector_ref && n == 2 && b8) {   /* a byte, 1 for #t */
        char *t = emit_temp(em);
        const char *ix, *ok = emit_index_test(em, a, v[0], v[1], TY_VEC, "TYPE_ID_BOOLVECTOR", &ix);
        emit_line(em, "RtValue %s;", t);
        emit_line(em, "if (RT_LIKELY(%s)) %s = RT_BOOL(RT_AS(RtBoolVector, %s)->b[%s]);", ok, t, v[0], ix);
        emit_line(em, "else %s = %s;", t, emit_stub(em, "RtValue", NULL, xasprintf("rt_boolv_ref(%s, s0, s1)", loc), 2, v));
        r = t;
    } else if (p->id == PRIM_vector_set_x && n == 3 && b8) {
        const char *ix, *ok = emit_index_test(em, a, v[0], v[1], TY_VEC, "TYPE_ID_BOOLVECTOR", &ix);
        emit_line(em, "if (RT_LIKELY(%s)) RT_AS(RtBoolVector, %s)->b[%s] = %s;", ok, v[0], ix, emit_truth_byte(v[2]));
        emit_line(em, "else %s;", emit_stub(em, "RtValue", NULL, xasprintf("rt_boolv_set(%s, s0, s1, s2)", loc), 3, v));
        r = "RT_UNSPEC";
    } else if (p->id == PRIM_vector_ref && n == 2) {
        char *t = emit_temp(em);
        const char *ix, *ok = emit_index_test(em, a, v[0], v[1], TY_VEC, "TYPE_ID_VECTOR", &ix);
        emit_line(em, "RtValue %s;", t);
        emit_line(em, "if (RT_LIKELY(%s)) %s = RT_AS(RtVector, %s)->items[%s];", ok, t, v[0], ix);
        emit_line(em, "else %s = %s;", t, emit_stub(em, "RtValue", emit_rg(em, a), xasprintf("rt_p_%s(" EMIT_RG ", %s, s0, s1)", p->cname, loc), 2, v));
        r = t;
    } else if (p->id == PRIM_vector_set_x && n == 3) {
        const char *ix, *ok = emit_index_test(em, a, v[0], v[1], TY_VEC, "TYPE_ID_VECTOR", &ix);
        if (emit_needs_barrier(em, a->args.items[2]))
            emit_line(em, "if (RT_LIKELY(%s)) { RT_AS(RtVector, %s)->items[%s] = %s; rt_nursery_wb(&RT_AS(RtVector, %s)->items[%s], %s); }",
                      ok, v[0], ix, v[2], v[0], ix, v[2]);
        else
            emit_line(em, "if (RT_LIKELY(%s)) RT_AS(RtVector, %s)->items[%s] = %s;", ok, v[0], ix, v[2]);
        emit_line(em, "else %s;", emit_stub(em, "RtValue", emit_rg(em, a), xasprintf("rt_p_%s(" EMIT_RG ", %s, s0, s1, s2)", p->cname, loc), 3, v));
        emit_check_store(em, loc, v[0], v[2]);
        r = "RT_UNSPEC";
    } else if (p->id == PRIM_string_ref && n == 2 && !em->opt->no_inline_strings) {
        /* R7RS 6.7: a string is one uint32_t code point per character (RtString) */
        char *t = emit_temp(em);
        const char *ix, *ok = emit_index_test(em, a, v[0], v[1], TY_STR, "TYPE_ID_STRING", &ix);
        emit_line(em, "RtValue %s;", t);
        emit_line(em, "if (RT_LIKELY(%s)) %s = RT_CHAR(RT_AS(RtString, %s)->chars[%s]);", ok, t, v[0], ix);
        emit_line(em, "else %s = %s;", t, emit_stub(em, "RtValue", emit_rg(em, a), xasprintf("rt_p_%s(" EMIT_RG ", %s, s0, s1)", p->cname, loc), 2, v));
        r = t;
    } else if (p->id == PRIM_string_set_x && n == 3 && !em->opt->no_inline_strings) {
        const char *ix, *ok = emit_index_test(em, a, v[0], v[1], TY_STR, "TYPE_ID_STRING", &ix);
        const char *ch = emit_check(em, emit_proven(em, a->args.items[2], TY_CHAR)) ? "" : xasprintf(" && RT_IS_CHAR(%s)", v[2]);
        emit_line(em, "if (RT_LIKELY(%s%s)) RT_AS(RtString, %s)->chars[%s] = RT_CHARVAL(%s);", ok, ch, v[0], ix, v[2]);
        emit_line(em, "else %s;", emit_stub(em, "RtValue", emit_rg(em, a), xasprintf("rt_p_%s(" EMIT_RG ", %s, s0, s1, s2)", p->cname, loc), 3, v));
        r = "RT_UNSPEC";
    } else if (p->id == PRIM_string_length && n == 1 && !em->opt->no_inline_strings) {
        const char *ok = emit_check(em, emit_proven(em, a->args.items[0], TY_STR)) ? "1" : xasprintf("RT_IS_TYPE(%s, TYPE_ID_STRING)", v[0]);
        r = xasprintf("(RT_LIKELY(%s) ? RT_FIX(RT_HDR_COUNT(*RT_OBJ(%s))) : %s)", ok, v[0],
                      emit_stub(em, "RtValue", NULL, xasprintf("rt_p_string_length(&rt_gc_region, %s, s0)", loc), 1, &v[0]));
    } else if (n == 2 && !em->opt->no_inline_search &&
               (p->id == PRIM_memq || p->id == PRIM_assq || p->id == PRIM_memv || p->id == PRIM_assv)) {
        /* a search as a loop the C compiler sees (regal.h); memv and assv by eq? unless the
         * key is one eqv? compares by value */
        bool ass = p->id == PRIM_assq || p->id == PRIM_assv;
        r = emit_temp(em);
        if (p->id == PRIM_memq || p->id == PRIM_assq)
            emit_line(em, "RtValue %s = rt_%s_inline(%s, \"%s\", %s, %s);", r, ass ? "assq" : "memq", loc, p->name, v[0], v[1]);
        else
            emit_line(em, "RtValue %s = RT_UNLIKELY(rt_eqv_by_value(%s)) ? rt_p_%s(%s, %s, %s, %s) : rt_%s_inline(%s, \"%s\", %s, %s);",
                      r, v[0], p->cname, emit_rg(em, a), loc, v[0], v[1], ass ? "assq" : "memq", loc, p->name, v[0], v[1]);
    } else if ((r = emit_flo_generic(em, a, v, loc)) != NULL) {
        /* flonums inline, the rest in a cold stub */
    } else {   /* (the operations that read unboxed operands are all above) */
        emit_dual_box_all(em, em->arg_duals, v, n);
        if (p->flags & RT_PF_ALLOC) em->stats.prim_alloc_calls++;
        r = emit_prim_call_out(em, emit_rg(em, a), p, loc, v, n);
        if (em->opt->check_regions && p->effect == EF_MUTATE)   /* (an /own-key variant copies its key) */
            for (size_t i = 1; i < n; i++)
                if (!(i == 1 && (p->flags & RT_PF_OWN_KEY))) emit_check_store(em, loc, v[0], v[i]);
    }
    if (em->arg_duals) diag_internal("unboxed operands of '%s' left unread", p->name);
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
    size_t nclo = 0;   /* one closure: filled right after it is made */
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        nclo += v->known && !v->known->contified && !emit_var_static(v);
    }
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        if (v->known && !v->known->contified && !emit_var_static(v))
            emit_alloc_closure(em, emit_rg(em, a->inits.items[i]), v->known, emit_var_name(v), nclo == 1);
    }
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        if (v->known && !v->known->contified && !emit_var_static(v))
            emit_fill_closure(em, v->known, emit_var_name(v), nclo == 1);
    }
    for (size_t i = 0; i < a->vars.len; i++) {
        Var *v = a->vars.items[i];
        if (v->known) continue;
        const char *x = emit_expr(em, a->inits.items[i], DEST_V);
        emit_assign(em, v, x, a->inits.items[i]);
    }
    return emit_expr(em, a->body, d);
}

/* ---- expressions ---------------------------------------------------------------------------- */
/* The C nesting depth past which an if is written with gotos instead of blocks. */
#define EMIT_NEST_MAX 32

static const char *emit_if(Emitter *em, Ast *a, Dest d) {
    const char *test = emit_cond(em, a->test);
    unsigned pending = em->pending;   /* each branch enters what it needs */
    size_t active = em->active.len;
    char *t = NULL;
    Dest bd = d;
    if (d.kind == DEST_VALUE) {
        t = emit_temp(em);
        emit_line(em, "RtValue %s;", t);
        bd = (Dest){DEST_ASSIGN, t, NULL, 0};
    }
    if (em->indent >= EMIT_NEST_MAX) {
        /* deep: both branches at this level, joined by gotos (a cond or an and of thousands of
         * clauses nests ifs that deep; clang stops at 256 brackets, and the indentation alone
         * would grow quadratically). Every name declared in a branch is unique in the C
         * function (temporaries and variables are numbered), so the branches need no block. */
        int k = em->ntemps++;
        emit_line(em, "if (!(%s)) goto else%d;", test, k);
        const char *x = emit_expr(em, a->then, bd);
        if (x) emit_deliver(em, bd, x);
        emit_line(em, "goto endif%d;", k);
        emit_line(em, "else%d:;", k);
        x = emit_expr(em, a->els, bd);
        if (x) emit_deliver(em, bd, x);
        emit_line(em, "endif%d:;", k);
        return t;
    }
    emit_line(em, "if (%s) {", test);
    em->indent++;
    const char *x = emit_expr(em, a->then, bd);
    if (x) emit_deliver(em, bd, x);
    em->indent--;
    em->pending = pending;
    em->active.len = active;
    emit_line(em, "} else {");
    em->indent++;
    x = emit_expr(em, a->els, bd);
    if (x) emit_deliver(em, bd, x);
    em->indent--;
    em->pending = pending;
    em->active.len = active;
    emit_line(em, "}");
    return t;
}

static const char *emit_lambda_value(Emitter *em, Ast *a) {
    Lambda *l = a->lambda;
    if (l->free.len == 0) return emit_static_closure(l);
    char *t = emit_temp(em);
    emit_line(em, "RtValue %s;", t);
    emit_alloc_closure(em, emit_rg(em, a), l, t, true);
    emit_fill_closure(em, l, t, true);
    return t;
}

/* ---- accumulating loops -----------------------------------------------------------------------
 * A procedure whose tail positions hold (+ x (f ...)) or (* x (f ...)), f itself, and whose
 * results are exact integers, is compiled as f's loop with an accumulator (fib, factorial):
 * such a tail adds x to the accumulator and jumps back with the call's arguments; every value
 * returned is added to it first. + and * are associative and commutative on exact integers,
 * so the result is the same, in constant stack for that call; x is the first operand, so it
 * is evaluated before the call's arguments, as without the loop. Only when the
 * procedure has no region of its own (everything it makes goes to rr or the heap, which
 * outlive the jump) and its other tail calls are self tail calls or contified loops. */
static int emit_acc_self_arg(const Lambda *l, const Ast *a, PrimId op) {
    if (a->kind != AST_PRIMCALL || a->prim->id != op || a->args.len != 2) return -1;
    const Ast *c = a->args.items[1];   /* the last operand: x is still evaluated first */
    if (c->kind == AST_CALL && c->fn->kind == AST_REF && c->fn->var->known == l && c->args.len == l->params.len)
        return 1;
    return -1;
}
static bool emit_acc_tails(Lambda *l, Ast *a, PrimId *op, bool *found, PtrMap *seen) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: case AST_LAMBDA: case AST_SET: return true;
    case AST_IF: return emit_acc_tails(l, a->then, op, found, seen) && emit_acc_tails(l, a->els, op, found, seen);
    case AST_SEQ: return emit_acc_tails(l, a->items.items[a->items.len - 1], op, found, seen);
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)   /* a loop here must not have its own region */
            if (a->inits.items[i]->kind == AST_LAMBDA &&
                (a->inits.items[i]->lambda->region_loop || a->inits.items[i]->lambda->region_carry))
                return false;
        return emit_acc_tails(l, a->body, op, found, seen);
    case AST_CALL: {
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (k == l) return a->args.len == l->params.len;
        if (!k || !k->contified) return false;
        if (ptrmap_slot(seen, k, false)) return true;
        *ptrmap_slot(seen, k, true) = 1;
        return emit_acc_tails(l, k->body, op, found, seen);
    }
    case AST_PRIMCALL:
        if (a->prim->id == PRIM_apply) return false;   /* a tail call */
        if (a->prim->id == PRIM_add || a->prim->id == PRIM_mul) {
            if (emit_acc_self_arg(l, a, a->prim->id) < 0) return true;
            if (*found && *op != a->prim->id) return false;
            *op = a->prim->id;
            *found = true;
        }
        return true;
    }
    return false;
}
/* The operation l accumulates with, or PRIM_COUNT when it is not compiled as such a loop. */
static PrimId emit_acc_loop(Emitter *em, Lambda *l) {
    if (em->opt->no_accumulate || em->opt->untyped || em->opt->no_inline_arith || l->rest ||
        l->region_local || l->region_self || !l->ret_type || (l->ret_type & ~TY_INT))
        return PRIM_COUNT;
    PrimId op = PRIM_COUNT;
    bool found = false;
    PtrMap seen = {0};
    bool ok = emit_acc_tails(l, l->body, &op, &found, &seen);
    ptrmap_free(&seen);
    return ok && found ? op : PRIM_COUNT;
}

/* (+ x (f ...)) in tail position of f's accumulating loop: x into the accumulator, then the
 * call as a self tail call. */
static const char *emit_acc_step(Emitter *em, Ast *a, int self) {
    const char *x = emit_expr(em, a->args.items[1 - self], DEST_V);
    char *t = emit_temp(em);
    emit_line(em, "RtValue %s = %s;", t, x);
    emit_line(em, "%s = %s;", em->acc, emit_acc_op(em, em->acc_op, em->acc, t, emit_loc(em, a->loc)));
    return emit_expr(em, a->args.items[self], (Dest){DEST_RETURN, NULL, NULL, 0});
}

static const char *emit_node(Emitter *em, Ast *a, Dest d);

/* With -g, the C of a node is at the node's Scheme location, and what its parent writes after
 * it at the parent's again. */
const char *emit_expr(Emitter *em, Ast *a, Dest d) {
    if (!em->opt->line_directives || !a->loc.file) return emit_node(em, a, d);
    Loc outer = em->cur_loc;
    em->cur_loc = a->loc;
    const char *x = emit_node(em, a, d);
    em->cur_loc = outer;
    return x;
}

static const char *emit_node(Emitter *em, Ast *a, Dest d) {
    /* a flonum entry returns the double (a constant's, a variable's: no region needed) */
    bool flo_tail = em->flo_ret && d.kind == DEST_RETURN && emit_type(em, a) == TY_FLO;
    if (flo_tail && (a->kind == AST_CONST || a->kind == AST_REF)) return emit_deliver_flo(em, emit_flo(em, a));
    if (em->pending && emit_head_uses_pending(em, a, d)) emit_enter_pending(em, a, d);
    if (flo_tail && a->kind == AST_PRIMCALL) return emit_deliver_flo(em, emit_flo(em, a));
    switch (a->kind) {
    case AST_CONST: return emit_deliver(em, d, emit_const(em, a->datum));
    case AST_REF: return emit_deliver(em, d, emit_ref(em, a));
    case AST_SET: {
        Var *v = a->var;
        if (a->is_define && emit_var_static(v)) return emit_deliver(em, d, "RT_UNSPEC");
        const char *x = emit_expr(em, a->value, DEST_V);
        if (v->global) {
            emit_line(em, "%s = %s;", emit_var_name(v), x);
            if (em->opt->check_regions) emit_check_store(em, emit_loc(em, a->loc), "RT_FALSE", x);
        } else {
            emit_assign(em, v, x, a->value);
        }
        return emit_deliver(em, d, "RT_UNSPEC");
    }
    case AST_IF: return emit_if(em, a, d);
    case AST_LAMBDA: return emit_deliver(em, d, emit_lambda_value(em, a));
    case AST_SEQ:
        for (size_t i = 0; i + 1 < a->items.len; i++) {
            Ast *item = a->items.items[i];
            const char *x = emit_expr(em, item, DEST_V);
            Loc outer = em->cur_loc;
            if (item->loc.file) em->cur_loc = item->loc;
            if (x) emit_line(em, "(void)(%s);", x);
            em->cur_loc = outer;
        }
        return emit_expr(em, a->items.items[a->items.len - 1], d);
    case AST_CALL: return emit_call(em, a, d);
    case AST_PRIMCALL:
        if (em->acc && d.kind == DEST_RETURN) {
            int self = emit_acc_self_arg(em->fn, a, em->acc_op);
            if (self >= 0) return emit_acc_step(em, a, self);
        }
        return emit_primcall(em, a, d);
    case AST_LET: return emit_let(em, a, d);
    case AST_LETREC: return emit_letrec(em, a, d);
    }
    diag_internal("emit_node: kind %d", a->kind);
}

/* ---- procedures ----------------------------------------------------------------------------- */
static void emit_lambda_body(Emitter *em, Lambda *l, Dest d) {
    const char *x = emit_expr(em, l->body, d);
    if (x) emit_deliver(em, d, x);
}

#define EMIT_RTCODE_PARAMS "Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3"

/* One C function of a procedure: its header, then the body's text. */
static void emit_function_text(Emitter *em, Lambda *l, Buf *out, const char *storage, const char *fname,
                               const Buf *body) {
    emit_line_directive(em, out, l->loc);
    buf_printf(out, "%s RtValue %s(" EMIT_RTCODE_PARAMS ") {\n", storage, fname);
    emit_line_directive(em, out, l->loc);
    buf_printf(out, "    (void)rr; (void)self; (void)a0; (void)a1; (void)a2; (void)a3;\n");
    buf_putn(out, body->data ? body->data : "", body->len);
    emit_line_directive(em, out, l->loc);
    buf_puts(out, "}\n\n");
}

/* Recursion unrolled (-fno-unroll-recursion turns it off). A procedure whose direct entry
 * calls itself other than in tail position (ack, fib, tak) gets copies of its body,
 * <name>_rec1 ... <name>_recK; the direct entry's self calls go to rec1, rec1's to rec2, ...,
 * recK's back to the direct entry, and each copy is inlined where it is called
 * (RT_UNROLLED, always_inline unless inlining is off: clang alone leaves a copy called from
 * several sites, tak's three, out of line, which gains nothing): one C call and one return for K + 1 levels of the Scheme
 * recursion. A deep recursion gains most: a processor predicts a return from its return
 * stack, 16 to 32 entries deep, and returns deeper than that miss (a C loop of non-tail self
 * calls: 1.1 ns a call at depth 16, 1.6 ns at depth 1000, on this AMD EPYC; plain C ack is
 * slower than Chez, whose returns are indirect jumps). CPU time, K = 1: ack 0.54x, tak 0.74x,
 * fib 0.76x; K = 2: ack 0.87x of that, K = 3 no better. K is 2, or 1, or 0 (no copy), the
 * largest whose inlined copies (the body's size times s + s^2, s self calls) stay within
 * EMIT_UNROLL_MAX bytes of C. None when the body enters a region of its own: each inlined
 * copy would hold one more region (its inline buffer) in the frame (nqueens' try: 1.05x the
 * CPU time, 1.00 without). Writes the copies to out and returns the direct entry's body, or
 * NULL when there are none. */
#define EMIT_UNROLL_MAX 12000
#define EMIT_UNROLL_DEPTH 2
static char *emit_rec_name(Lambda *l, int k) { return xasprintf("%s_rec%d", emit_lambda_name(l), k); }
/* The next occurrence of name in C text from p that is a whole identifier (a Scheme name with
 * dashes can end in another's C name: g-scm-lambda1-f), or NULL. */
static const char *emit_find_ident(const char *text, const char *p, const char *name) {
    for (const char *q; (q = strstr(p, name)); p = q + 1)
        if (q == text || !(isalnum((unsigned char)q[-1]) || q[-1] == '_')) return q;
    return NULL;
}
/* body with every call of l's direct entry made a call of callee */
static void emit_retarget(Lambda *l, Buf *body, const char *callee, Buf *into) {
    char *self = xasprintf("%s(", emit_direct_name(l));
    size_t n = strlen(self);
    const char *p = buf_cstr(body), *end = p + body->len, *q;
    while ((q = emit_find_ident(body->data, p, self))) {
        buf_putn(into, p, (size_t)(q - p));
        buf_printf(into, "%s(", callee);
        p = q + n;
    }
    buf_putn(into, p, (size_t)(end - p));
    free(self);
}
static Buf *emit_unroll(Emitter *em, Lambda *l, Buf *body, Buf *out) {
    if (em->opt->no_unroll_recursion || body->len > EMIT_UNROLL_MAX || !body->data) return NULL;
    const char *text = buf_cstr(body);
    if (strstr(text, "Region rg")) return NULL; /* a region in each copy's frame */
    char *self = xasprintf("%s(", emit_direct_name(l));
    size_t sites = 0;
    for (const char *q = text; (q = emit_find_ident(text, q, self)); q += strlen(self)) sites++;
    free(self);
    int k = 0;
    for (size_t copies = 0, d = 1, pow = 1; d <= EMIT_UNROLL_DEPTH; d++) {
        pow *= sites;
        copies += pow;
        if (copies * body->len <= EMIT_UNROLL_MAX) k = (int)d;
    }
    if (sites == 0 || k == 0) return NULL;
    for (int i = k; i >= 1; i--) { /* each after the one it calls */
        Buf copy = {0};
        if (i == k) buf_putn(&copy, body->data, body->len);
        else emit_retarget(l, body, emit_rec_name(l, i + 1), &copy);
        emit_function_text(em, l, out, "RT_UNROLLED", emit_rec_name(l, i), &copy);
        buf_free(&copy);
    }
    Buf *alt = xcalloc(1, sizeof *alt);
    emit_retarget(l, body, emit_rec_name(l, 1), alt);
    l->unrolled = k;
    return alt;
}

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
    em->cur_loc = l->loc;
    char *name = emit_lambda_name(l);
    const char *loc = emit_loc(em, l->loc);
    size_t np = l->params.len;
    bool direct = emit_direct(em, l);
    bool flo = l->flo_entry;
    em->flo_ret = flo && l->ret_type == TY_FLO;
    if (!direct) {
        emit_line(em, "intptr_t argc = rt_nargs;");
        if (l->rest)
            emit_line(em, "if (RT_UNLIKELY(argc < %zu)) rt_arity_error(%s, argc, %zu, -1);", np, loc, np);
        else
            emit_line(em, "if (RT_UNLIKELY(argc != %zu)) rt_arity_error(%s, argc, %zu, %zu);", np, loc, np, np);
    }
    for (size_t i = 0; i < np; i++) {
        Var *p = l->params.items[i];
        char *src = i < RT_REG_ARGS || flo ? xasprintf("a%zu", i) : xasprintf("rt_xargs[%zu]", i);
        emit_line(em, "%s %s = %s;", emit_var_unboxed(em, p) ? "double" : "RtValue", emit_var_name(p), src);
        emit_line(em, "(void)%s;", emit_var_name(p));
    }
    if (l->rr_soft) emit_line(em, "rt_region_mark_tail(rr);");   /* regions.c: tail cycles */
    if (l->rest) {
        emit_line(em, "RtValue %s = rt_make_rest(%s, argc, a0, a1, a2, a3, %zu);", emit_var_name(l->rest),
                  emit_place(l->rest_place, NULL), np);
        emit_line(em, "(void)%s;", emit_var_name(l->rest));
    }
    emit_line(em, "RT_ENTRY_CHECK(%s);", loc);
    for (size_t i = 0; i < l->free.len; i++) { /* (void): a self-reference a loop made a goto is unused */
        emit_line(em, "RtValue %s = RT_AS(RtClosure, self)->free[%zu];", emit_var_name(l->free.items[i]), i);
        emit_line(em, "(void)%s;", emit_var_name(l->free.items[i]));
    }
    if (l->one_shot)   /* oneshot.c: nothing refers to the closure any more */
        emit_line(em, "rt_region_pop(rr, self, RT_ROUND(rt_type_size[TYPE_ID_CLOSURE] + %zu));",
                  l->free.len * sizeof(RtValue));
    em->active.len = 0;
    em->pending = 0;
    if (em->opt->check_regions) emit_line(em, "Region *rt_frame_base = rt_region_top; (void)rt_frame_base;");
    bool loops = false;
    em->lazy_self = l->region_self && !em->opt->no_lazy_regions;
    if (l->region_local && emit_calls_self(l, l->body)) {
        em->pending = EMIT_PEND_LOCAL;
        loops = emit_local_crosses_jump(em, l, l->body, em->lazy_self);
        em->pending = 0;
    }
    if (l->region_local) {
        if (loops || em->opt->no_lazy_regions) emit_region_enter(em, "rgl");
        else em->pending |= EMIT_PEND_LOCAL;
    }
    em->self_keep = em->active.len;
    if (l->region_self) {
        if (em->lazy_self) em->pending |= EMIT_PEND_SELF;
        else emit_region_enter(em, "rgs");
    }
    PrimId acc = emit_acc_loop(em, l);
    em->acc = NULL;
    if (acc != PRIM_COUNT) {
        emit_line(em, "RtValue racc = RT_FIX(%d);", acc == PRIM_add ? 0 : 1);
        em->acc = "racc";
        em->acc_op = acc;
    }
    size_t at = emit_label(em, "top");
    /* boxed parameters get a fresh box on every iteration of a self tail call */
    for (size_t i = 0; i < np; i++) {
        Var *p = l->params.items[i];
        if (p->boxed) emit_line(em, "%s = %s;", emit_var_name(p), emit_alloc_box(em, emit_var_name(p)));
    }
    if (l->rest && l->rest->boxed)
        emit_line(em, "%s = %s;", emit_var_name(l->rest), emit_alloc_box(em, emit_var_name(l->rest)));
    emit_lambda_body(em, l, (Dest){DEST_RETURN, NULL, NULL, 0});
    em->acc = NULL;
    emit_label_done(em, at, at, "top");
    /* with -g, the lines written here are at the definition */
    em->flo_ret = false;
    if (flo) { /* the flonum entry, then a direct entry that converts */
        emit_line_directive(em, out, l->loc);
        buf_printf(out, "static %s %s(%s) {\n", l->ret_type == TY_FLO ? "double" : "RtValue", emit_flo_name(l),
                   emit_flo_params(l));
        emit_line_directive(em, out, l->loc);
        buf_puts(out, "    (void)rr;\n");
        buf_putn(out, body.data ? body.data : "", body.len);
        emit_line_directive(em, out, l->loc);
        buf_puts(out, "}\n\n");
        body.len = 0;
        em->out = &body;
        em->indent = 1;
        Buf args = {0};
        for (size_t i = 0; i < np; i++) {
            char *src = i < RT_REG_ARGS ? xasprintf("a%zu", i) : xasprintf("rt_xargs[%zu]", i);
            if (emit_param_double(l->params.items[i])) {
                emit_line(em, "if (RT_UNLIKELY(!RT_IS_TYPE(%s, TYPE_ID_FLOAT))) rt_type_error(%s, %s, \"a flonum\", %s);",
                          src, loc, emit_str_lit(l->name ? l->name->name : "lambda"), src);
                buf_printf(&args, ", RT_FLOVAL(%s)", src);
            } else {
                buf_printf(&args, ", %s", src);
            }
        }
        const char *call = xasprintf("%s(rr%s)", emit_flo_name(l), buf_cstr(&args));
        if (l->ret_type == TY_FLO) call = xasprintf("mk_float(rr, %s)", call);
        emit_line(em, "return %s;", call);
        buf_free(&args);
    }
    const char *fname = direct ? emit_direct_name(l) : name;
    Buf *alt = direct && !flo ? emit_unroll(em, l, &body, out) : NULL;
    emit_function_text(em, l, out, direct && emit_inline(em, l) ? "static inline" : "static", fname,
                       alt ? alt : &body);
    buf_free(&body);
    if (alt) { buf_free(alt); free(alt); }
    if (direct) {
        emit_line_directive(em, out, l->loc);
        buf_printf(out, "static RtValue %s(" EMIT_RTCODE_PARAMS ") {\n", name);
        emit_line_directive(em, out, l->loc);
        buf_printf(out, "    if (RT_UNLIKELY(rt_nargs != %zu)) rt_arity_error(%s, rt_nargs, %zu, %zu);\n", np, loc, np, np);
        emit_line_directive(em, out, l->loc);
        buf_printf(out, "    RT_MUSTTAIL return %s(rr, self, a0, a1, a2, a3);\n", emit_direct_name(l));
        emit_line_directive(em, out, l->loc);
        buf_puts(out, "}\n\n");
    }
    em->cur_loc = (Loc){0};
}

/* The frame table (regal.h, "Backtraces"): every C function of a procedure and of the top
 * level by name, with its Scheme name and the location of its definition, for the backtrace
 * of an uncaught error. Data that no code refers to: the code is the same without it. */
static void emit_frame_table(Emitter *em, Buf *out, int npieces) {
    Program *prog = em->prog;
    Buf name = {0};
    size_t n = 0;
    buf_puts(out, "static const RtFrameName regal_frame_names[] = {\n");
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        if (l->contified) continue;
        name.len = 0;
        emit_c_string(&name, l->name ? l->name->name : "<lambda>");
        const char *loc = emit_loc(em, l->loc);
        buf_printf(out, "    {\"%s\", %s, %s},\n", emit_lambda_name(l), buf_cstr(&name), loc);
        n++;
        if (emit_direct(em, l)) {
            buf_printf(out, "    {\"%s\", %s, %s},\n", emit_direct_name(l), buf_cstr(&name), loc);
            n++;
        }
        if (l->flo_entry) {
            buf_printf(out, "    {\"%s\", %s, %s},\n", emit_flo_name(l), buf_cstr(&name), loc);
            n++;
        }
        for (int k = 1; k <= l->unrolled; k++, n++)
            buf_printf(out, "    {\"%s\", %s, %s},\n", emit_rec_name(l, k), buf_cstr(&name), loc);
    }
    name.len = 0;
    emit_c_string(&name, prog->file ? prog->file : "?");
    for (int i = 0; i < npieces; i++, n++)
        buf_printf(out, "    {\"regal_top%d\", \"<top level>\", %s},\n", i, buf_cstr(&name));
    buf_puts(out, "};\n");
    buf_printf(out, "static RtFrameTable regal_frames = {regal_frame_names, %zu, 0};\n\n", n);
    buf_free(&name);
}

/* The top level is cut into functions of about this many bytes of C (emit_program). */
#define EMIT_TOP_CHUNK 32768

/* ---- separate compilation (interface.c) ----------------------------------------------------
 * A library unit shows other units each variable with a C name (Var.cname): the variable
 * itself, or, for a procedure never assigned (a static closure), a variable holding the
 * closure, an external generic entry (regal_g_..., the argument count in rt_nargs, checked)
 * and an external direct entry (Var.cdirect, regal_x_..., no count) when it takes no rest
 * arguments. */
static void emit_unit_exports(Emitter *em, Buf *funcs) {
    for (size_t i = 0; i < em->prog->globals.len; i++) {
        Var *v = em->prog->globals.items[i];
        if (!v->cname || !v->defined || !emit_var_static(v)) continue;
        Lambda *l = v->known;
        buf_printf(funcs, "RtValue %s = %s;\n", v->cname, emit_static_closure(l));
        buf_printf(funcs, "RtValue %s(" EMIT_RTCODE_PARAMS ") {\n"   /* rt_nargs set, as for a closure */
                          "    RT_MUSTTAIL return %s(rr, self, a0, a1, a2, a3);\n}\n",
                   interface_generic_name(v->cname), emit_lambda_name(l));
        if (!emit_direct(em, l)) continue;
        v->cdirect = interface_direct_name(v->cname);
        buf_printf(funcs, "RtValue %s(" EMIT_RTCODE_PARAMS ") {\n"
                          "    RT_MUSTTAIL return %s(rr, self, a0, a1, a2, a3);\n}\n\n",
                   v->cdirect, emit_direct_name(l));
    }
}

/* The other units' static symbols interned before any code runs (a symbol made at run time
 * before a unit's static one would be interned twice), then this unit's. */
static void emit_unit_statics_calls(Emitter *em, Buf *out) {
    for (size_t i = 0; i < em->prog->globals.len; i++) {
        Var *v = em->prog->globals.items[i];
        if (v->ext && v->ext->statics) buf_printf(out, "    %s();\n", v->ext->statics);
    }
    if (em->opt->unit_init) buf_printf(out, "    %s();\n", interface_statics_name(em->opt->unit_init));
}

/* A library unit's static symbols, interned once by the first caller. */
static void emit_unit_statics(Emitter *em, const char *init, Buf *out) {
    buf_printf(out, "void %s(void) {\n    static int done;\n    if (done) return;\n    done = 1;\n",
               interface_statics_name(init));
    if (em->static_syms.len) {
        buf_puts(out, "    static RtSymbol *const syms[] = {");
        for (size_t i = 0; i < em->static_syms.len; i++)
            buf_printf(out, "%s%s", i ? (i % 8 ? ", " : ",\n        ") : "", em->static_syms.items[i]);
        buf_printf(out, "};\n    rt_intern_statics(syms, %zu);\n", em->static_syms.len);
    }
    buf_puts(out, "}\n\n");
}
bool emit_uses_eval(const Program *prog) { return prog->uses_eval; }

void emit_program(Program *prog, const EmitOptions *opt, Buf *out) {
    if (!prog->inferred) diag_internal("emit_program: the program has not been inferred");
    Emitter em = {.prog = prog, .opt = opt};
    EmitHeapSites heap_sites = {0};
    if (opt->profile_heap) em.heap_sites = &heap_sites;
    Buf funcs = {0}, main_body = {0};
    /* procedures */
    if (opt->untyped || opt->no_direct_calls) /* no flonum entries (infer.c chose them) */
        for (size_t i = 0; i < prog->lambdas.len; i++) prog->lambdas.items[i]->flo_entry = false;
    size_t nids = 0;
    for (size_t i = 0; i < prog->lambdas.len; i++)
        if ((size_t)prog->lambdas.items[i]->id >= nids) nids = (size_t)prog->lambdas.items[i]->id + 1;
    em.dispatched = xcalloc(nids + 1, sizeof *em.dispatched);
    emit_find_dispatches(&em, prog->body);
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        if (l->contified) continue;
        char *name = emit_lambda_name(l);
        if (l->flo_entry)
            buf_printf(&em.decls, "static %s %s(%s);\n", l->ret_type == TY_FLO ? "double" : "RtValue", emit_flo_name(l),
                       emit_flo_params(l));
        buf_printf(&em.decls, "static RtValue %s(" EMIT_RTCODE_PARAMS ") __attribute__((unused));\n", name);
        if (emit_direct(&em, l))
            buf_printf(&em.decls, "static %sRtValue %s(" EMIT_RTCODE_PARAMS ");\n", emit_inline(&em, l) ? "inline " : "",
                       emit_direct_name(l));
        if (l->free.len == 0)
            buf_printf(&em.decls, "static RtClosure %s_closure __attribute__((unused)) = {RT_HDR(TYPE_ID_CLOSURE, 0), %s};\n", name, name);
    }
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        if (v->defined && !emit_var_static(v))
            buf_printf(&em.decls, "%sRtValue %s = RT_UNDEFINED;\n", v->cname ? "" : "static ", emit_var_name(v));
        if (v->ext && v->ext->value) buf_printf(&em.decls, "extern RtValue %s;\n", v->ext->value);
        if (v->ext && v->ext->direct)
            buf_printf(&em.decls, "extern RtValue %s(" EMIT_RTCODE_PARAMS ");\n", v->ext->direct);
        if (v->ext && v->ext->statics) buf_printf(&em.decls, "extern void %s(void);\n", v->ext->statics);
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
    em.pending = 0;   /* (what the last procedure left pending is its own) */
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
        Loc first = forms->items[i]->loc;   /* -g: the piece's own lines are at its first form */
        em.cur_loc = first;
        emit_line(&em, "Region *rr = &rt_global_region;");
        emit_line(&em, "(void)rr;");
        do {
            Ast *form = forms->items[i++];
            const char *x = emit_expr(&em, form, DEST_V);
            em.cur_loc = form->loc;
            if (x && strcmp(x, "RT_UNSPEC") != 0) emit_line(&em, "(void)(%s);", x);
        } while (i < forms->len && main_body.len < EMIT_TOP_CHUNK);
        emit_line_directive(&em, &funcs, first);
        buf_printf(&funcs, "static __attribute__((noinline)) void regal_top%d(void) {\n", npieces);
        buf_putn(&funcs, main_body.data, main_body.len);
        emit_line_directive(&em, &funcs, em.cur_loc);
        buf_puts(&funcs, "}\n\n");
        buf_printf(&pieces, "    regal_top%d();\n", npieces++);
    }
    em.cur_loc = (Loc){0};
    main_body.len = 0;
    if (opt->separate) emit_unit_exports(&em, &funcs);
    Buf frames = {0};
    emit_frame_table(&em, &frames, npieces);
    /* the program's start: with -g, before the first #line, so that it is at its own lines */
    Buf glue = {0};
    if (opt->unit_init) emit_unit_statics(&em, opt->unit_init, &glue);
    buf_puts(&glue, "static void regal_program(void) {\n");
    if (heap_sites.sites.len)
        buf_printf(&glue, "    rt_heap_sites_register(regal_heap_sites, %zu);\n", heap_sites.sites.len);
    if (opt->nursery && !opt->unit_init) buf_puts(&glue, "    rt_nursery_start();\n");
    if (opt->separate) emit_unit_statics_calls(&em, &glue);
    if (em.static_syms.len && !opt->unit_init) {
        buf_puts(&glue, "    static RtSymbol *const syms[] = {");
        for (size_t i = 0; i < em.static_syms.len; i++)
            buf_printf(&glue, "%s%s", i ? (i % 8 ? ", " : ",\n        ") : "", em.static_syms.items[i]);
        buf_printf(&glue, "};\n    rt_intern_statics(syms, %zu);\n", em.static_syms.len);
    }
    if (opt->nfeatures) { /* -D NAME */
        buf_puts(&glue, "    static const char *const features[] = {");
        for (size_t i = 0; i < opt->nfeatures; i++) {
            if (i) buf_puts(&glue, ", ");
            emit_c_string(&glue, opt->features[i]);
        }
        buf_printf(&glue, "};\n    rt_features_add(features, %zu);\n", opt->nfeatures);
    }
    buf_putn(&glue, em.init.data ? em.init.data : "", em.init.len);
    if (emit_uses_eval(prog)) buf_puts(&glue, "    rt_eval_install();\n");
    if (prog->region_local) buf_puts(&glue, "    rt_region_enter(&rgl);\n");
    buf_putn(&glue, pieces.data ? pieces.data : "", pieces.len);
    if (prog->region_local) buf_puts(&glue, "    rt_region_leave(&rgl);\n");
    if (opt->unit_init) {   /* a library unit: its top level runs once, at its first import */
        buf_printf(&glue, "}\n\nRtValue %s(" EMIT_RTCODE_PARAMS ") {\n", opt->unit_init);
        buf_puts(&glue, "    (void)rr; (void)self; (void)a0; (void)a1; (void)a2; (void)a3;\n"
                        "    static int done;\n"
                        "    if (!done) {\n        done = 1;\n        rt_frames_register(&regal_frames);\n"
                        "        regal_program();\n    }\n"
                        "    return RT_UNSPEC;\n}\n");
    } else {
        buf_puts(&glue, "}\n\nint main(int argc, char **argv) {\n"
                        "    rt_frames_register(&regal_frames);\n");
        if (opt->check_regions)   /* exact depths: no region allocates in the heap for itself */
            buf_puts(&glue, "    rt_region_budget = 0;\n    rt_region_soft_chunks = UINT32_MAX;\n");
        buf_puts(&glue,
                        "    return rt_start(argc, argv, regal_program);\n}\n");
    }
    if (opt->stats) *opt->stats = em.stats;
    buf_printf(out, "/* Generated by regal %s from %s. */\n", REGAL_VERSION, prog->file);
    if (opt->nursery) buf_puts(out, "#define RT_NURSERY 1   /* -fnursery: runtime/regal.h, \"the nursery\" */\n");
    buf_puts(out, "#include \"regal.h\"\n\n");
    for (size_t i = 0; i < em.locs.len; i++) {
        buf_printf(out, "static const char L%zu[] __attribute__((unused)) = ", i);
        emit_c_string(out, em.locs.items[i]);
        buf_puts(out, ";\n");
    }
    emit_heap_site_table(&em, out);   /* before the code that uses the stand-ins */
    buf_putn(out, em.decls.data ? em.decls.data : "", em.decls.len);
    buf_puts(out, "\n");
    if (opt->line_directives) {
        for (int i = 0; i < npieces; i++) buf_printf(out, "static void regal_top%d(void);\n", i);
        buf_puts(out, "static RtFrameTable regal_frames;\n");
        buf_putn(out, glue.data, glue.len);
        buf_puts(out, "\n");
    }
    buf_putn(out, em.stubs.data ? em.stubs.data : "", em.stubs.len);
    buf_puts(out, "\n");
    buf_putn(out, funcs.data ? funcs.data : "", funcs.len);
    buf_putn(out, frames.data, frames.len);
    if (!opt->line_directives) buf_putn(out, glue.data, glue.len);
    buf_free(&glue);
    buf_free(&frames);
}
