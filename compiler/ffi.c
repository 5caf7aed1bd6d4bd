/* ffi.c: foreign procedures, Chez Scheme's (foreign-procedure "c_name" (arg-type ...)
 * result-type). Entry points: ffi_expand (the keyword's expander, derive.c's table), and for
 * later passes ffi_result_type (infer.c) and ffi_result_allocates (emit_ffi.c).
 * The form becomes (lambda (a1 ... an) (%ffi-call a1 ... an)) with the parsed signature on the
 * %ffi-call node, so a foreign procedure is an ordinary first-class procedure (passed to map,
 * called directly when known); emit_ffi.c writes the C call. The type names are Chez's
 * (Chez Scheme User's Guide, section 4.3), with its rules where they are checkable: a double
 * takes a flonum only, an integer type an exact integer in its C range, void* an address (an
 * exact non-negative integer), string a string or #f (NULL).
 */
#include "regalc.h"

#include <string.h>

static const FfiType ffi_types[] = {
    {"void", "void", FFI_VOID, 0},
    {"int", "int", FFI_SINT, 32},
    {"unsigned", "unsigned int", FFI_UINT, 32},
    {"unsigned-int", "unsigned int", FFI_UINT, 32},
    {"short", "short", FFI_SINT, 16},
    {"unsigned-short", "unsigned short", FFI_UINT, 16},
    {"long", "long", FFI_SINT, 64},
    {"unsigned-long", "unsigned long", FFI_UINT, 64},
    {"long-long", "long long", FFI_SINT, 64},
    {"unsigned-long-long", "unsigned long long", FFI_UINT, 64},
    {"size_t", "unsigned long", FFI_UINT, 64},
    {"ssize_t", "long", FFI_SINT, 64},
    {"iptr", "long", FFI_SINT, 64},
    {"uptr", "unsigned long", FFI_UINT, 64},
    {"integer-8", "signed char", FFI_SINT, 8},
    {"unsigned-8", "unsigned char", FFI_UINT, 8},
    {"integer-16", "short", FFI_SINT, 16},
    {"unsigned-16", "unsigned short", FFI_UINT, 16},
    {"integer-32", "int", FFI_SINT, 32},
    {"unsigned-32", "unsigned int", FFI_UINT, 32},
    {"integer-64", "long long", FFI_SINT, 64},
    {"unsigned-64", "unsigned long long", FFI_UINT, 64},
    {"double", "double", FFI_DOUBLE, 0},
    {"double-float", "double", FFI_DOUBLE, 0},
    {"float", "float", FFI_FLOAT, 0},
    {"single-float", "float", FFI_FLOAT, 0},
    {"boolean", "int", FFI_BOOL, 0},
    {"char", "char", FFI_CHAR, 0},
    {"string", "char *", FFI_STRING, 0},
    {"utf-8", "char *", FFI_STRING, 0},
    {"void*", "void *", FFI_PTR, 0},
    {"u8*", "void *", FFI_BYTES, 0},
    {"scheme-object", "RtValue", FFI_OBJ, 0},
};
#define FFI_NTYPES (sizeof ffi_types / sizeof ffi_types[0])

static const FfiType *ffi_type(Datum *d, bool result) {
    if (d->kind != DATUM_SYMBOL) {
        Buf b = {0};
        datum_print(&b, d);
        diag_error(d->loc, "foreign-procedure: a type is a name, not %s", buf_cstr(&b));
        return NULL;
    }
    const char *name = scope_base(d->sym)->name;
    for (size_t i = 0; i < FFI_NTYPES; i++) {
        if (strcmp(ffi_types[i].name, name)) continue;
        if (!result && ffi_types[i].kind == FFI_VOID) {
            diag_error(d->loc, "foreign-procedure: void is a result type only");
            return NULL;
        }
        if (result && ffi_types[i].kind == FFI_BYTES) {
            diag_error(d->loc, "foreign-procedure: u8* is an argument type only");
            return NULL;
        }
        return &ffi_types[i];
    }
    Buf known = {0};
    for (size_t i = 0; i < FFI_NTYPES; i++) buf_printf(&known, "%s%s", i ? " " : "", ffi_types[i].name);
    diag_error(d->loc, "foreign-procedure: unknown type '%s' (the types: %s)", name, buf_cstr(&known));
    buf_free(&known);
    return NULL;
}

/* A C identifier: what an asm label of the declaration can name. */
static bool ffi_c_identifier(const char *s) {
    if (!*s || (*s >= '0' && *s <= '9')) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return false;
    return true;
}

Ast *ffi_expand(Expander *ex, Datum *use, Scope *sc) {
    (void)sc;
    if (datum_list_length(use) != 4) return expand_malformed(use, "foreign-procedure (expected (foreign-procedure \"c_name\" (arg-type ...) result-type))");
    Datum *name = use->pair.cdr->pair.car;
    Datum *args = use->pair.cdr->pair.cdr->pair.car;
    Datum *res = use->pair.cdr->pair.cdr->pair.cdr->pair.car;
    if (name->kind != DATUM_STRING) {
        diag_error(name->loc, "foreign-procedure: the C function is named by a string");
        return ast_unspec(use->loc);
    }
    Buf cname = {0};
    for (size_t i = 0; i < name->str.len; i++) buf_put_utf8(&cname, name->str.chars[i]);
    if (!ffi_c_identifier(buf_cstr(&cname))) {
        diag_error(name->loc, "foreign-procedure: \"%s\" is not a C identifier", buf_cstr(&cname));
        return ast_unspec(use->loc);
    }
    if (datum_list_length(args) == (size_t)-1) {
        diag_error(args->loc, "foreign-procedure: the argument types are a list");
        return ast_unspec(use->loc);
    }
    FfiSig *sig = xcalloc(1, sizeof *sig);
    sig->cname = buf_cstr(&cname);
    sig->loc = use->loc;
    sig->nargs = datum_list_length(args);
    sig->args = xcalloc(sig->nargs + 1, sizeof *sig->args);
    bool ok = true;
    size_t i = 0;
    for (Datum *p = args; p->kind == DATUM_PAIR; p = p->pair.cdr, i++)
        ok &= (sig->args[i] = ffi_type(p->pair.car, false)) != NULL;
    ok &= (sig->result = ffi_type(res, true)) != NULL;
    if (!ok) return ast_unspec(use->loc);
    bool keep = false;
    for (i = 0; i < sig->nargs; i++) keep |= sig->args[i]->kind == FFI_OBJ;
    /* (lambda (a1 ... an) (%ffi-call a1 ... an)) */
    Lambda *l = expand_lambda_begin(ex, sym_cstr(sig->cname), use->loc);
    sig->id = l->id;
    Ast *call = ast_prim(keep ? "%ffi-call-keep" : "%ffi-call", use->loc);
    call->ffi = sig;
    for (i = 0; i < sig->nargs; i++) {
        Var *v = expand_new_var(ex, expand_gensym(ex, "a"), use->loc);
        vec_push(&l->params, v);
        vec_push(&call->args, ast_ref(v, use->loc));
    }
    expand_lambda_end(ex, l, call);
    return ast_lambda(l);
}

Type ffi_result_type(const FfiSig *sig) {
    const FfiType *t = sig->result;
    switch (t->kind) {
    case FFI_VOID: return TY_UNSPEC;
    case FFI_SINT: case FFI_UINT: return t->bits < 64 ? TY_FIX : TY_INT;
    case FFI_PTR: return TY_INT;
    case FFI_DOUBLE: case FFI_FLOAT: return TY_FLO;
    case FFI_BOOL: return TY_BOOL;
    case FFI_CHAR: return TY_CHAR;
    case FFI_STRING: return TY_STR | TY_BOOL;
    case FFI_BYTES: case FFI_OBJ: break;
    }
    return TY_ANY;
}

bool ffi_result_allocates(const FfiSig *sig) {
    switch (sig->result->kind) {
    case FFI_SINT: case FFI_UINT: return sig->result->bits == 64;
    case FFI_PTR: case FFI_DOUBLE: case FFI_FLOAT: case FFI_STRING: return true;
    default: return false;
    }
}
