/* emit_ffi.c: foreign calls in the C (compiler/ffi.c makes them; regal.h's "Foreign calls"
 * converts). Entry point: emit_ffi_call, for emit_primcall's %ffi-call nodes. The C function is
 * declared once per foreign-procedure form, under a name of its own bound to the C symbol by
 * an asm label:
 *     extern double regal_ffi3(double) __asm__("sqrt");
 * so a header's declaration of the same function (regal.h includes a few) never conflicts with
 * the types the program gave. Each argument is converted (checked: a cold error path) into a
 * C temporary before the call, the result converted back (a flonum, bignum or string in the
 * node's region).
 */
#include "emit.h"

#include <stdlib.h>
#include <string.h>

/* "an exact integer from -2147483648 to 2147483647 (int) as argument 1" */
static const char *emit_ffi_what(const FfiType *t, size_t i) {
    const char *what = "";
    switch (t->kind) {
    case FFI_SINT:
        what = t->bits == 64 ? xasprintf("an exact integer from -2^63 to 2^63-1")
                             : xasprintf("an exact integer from %lld to %lld", -(1LL << (t->bits - 1)), (1LL << (t->bits - 1)) - 1);
        break;
    case FFI_UINT:
        what = t->bits == 64 ? "an exact integer from 0 to 2^64-1" : xasprintf("an exact integer from 0 to %lld", (1LL << t->bits) - 1);
        break;
    case FFI_PTR: what = "an address (an exact integer from 0 to 2^64-1)"; break;
    case FFI_DOUBLE: case FFI_FLOAT: what = "a flonum"; break;
    case FFI_CHAR: what = "a character from U+0000 to U+00FF"; break;
    case FFI_STRING: what = "a string or #f"; break;
    case FFI_BYTES: what = "a bytevector or #f"; break;
    default: break;
    }
    return xasprintf("%s (%s) as argument %zu", what, t->name, i + 1);
}

/* The C expression converting value v to argument type t. */
static const char *emit_ffi_arg(const FfiType *t, const char *v, const char *loc, const char *who, size_t i) {
    const char *what = emit_str_lit(emit_ffi_what(t, i));
    switch (t->kind) {
    case FFI_SINT:
        if (t->bits == 64) return xasprintf("(%s)rt_ffi_s64(%s, INT64_MIN, INT64_MAX, %s, %s, %s)", t->ctype, v, loc, who, what);
        return xasprintf("(%s)rt_ffi_s64(%s, %lld, %lld, %s, %s, %s)", t->ctype, v, -(1LL << (t->bits - 1)),
                         (1LL << (t->bits - 1)) - 1, loc, who, what);
    case FFI_UINT:
        if (t->bits == 64) return xasprintf("(%s)rt_ffi_u64(%s, UINT64_MAX, %s, %s, %s)", t->ctype, v, loc, who, what);
        return xasprintf("(%s)rt_ffi_u64(%s, %lldu, %s, %s, %s)", t->ctype, v, (1LL << t->bits) - 1, loc, who, what);
    case FFI_PTR: return xasprintf("(void *)(uintptr_t)rt_ffi_u64(%s, UINTPTR_MAX, %s, %s, %s)", v, loc, who, what);
    case FFI_DOUBLE: return xasprintf("rt_ffi_double(%s, %s, %s, %s)", v, loc, who, what);
    case FFI_FLOAT: return xasprintf("(float)rt_ffi_double(%s, %s, %s, %s)", v, loc, who, what);
    case FFI_BOOL: return xasprintf("(%s) != RT_FALSE", v);
    case FFI_CHAR: return xasprintf("rt_ffi_char(%s, %s, %s, %s)", v, loc, who, what);
    case FFI_STRING: return xasprintf("rt_ffi_string(%s, %s, %s, %s)", v, loc, who, what);
    case FFI_BYTES: return xasprintf("rt_ffi_bytes(%s, %s, %s, %s)", v, loc, who, what);
    case FFI_OBJ: return v;
    case FFI_VOID: break;
    }
    diag_internal("emit_ffi_arg: type %s", t->name);
}

/* The value of C result r of type t, as an RtValue expression (rg: the node's region). */
static const char *emit_ffi_result(Emitter *em, Ast *a, const FfiType *t, const char *r) {
    switch (t->kind) {
    case FFI_VOID: return "RT_UNSPEC";
    case FFI_SINT:
        return t->bits == 64 ? xasprintf("rt_ffi_from_s64(%s, (int64_t)%s)", emit_rg(em, a), r) : xasprintf("RT_FIX((int64_t)%s)", r);
    case FFI_UINT:
        return t->bits == 64 ? xasprintf("rt_ffi_from_u64(%s, (uint64_t)%s)", emit_rg(em, a), r) : xasprintf("RT_FIX((int64_t)%s)", r);
    case FFI_PTR: return xasprintf("rt_ffi_from_u64(%s, (uint64_t)(uintptr_t)%s)", emit_rg(em, a), r);
    case FFI_DOUBLE: case FFI_FLOAT: return emit_alloc_float(em, emit_rg(em, a), xasprintf("(double)%s", r));
    case FFI_BOOL: return xasprintf("RT_BOOL(%s != 0)", r);
    case FFI_CHAR: return xasprintf("RT_CHAR((unsigned char)%s)", r);
    case FFI_STRING: return xasprintf("rt_ffi_from_string(%s, %s)", emit_rg(em, a), r);
    case FFI_OBJ: return r;
    case FFI_BYTES: break;
    }
    diag_internal("emit_ffi_result: type %s", t->name);
}

const char *emit_ffi_call(Emitter *em, Ast *a, const char **v, const char *loc) {
    const FfiSig *sig = a->ffi;
    char *fn = xasprintf("regal_ffi%d", sig->id);
    size_t *slot = ptrmap_slot(&em->ffi_decls, sig, true);
    if (*slot == PTRMAP_NONE) {   /* the declaration, once */
        *slot = 1;
        buf_printf(&em->decls, "extern %s %s(", sig->result->ctype, fn);
        for (size_t i = 0; i < sig->nargs; i++) buf_printf(&em->decls, "%s%s", i ? ", " : "", sig->args[i]->ctype);
        buf_printf(&em->decls, "%s) __asm__(", sig->nargs ? "" : "void");
        emit_c_string(&em->decls, sig->cname);
        buf_puts(&em->decls, ");\n");
    }
    const char *who = emit_str_lit(sig->cname);
    char *t = emit_temp(em);
    Buf call = {0};
    buf_printf(&call, "%s(", fn);
    for (size_t i = 0; i < sig->nargs; i++) {
        emit_line(em, "%s %s_%zu = %s;", sig->args[i]->ctype, t, i, emit_ffi_arg(sig->args[i], v[i], loc, who, i));
        buf_printf(&call, "%s%s_%zu", i ? ", " : "", t, i);
    }
    buf_putc(&call, ')');
    if (sig->result->kind == FFI_VOID) {
        emit_line(em, "%s;", buf_cstr(&call));
        buf_free(&call);
        return "RT_UNSPEC";
    }
    emit_line(em, "%s %s = %s;", sig->result->ctype, t, buf_cstr(&call));
    buf_free(&call);
    const char *r = emit_ffi_result(em, a, sig->result, t);
    if (sig->result->kind == FFI_DOUBLE || sig->result->kind == FFI_FLOAT) return r;  /* a temporary */
    char *rv = emit_temp(em);
    emit_line(em, "RtValue %s = %s;", rv, r);
    return rv;
}
