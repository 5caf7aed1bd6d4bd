/* interface.c: separately compiled libraries. `regal -c lib.sld -o lib.o` writes lib.rgi beside
 * lib.o: what an importer needs to compile against the library without its source, as
 * S-expressions the reader reads back:
 *   (regal-interface "0.1.0" 1)            the compiler's version, the format's
 *   (unit "regal_init_...")                the unit's initialiser (its top level, run once)
 *   (source "/abs/ml/a.sld") ...           the files it was compiled from (staleness)
 *   (library (ml a)
 *     (depends ((ml b) "hash") ...)        separately compiled libraries it imports, with
 *                                          a hash of the interface it was compiled against
 *     (exports (ext internal) ...)         its exports: external name, name at its top level
 *     (bindings (name KIND ...) ...))      those names and the ones its exported macros use:
 *        variable "regal_v_..." "regal_x_..."|#f arity|#f procedure|unknown "(lib)"|#f RESULT ARGS
 *        (RESULT: the type of its result: unknown, or its kinds, (fixnum bignum); ARGS: what
 *        it does with each argument (regions.c's summaries), (none result kept ...), or #f)
 *        primitive car | keyword let | syntax (syntax-rules ...)
 * Entry points: interface_mark, interface_write (-c); interface_load, interface_expand
 * (importers); interface_check_linked (linking). The region and type summary of a procedure
 * is the conservative one: its arguments may escape (callers put them in the collected heap)
 * and its result may live anywhere (an unknown call for infer.c and regions.c); what the
 * interface adds is its arity, for a call of its direct entry, and RESULT, the type
 * infer.c gave its result with its arguments unknown.
 */
#include "regalc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct Unit {
    const char *path;     /* the .rgi */
    const char *object;   /* the .o beside it */
    bool linked;          /* its object file is on the command line */
    ExtVar *init;         /* its initialiser */
    Var *init_var;
    char hash[17];        /* of the .rgi's text: what its importers were compiled against */
    const char *source;   /* its first source, for messages */
} Unit;

struct Interface {        /* one library of a unit */
    Unit *unit;
    Datum *deps, *exports, *bindings;
};

struct Interfaces {
    VEC(Unit *) units;
    VarVec vars;          /* the ExtVars made, one per C name */
};

static Datum *car(Datum *d) { return d->pair.car; }
static Datum *cdr(Datum *d) { return d->pair.cdr; }
static bool is_pair(Datum *d) { return d->kind == DATUM_PAIR; }

static struct Interfaces *iface_state(Libraries *ls) {
    struct Interfaces **s = library_ifaces(ls);
    if (!*s) *s = xcalloc(1, sizeof **s);
    return *s;
}

/* ---- C names -------------------------------------------------------------------------------- */
static void iface_escape(Buf *b, const char *s) {
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))
            buf_putc(b, (char)*p);
        else
            buf_printf(b, "_%02x", *p);
    }
}

char *interface_c_name(const char *prefix, const char *lib, const char *name) {
    Buf b = {0};
    buf_puts(&b, prefix);
    if (lib) {   /* "(ml a)" -> ml_20a */
        size_t n = strlen(lib);
        char *in = n > 2 && lib[0] == '(' && lib[n - 1] == ')' ? xstrndup(lib + 1, n - 2) : xstrdup(lib);
        iface_escape(&b, in);
        free(in);
        buf_puts(&b, "_V_");
    }
    iface_escape(&b, name);
    return (char *)buf_cstr(&b);
}

static char *iface_swap_prefix(const char *s, const char *from, const char *to) {
    size_t n = strlen(from);
    if (strncmp(s, from, n)) diag_internal("interface: '%s' has no prefix '%s'", s, from);
    return xasprintf("%s%s", to, s + n);
}
char *interface_direct_name(const char *value) { return iface_swap_prefix(value, "regal_v_", "regal_x_"); }
char *interface_generic_name(const char *value) { return iface_swap_prefix(value, "regal_v_", "regal_g_"); }
char *interface_statics_name(const char *init) { return iface_swap_prefix(init, "regal_init_", "regal_statics_"); }

char *interface_path_of(const char *object) {
    size_t n = strlen(object);
    if (n > 2 && !strcmp(object + n - 2, ".o")) n -= 2;
    return xasprintf("%.*s.rgi", (int)n, object);
}

/* ---- writing (-c) --------------------------------------------------------------------------- */
static bool iface_local(const Library *lib, const char *file) {
    return lib->def && lib->path && !strcmp(lib->path, file);
}

typedef VEC(Sym *) SymList;

static void iface_syms(Datum *d, SymList *out) {
    for (; is_pair(d); d = cdr(d)) iface_syms(car(d), out);
    if (d->kind == DATUM_SYMBOL) {
        Sym *s = scope_base(d->sym);
        for (size_t i = 0; i < out->len; i++)
            if (out->items[i] == s) return;
        vec_push(out, s);
    } else if (d->kind == DATUM_VECTOR) {
        for (size_t i = 0; i < d->vec.len; i++) iface_syms(d->vec.items[i], out);
    }
}

/* The name a binding has at lib's top level (an export may be renamed). */
static Sym *iface_internal_name(Library *lib, const Binding *e) {
    TopEnv *env = &lib->env;
    for (size_t i = 0; i < env->cap; i++) {
        Binding *b = &env->tab[i];
        if (b->name && b->var == e->var && b->kw == e->kw && b->macro == e->macro) return b->name;
    }
    return e->name;
}

/* The names of lib's top level that other units see: its exports, and what its exported
 * macros name (transitively through its other macros). */
static void iface_names(Library *lib, SymList *names) {
    Expander *ex = lib->env.ex;
    for (size_t i = 0; i < lib->exports.len; i++) {
        Sym *n = iface_internal_name(lib, &lib->exports.items[i]);
        bool seen = false;
        for (size_t k = 0; k < names->len; k++) seen |= names->items[k] == n;
        if (!seen) vec_push(names, n);
    }
    for (size_t i = 0; i < names->len; i++) {
        const Binding *b = expand_env_find(ex, &lib->env, names->items[i]);
        if (b && b->macro && !(b->from && b->from->iface)) iface_syms(macro_spec(b->macro), names);
    }
}

void interface_mark(Libraries *ls, const char *file) {
    size_t n;
    Library *const *all = library_all(ls, &n);
    for (size_t i = 0; i < n; i++) {
        Library *lib = all[i];
        if (!iface_local(lib, file)) continue;
        SymList names = {0};
        iface_names(lib, &names);
        for (size_t k = 0; k < names.len; k++) {
            const Binding *b = expand_env_find(lib->env.ex, &lib->env, names.items[k]);
            Var *v = b ? b->var : NULL;
            if (b && b->macro && b->from && !b->from->iface && b->from->def)
                diag_error((Loc){file, 1, 1}, "library %s exports the macro '%s' of library %s, "
                           "which is compiled with it: compile %s separately first (regal -c)",
                           lib->name, names.items[k]->name, b->from->name, b->from->name);
            if (v && v->defined && !v->cname)
                v->cname = interface_c_name("regal_v_", lib->name, v->name->name);
        }
        vec_free(&names);
    }
}

const char *interface_init_name(Libraries *ls, const char *file) {
    size_t n;
    Library *const *all = library_all(ls, &n);
    for (size_t i = 0; i < n; i++)
        if (iface_local(all[i], file)) {
            const char *name = all[i]->name;   /* "(ml a)" -> regal_init_ml_20a */
            return interface_c_name("regal_init_", NULL, xstrndup(name + 1, strlen(name) - 2));
        }
    return NULL;
}

static void iface_write_sym(Buf *b, Sym *s) {
    Datum *d = datum_sym(s, (Loc){0});
    datum_print(b, d);
}

static const char *const iface_type_names[] = {
#define IFACE_TYPE_NAME(name, bit, text) text,
    TYPE_BITS(IFACE_TYPE_NAME)
#undef IFACE_TYPE_NAME
};

/* A type: unknown, or the list of its kinds, (fixnum bignum). */
static void iface_write_type(Buf *b, Type t) {
    if (t == TY_ANY) {
        buf_puts(b, "unknown");
        return;
    }
    buf_putc(b, '(');
    const char *sep = "";
    for (int i = 0; i < TY_NBITS; i++)
        if (t & (1u << i)) {
            buf_printf(b, "%s%s", sep, iface_type_names[i]);
            sep = " ";
        }
    buf_putc(b, ')');
}

static const char *const iface_sum_names[] = {"none", "result", "kept"};

/* What a procedure does with each argument (RegionSum): (none result kept ...), or #f. */
static void iface_write_sums(Buf *b, const uint8_t *sums, size_t n) {
    if (!sums || !n) {
        buf_puts(b, " #f");
        return;
    }
    buf_puts(b, " (");
    for (size_t i = 0; i < n; i++) buf_printf(b, "%s%s", i ? " " : "", iface_sum_names[sums[i] <= SUM_GLOBAL ? sums[i] : SUM_GLOBAL]);
    buf_putc(b, ')');
}

static void iface_write_binding(Buf *b, Sym *name, const Binding *x) {
    buf_puts(b, "\n    (");
    iface_write_sym(b, name);
    Var *v = x->var;
    if (x->macro && x->from && x->from->iface) {   /* another compiled library's macro */
        const Library *l = x->from;
        Sym *ext = NULL;
        for (size_t i = 0; i < l->exports.len && !ext; i++)
            if (l->exports.items[i].macro == x->macro) ext = l->exports.items[i].name;
        buf_printf(b, " imported-syntax %s ", l->name);
        iface_write_sym(b, ext ? ext : name);
    } else if (x->macro) {
        buf_puts(b, " syntax ");
        datum_print(b, scope_strip(macro_spec(x->macro)));
    } else if (x->kw) {
        buf_puts(b, " keyword ");
        iface_write_sym(b, expand_keyword_name(x->kw));
    } else if (v && v->prim && !v->defined) {
        buf_printf(b, " primitive ");
        iface_write_sym(b, sym_cstr(v->prim->name));
    } else if (v && v->ext) {
        buf_printf(b, " variable \"%s\" ", v->ext->value);
        if (v->ext->direct) buf_printf(b, "\"%s\" %d", v->ext->direct, v->ext->nreq);
        else buf_puts(b, "#f #f");
        buf_printf(b, " %s \"%s\" ", v->ext->type == TY_PROC ? "procedure" : "unknown", v->ext->lib);
        iface_write_type(b, v->ext->ret);
        iface_write_sums(b, v->ext->arg_sum, v->ext->direct ? v->ext->nreq : 0);
    } else if (v && v->cname) {
        buf_printf(b, " variable \"%s\" ", v->cname);
        if (v->cdirect) buf_printf(b, "\"%s\" %zu", v->cdirect, v->known->params.len);
        else buf_puts(b, "#f #f");
        bool proc = v->known && v->nsets == 0 && v->ndefs == 1;
        Type ret = v->cdirect ? v->known->ret_type : TY_ANY;   /* infer.c's */
        buf_printf(b, " %s #f ", proc ? "procedure" : "unknown");
        iface_write_type(b, ret ? ret : TY_ANY);
        iface_write_sums(b, v->cdirect ? v->known->param_sum : NULL, v->cdirect ? v->known->params.len : 0);
    } else {
        diag_internal("interface: '%s' has no binding other units can see", name->name);
    }
    buf_puts(b, ")");
}

bool interface_write(Libraries *ls, const char *file, const char *path, const char *init) {
    Buf b = {0};
    buf_printf(&b, ";; The interface of %s, written by regal -c and read by its importers.\n", file);
    buf_printf(&b, "(regal-interface \"%s\" %d)\n(unit \"%s\")\n", REGAL_VERSION, INTERFACE_FORMAT, init);
    for (size_t i = 0;; i++) {
        const char *src = util_input(i);
        if (!src) break;
        size_t n = strlen(src);
        if (n > 4 && !strcmp(src + n - 4, ".rgi")) continue;
        char real[PATH_MAX];
        buf_puts(&b, "(source ");
        Datum *d = datum_new(DATUM_STRING, (Loc){0});
        const char *p = realpath(src, real) ? real : src;
        d->str.len = strlen(p);
        d->str.chars = xcalloc(d->str.len + 1, sizeof *d->str.chars);
        for (size_t k = 0; k < d->str.len; k++) d->str.chars[k] = (unsigned char)p[k];
        datum_print(&b, d);   /* (bytes of a non-UTF-8 name come back as the same bytes) */
        buf_puts(&b, ")\n");
    }
    size_t n;
    Library *const *all = library_all(ls, &n);
    for (size_t i = 0; i < n; i++) {
        Library *lib = all[i];
        if (!iface_local(lib, file)) continue;
        buf_printf(&b, "(library %s\n  (depends", lib->name);
        for (size_t k = 0; k < n; k++)   /* with the interface each was compiled against */
            if (all[k]->iface && all[k]->state == LIB_LOADED)
                buf_printf(&b, " (%s \"%s\")", all[k]->name, all[k]->iface->unit->hash);
        buf_puts(&b, ")\n  (exports");
        for (size_t k = 0; k < lib->exports.len; k++) {
            buf_puts(&b, " (");
            iface_write_sym(&b, lib->exports.items[k].name);
            buf_puts(&b, " ");
            iface_write_sym(&b, iface_internal_name(lib, &lib->exports.items[k]));
            buf_puts(&b, ")");
        }
        buf_puts(&b, ")\n  (bindings");
        SymList names = {0};
        iface_names(lib, &names);
        for (size_t k = 0; k < names.len; k++) {
            const Binding *x = expand_env_find(lib->env.ex, &lib->env, names.items[k]);
            if (!x || (x->var && !x->var->defined && !x->var->prim && !x->var->ext)) continue;
            iface_write_binding(&b, names.items[k], x);
        }
        vec_free(&names);
        buf_puts(&b, "))\n");
    }
    int err = util_write_file(path, b.data, b.len);
    buf_free(&b);
    if (err) {
        fprintf(stderr, "regal: cannot write '%s': %s\n", path, strerror(err));
        return false;
    }
    return true;
}

/* ---- reading (importers) -------------------------------------------------------------------- */
static bool iface_head(Datum *d, const char *name) {
    return is_pair(d) && datum_is_sym(car(d), name) && datum_list_length(d) != (size_t)-1;
}

static char *iface_string(Datum *d) {
    if (d->kind != DATUM_STRING) return NULL;
    char *s = xcalloc(d->str.len + 1, 1);
    for (size_t i = 0; i < d->str.len; i++) s[i] = (char)d->str.chars[i];
    return s;
}

static const char *iface_name_text(Datum *name) {
    Buf b = {0};
    datum_print(&b, name);
    return buf_cstr(&b);
}

/* An interface that cannot be used stops the compilation: what is imported from it would
 * only give more errors. */
static NORETURN void iface_bad(const char *path, Loc loc, const char *what) {
    diag_fatal(loc, "'%s' is not a valid interface file (%s): compile its library again with regal -c",
               path, what);
}

/* Is src newer than the interface written from it? */
static bool iface_newer(const char *src, const struct stat *rgi) {
    struct stat st;
    if (stat(src, &st) != 0) return false;   /* gone (an installed library): nothing to compare */
    return st.st_mtim.tv_sec > rgi->st_mtim.tv_sec ||
           (st.st_mtim.tv_sec == rgi->st_mtim.tv_sec && st.st_mtim.tv_nsec > rgi->st_mtim.tv_nsec);
}

struct Interface *interface_load(Expander *ex, Libraries *ls, const char *path, bool linked, Loc loc) {
    struct Interfaces *st = iface_state(ls);
    char real[PATH_MAX];
    const char *key = realpath(path, real) ? xstrdup(real) : path;
    size_t n;
    Library *const *all = library_all(ls, &n);
    for (size_t i = 0; i < st->units.len; i++)
        if (!strcmp(st->units.items[i]->path, key)) {
            st->units.items[i]->linked |= linked;
            for (size_t k = 0; k < n; k++)
                if (all[k]->iface && all[k]->iface->unit == st->units.items[i]) return all[k]->iface;
            return NULL;
        }
    size_t len;
    char *text = util_read_file(path, &len);
    struct stat sst;
    if (!text || stat(path, &sst) != 0) {
        diag_fatal(loc, "cannot read the interface file '%s': %s", path, strerror(errno));
    }
    DatumVec forms = {0};
    Loc at = {path, 1, 1};
    if (!reader_read_all(path, text, len, &forms)) iface_bad(path, at, "unreadable");
    Datum *h = forms.len ? forms.items[0] : NULL;
    if (!h || !iface_head(h, "regal-interface") || datum_list_length(h) != 3 ||
        car(cdr(h))->kind != DATUM_STRING) {
        iface_bad(path, at, "no regal-interface header");
    }
    char *version = iface_string(car(cdr(h)));
    Datum *format = car(cdr(cdr(h)));
    if (strcmp(version, REGAL_VERSION) || format->kind != DATUM_FIXNUM || format->fix != INTERFACE_FORMAT) {
        diag_fatal(loc.file ? loc : at, "the interface file '%s' was written by regal %s, not by this "
                                        "regal %s: compile its library again with regal -c",
                   path, version, REGAL_VERSION);
    }
    Unit *u = xcalloc(1, sizeof *u);
    uint64_t fnv = 14695981039346656037ull;   /* FNV-1a */
    for (size_t i = 0; i < len; i++) fnv = (fnv ^ (unsigned char)text[i]) * 1099511628211ull;
    snprintf(u->hash, sizeof u->hash, "%016llx", (unsigned long long)fnv);
    u->path = key;
    u->linked = linked;
    size_t pn = strlen(path);
    u->object = xasprintf("%.*s.o", (int)(pn > 4 ? pn - 4 : pn), path);
    struct Interface *first = NULL;
    for (size_t i = 1; i < forms.len; i++) {
        Datum *f = forms.items[i];
        if (iface_head(f, "unit") && datum_list_length(f) == 2 && iface_string(car(cdr(f)))) {
            char *init = iface_string(car(cdr(f)));
            u->init = xcalloc(1, sizeof *u->init);
            *u->init = (ExtVar){.direct = init, .nreq = 0, .type = TY_PROC,
                                .statics = interface_statics_name(init)};
        } else if (iface_head(f, "source") && datum_list_length(f) == 2 && iface_string(car(cdr(f)))) {
            char *src = iface_string(car(cdr(f)));
            if (!u->source) u->source = src;
            if (iface_newer(src, &sst)) {
                diag_fatal(loc.file ? loc : at, "the interface file '%s' is out of date: '%s' changed "
                                                "after it was compiled (compile it again with regal -c)",
                           path, src);
            }
        } else if (iface_head(f, "library") && datum_list_length(f) == 5 && u->init &&
                   iface_head(car(cdr(cdr(f))), "depends") &&
                   iface_head(car(cdr(cdr(cdr(f)))), "exports") &&
                   iface_head(car(cdr(cdr(cdr(cdr(f))))), "bindings")) {
            Datum *name = car(cdr(f));
            const char *text_name = iface_name_text(name);
            for (size_t k = 0; k < n; k++)
                if (!strcmp(all[k]->name, text_name)) {
                    diag_fatal(loc.file ? loc : at, "library %s of '%s' is already defined%s%s", text_name,
                               path, all[k]->path ? " by " : "", all[k]->path ? all[k]->path : "");
                }
            Library *lib = library_add(ex, ls, text_name, path, NULL);
            lib->name_datum = name;
            lib->iface = xcalloc(1, sizeof *lib->iface);
            *lib->iface = (struct Interface){u, cdr(car(cdr(cdr(f)))), cdr(car(cdr(cdr(cdr(f))))),
                                             cdr(car(cdr(cdr(cdr(cdr(f))))))};
            u->init->lib = lib->name;
            if (!first) first = lib->iface;
            all = library_all(ls, &n);
        } else {
            iface_bad(path, f->loc, "unknown entry");
        }
    }
    if (!first) {
        iface_bad(path, at, "no library");
    }
    vec_push(&st->units, u);
    return first;
}

/* The variable other units reach through C name value (one Var per name). */
static Var *iface_var(Expander *ex, struct Interfaces *st, Sym *name, ExtVar *x, Loc loc) {
    for (size_t i = 0; i < st->vars.len; i++)
        if (!strcmp(st->vars.items[i]->ext->value, x->value)) return st->vars.items[i];
    Var *v = expand_extern_var(ex, name, x, loc);
    vec_push(&st->vars, v);
    return v;
}

/* A type as iface_write_type writes it; TY_ANY when it is not one. */
static Type iface_type(Datum *d) {
    const char *const *names = iface_type_names;
    Type t = 0;
    for (; is_pair(d); d = cdr(d)) {
        int k = -1;
        for (int i = 0; i < TY_NBITS && car(d)->kind == DATUM_SYMBOL; i++)
            if (!strcmp(names[i], car(d)->sym->name)) k = i;
        if (k < 0) return TY_ANY;
        t |= 1u << k;
    }
    return t && d->kind == DATUM_NIL ? t : TY_ANY;
}

/* One entry of (bindings ...) into b; false when it is malformed. */
static bool iface_binding(Expander *ex, Libraries *ls, Library *lib, Datum *e, Binding *b) {
    size_t n = datum_list_length(e);
    if (n == (size_t)-1 || n < 3 || car(e)->kind != DATUM_SYMBOL || car(cdr(e))->kind != DATUM_SYMBOL)
        return false;
    *b = (Binding){.name = car(e)->sym};
    const char *kind = car(cdr(e))->sym->name;
    Datum *arg = car(cdr(cdr(e)));
    if (!strcmp(kind, "imported-syntax")) {   /* (name imported-syntax (lib) exported-name) */
        Library *from = n == 4 ? library_require(ex, ls, arg, e->loc) : NULL;
        Datum *ext = n == 4 ? car(cdr(cdr(cdr(e)))) : NULL;
        for (size_t i = 0; from && ext->kind == DATUM_SYMBOL && i < from->exports.len; i++)
            if (from->exports.items[i].name == ext->sym && from->exports.items[i].macro) {
                b->macro = from->exports.items[i].macro;
                b->from = from;
                return true;
            }
        return false;
    }
    if (!strcmp(kind, "syntax")) {
        b->macro = macro_new(b->name, arg, NULL, &lib->env.top);
        return b->macro != NULL;
    }
    if (!strcmp(kind, "keyword") || !strcmp(kind, "primitive")) {
        const Binding *core = arg->kind == DATUM_SYMBOL ? expand_core_binding(ex, arg->sym) : NULL;
        if (!core) return false;
        b->var = core->var;
        b->kw = core->kw;
        return true;
    }
    if (strcmp(kind, "variable") || n != 9) return false;
    Datum *direct = car(cdr(cdr(cdr(e)))), *arity = car(cdr(cdr(cdr(cdr(e)))));
    Datum *type = car(cdr(cdr(cdr(cdr(cdr(e)))))), *from = car(cdr(cdr(cdr(cdr(cdr(cdr(e)))))));
    ExtVar *x = xcalloc(1, sizeof *x);
    x->value = iface_string(arg);
    x->direct = iface_string(direct);
    x->nreq = arity->kind == DATUM_FIXNUM ? (int)arity->fix : -1;
    x->type = datum_is_sym(type, "procedure") ? TY_PROC : TY_ANY;
    x->lib = from->kind == DATUM_STRING ? iface_string(from) : lib->name;
    x->ret = iface_type(car(cdr(cdr(cdr(cdr(cdr(cdr(cdr(e)))))))));
    Datum *sums = car(cdr(cdr(cdr(cdr(cdr(cdr(cdr(cdr(e)))))))));
    if (x->direct && x->nreq > 0 && datum_list_length(sums) == (size_t)x->nreq) {
        uint8_t *a = xcalloc((size_t)x->nreq, 1);
        bool ok = true;
        for (int i = 0; i < x->nreq; i++, sums = cdr(sums)) {
            a[i] = SUM_GLOBAL + 1;
            for (uint8_t k = SUM_NONE; k <= SUM_GLOBAL; k++)
                if (datum_is_sym(car(sums), iface_sum_names[k])) a[i] = k;
            ok &= a[i] <= SUM_GLOBAL;
        }
        x->arg_sum = ok ? a : NULL;   /* else: every argument kept */
    }
    if (!x->value || (x->direct && x->nreq < 0)) return false;
    b->var = iface_var(ex, iface_state(ls), b->name, x, (Loc){lib->path, 1, 1});
    return true;
}

void interface_expand(Expander *ex, Libraries *ls, Library *lib, AstVec *out) {
    struct Interface *it = lib->iface;
    Loc at = {lib->path, 1, 1};
    for (Datum *p = it->deps; is_pair(p); p = cdr(p)) {   /* ((lib) "hash") */
        Datum *d = car(p);
        if (datum_list_length(d) != 2 || !is_pair(car(d)) || car(cdr(d))->kind != DATUM_STRING)
            iface_bad(lib->path, d->loc, "a bad dependency");
        Library *dep = library_require(ex, ls, car(d), at);
        if (!dep) return;
        char *hash = iface_string(car(cdr(d)));
        if (dep->iface && strcmp(dep->iface->unit->hash, hash))
            diag_fatal(at, "the interface file '%s' was compiled against another version of %s ('%s' "
                           "changed since): compile '%s' again with regal -c",
                       lib->path, dep->name, dep->path, it->unit->source ? it->unit->source : lib->name);
    }
    for (Datum *p = it->bindings; is_pair(p); p = cdr(p)) {
        Binding b;
        if (!iface_binding(ex, ls, lib, car(p), &b)) {
            iface_bad(lib->path, car(p)->loc, "a bad binding");
        }
        expand_env_import(ex, &lib->env, &b, at);
    }
    for (Datum *p = it->exports; is_pair(p); p = cdr(p)) {
        Datum *e = car(p);
        const Binding *b = datum_list_length(e) == 2 && car(e)->kind == DATUM_SYMBOL &&
                                   car(cdr(e))->kind == DATUM_SYMBOL
                               ? expand_env_find(ex, &lib->env, car(cdr(e))->sym)
                               : NULL;
        if (!b) {
            iface_bad(lib->path, e->loc, "an export without a binding");
        }
        Binding x = *b;
        x.name = car(e)->sym;
        x.from = lib;
        vec_push(&lib->exports, x);
    }
    Unit *u = it->unit;
    if (!u->init_var) u->init_var = expand_extern_var(ex, sym_cstr(u->init->direct), u->init, at);
    Ast *call = ast_new(AST_CALL, at);
    call->fn = ast_ref(u->init_var, at);
    vec_push(out, call);
}

bool interface_check_linked(Libraries *ls) {
    size_t n;
    Library *const *all = library_all(ls, &n);
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        Library *lib = all[i];
        if (!lib->iface || lib->state != LIB_LOADED || lib->iface->unit->linked) continue;
        fprintf(stderr, "regal: error: library %s is compiled separately ('%s'), but its object file "
                        "'%s' is not on the command line\n", lib->name, lib->path, lib->iface->unit->object);
        lib->iface->unit->linked = true;   /* said once */
        ok = false;
    }
    return ok;
}
