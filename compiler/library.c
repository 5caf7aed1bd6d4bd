/* library.c: R7RS libraries (5.2 import, 5.6 define-library): finding a library by its name,
 * expanding it once at a top level of its own, import sets, exports.
 *
 * Entry points: library_new, library_declare (a define-library in the program's file),
 * library_import (an import declaration: each import set's bindings into a top level),
 * library_available (cond-expand's library requirement). Requires: the expander's top-level
 * services (expand_env_*, expand_top_forms, expand_include, expand_builtin_exports). Guarantees:
 * a user library is expanded once, after the libraries it imports, and its body appended to
 * library_bodies, so bodies run in dependency order before the program; a cycle of imports, an
 * unknown library, a name a library does not export are errors at the import, naming the files
 * and the directories searched. The built-in libraries' exports are the rows of prims.def and
 * of the keyword tables that carry their LIB_ bit. When compiling separately (ExpandOptions
 * .separate), a library is taken from its interface file (.rgi, found by name as a .sld is;
 * interface.c), whose first import appends its initialiser's call instead of a body; a user
 * library found only as source is then an error, an installed one is compiled with the unit.
 */
#include "regalc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const lib_builtin_names[LIB_COUNT] = {
#define LIB_NAME(id, name) name,
    LIBRARIES(LIB_NAME)
#undef LIB_NAME
};

struct Libraries {
    const ExpandOptions *opt;
    const char *program_file;
    VEC(Library *) all;
    VEC(Library *) loading;   /* the libraries being expanded, the importer before the imported */
    AstVec bodies;
    struct Interfaces *ifaces; /* interface.c's state */
};

struct Interfaces **library_ifaces(Libraries *ls) { return &ls->ifaces; }

static Datum *car(Datum *d) { return d->pair.car; }
static Datum *cdr(Datum *d) { return d->pair.cdr; }
static bool is_pair(Datum *d) { return d->kind == DATUM_PAIR; }
static bool is_sym(Datum *d) { return d->kind == DATUM_SYMBOL; }

Libraries *library_new(const ExpandOptions *opt, const char *program_file) {
    Libraries *ls = xcalloc(1, sizeof *ls);
    ls->opt = opt;
    ls->program_file = program_file;
    return ls;
}

AstVec *library_bodies(Libraries *ls) { return &ls->bodies; }
Library *const *library_all(Libraries *ls, size_t *n) {
    *n = ls->all.len;
    return ls->all.items;
}
const char *library_name(const Library *lib) { return lib->name; }

/* ---- names and files ---------------------------------------------------------------------- */
/* The text of a library name (R7RS 5.6.1: a list of identifiers and exact non-negative
 * integers), or NULL after an error at its location. */
static const char *library_name_text(Datum *name) {
    bool ok = is_pair(name) && datum_list_length(name) != (size_t)-1;
    for (Datum *p = name; ok && is_pair(p); p = cdr(p))
        ok = is_sym(car(p)) || (car(p)->kind == DATUM_FIXNUM && car(p)->fix >= 0);
    Buf b = {0};
    datum_print(&b, scope_strip(name));
    if (!ok) {
        diag_error(name->loc, "malformed library name %s (expected a list of identifiers and "
                              "exact non-negative integers)", buf_cstr(&b));
        buf_free(&b);
        return NULL;
    }
    return buf_cstr(&b);
}

/* (a b 1) -> "a/b/1.sld" (the file name Chibi and Gauche give it) */
static char *library_file_name(Datum *name) {
    Buf b = {0};
    for (Datum *p = name; is_pair(p); p = cdr(p)) {
        if (p != name) buf_puts(&b, "/");
        if (is_sym(car(p))) buf_puts(&b, scope_base(car(p)->sym)->name);
        else buf_printf(&b, "%lld", (long long)car(p)->fix);
    }
    buf_puts(&b, ".sld");
    return (char *)buf_cstr(&b);
}

static char *library_dir_of(const char *file) {
    const char *slash = file ? strrchr(file, '/') : NULL;
    if (!slash) return xstrdup(".");
    return xstrndup(file, slash == file ? 1 : (size_t)(slash - file));
}

/* The directories searched for a library imported from file `from`, in order: -I, the
 * importing file's directory, the program's directory, the installed libraries. */
typedef VEC(const char *) DirVec;
static void library_dirs(Libraries *ls, const char *from, DirVec *dirs) {
    const char *cand[4];
    size_t n = 0;
    for (size_t i = 0; i < ls->opt->nlib_dirs; i++) vec_push(dirs, ls->opt->lib_dirs[i]);
    cand[n++] = library_dir_of(from);
    cand[n++] = library_dir_of(ls->program_file);
    if (ls->opt->installed_dir) cand[n++] = ls->opt->installed_dir;
    for (size_t i = 0; i < n; i++) {
        bool seen = false;
        for (size_t j = 0; j < dirs->len && !seen; j++) seen = !strcmp(dirs->items[j], cand[i]);
        if (!seen) vec_push(dirs, cand[i]);
    }
}

/* The file that holds library name (ext: ".sld", or ".rgi" for its interface), or NULL;
 * *searched lists the directories tried. */
static char *library_search_ext(Libraries *ls, Datum *name, const char *from, Buf *searched,
                                const char *ext) {
    char *rel = library_file_name(name);
    if (strcmp(ext, ".sld")) strcpy(rel + strlen(rel) - 4, ext);
    DirVec dirs = {0};
    library_dirs(ls, from, &dirs);
    char *found = NULL;
    for (size_t i = 0; i < dirs.len && !found; i++) {
        char *path = strcmp(dirs.items[i], ".") ? xasprintf("%s/%s", dirs.items[i], rel)
                                                 : xstrdup(rel);
        if (access(path, R_OK) == 0) found = path;
        else free(path);
        if (searched) buf_printf(searched, "%s%s", i ? ", " : "", dirs.items[i]);
    }
    if (searched && !found) buf_printf(searched, " (for %s)", rel);
    vec_free(&dirs);
    free(rel);
    return found;
}
static char *library_search(Libraries *ls, Datum *name, const char *from, Buf *searched) {
    return library_search_ext(ls, name, from, searched, ".sld");
}

/* Found in the installed libraries' directory: compiled with each unit that imports it. */
static bool library_installed(Libraries *ls, const char *path) {
    const char *dir = ls->opt->installed_dir;
    size_t n = dir ? strlen(dir) : 0;
    return n && !strncmp(path, dir, n) && path[n] == '/';
}

static Library *library_registered(Libraries *ls, const char *text) {
    for (size_t i = 0; i < ls->all.len; i++)
        if (!strcmp(ls->all.items[i]->name, text)) return ls->all.items[i];
    return NULL;
}

Library *library_add(Expander *ex, Libraries *ls, const char *text, const char *path, Datum *def) {
    Library *lib = xcalloc(1, sizeof *lib);
    lib->name = text;
    lib->path = path;
    lib->def = def;
    lib->name_datum = def ? car(cdr(def)) : NULL;
    expand_env_init(ex, &lib->env, ENV_CLOSED, path ? path : "");
    vec_push(&ls->all, lib);
    return lib;
}

static int library_builtin(const char *text) {
    for (int i = 0; i < LIB_COUNT; i++)
        if (!strcmp(lib_builtin_names[i], text)) return i;
    return -1;
}

bool library_available(Libraries *ls, Datum *name, const char *from_file) {
    bool ok = is_pair(name) && datum_list_length(name) != (size_t)-1;
    for (Datum *p = name; ok && is_pair(p); p = cdr(p))
        ok = is_sym(car(p)) || (car(p)->kind == DATUM_FIXNUM && car(p)->fix >= 0);
    if (!ok) return false;
    Buf b = {0};
    datum_print(&b, scope_strip(name));
    const char *text = buf_cstr(&b);
    bool found = library_registered(ls, text) || library_builtin(text) >= 0;
    if (!found) {
        char *path = library_search(ls, name, from_file, NULL);
        if (!path && ls->opt->separate) path = library_search_ext(ls, name, from_file, NULL, ".rgi");
        found = path != NULL;
        free(path);
    }
    buf_free(&b);
    return found;
}

void library_declare(Expander *ex, Libraries *ls, Datum *d) {
    if (datum_list_length(d) < 2) {
        expand_malformed(d, "define-library");
        return;
    }
    const char *text = library_name_text(car(cdr(d)));
    if (!text) return;
    if (library_registered(ls, text) || library_builtin(text) >= 0) {
        diag_error(car(cdr(d))->loc, "library %s is already defined", text);
        return;
    }
    library_add(ex, ls, text, d->loc.file, d);
}

/* The library an import set names, found (not yet expanded), or NULL after an error at loc. */
static Library *library_find(Expander *ex, Libraries *ls, Datum *name, Loc loc) {
    const char *text = library_name_text(name);
    if (!text) return NULL;
    Library *lib = library_registered(ls, text);
    if (lib) return lib;
    int bi = library_builtin(text);
    if (bi >= 0) {
        lib = library_add(ex, ls, text, NULL, NULL);
        expand_builtin_exports(ex, (LibSet)1 << bi, &lib->exports);
        for (size_t i = 0; i < lib->exports.len; i++) lib->exports.items[i].from = lib;
        lib->state = LIB_LOADED;
        return lib;
    }
    if (ls->opt->separate) { /* its interface, if it was compiled (interface.c) */
        char *rgi = library_search_ext(ls, name, loc.file, NULL, ".rgi");
        if (rgi) {
            if (!interface_load(ex, ls, rgi, false, loc)) return NULL;
            lib = library_registered(ls, text);
            if (!lib) diag_error(loc, "'%s' does not describe library %s", rgi, text);
            return lib;
        }
    }
    Buf searched = {0};
    char *path = library_search(ls, name, loc.file, &searched);
    if (path && ls->opt->separate && !library_installed(ls, path)) {
        char *rgi = library_file_name(name);
        strcpy(rgi + strlen(rgi) - 4, ".rgi");
        diag_fatal(loc, "library %s is not compiled: no '%s' in %s (compile '%s' first with "
                        "regal -c, or give every library as source to compile the whole program)",
                   text, rgi, buf_cstr(&searched), path);
    }
    if (!path) {
        diag_error(loc, "unknown library %s: not found in %s", text, buf_cstr(&searched));
        buf_free(&searched);
        return NULL;
    }
    buf_free(&searched);
    size_t len;
    char *src = util_read_file(path, &len);
    if (!src) {
        diag_error(loc, "cannot read library %s from '%s': %s", text, path, strerror(errno));
        return NULL;
    }
    DatumVec forms = {0};
    if (!reader_read_all(path, src, len, &forms)) return NULL;
    Datum *def = NULL;
    for (size_t i = 0; i < forms.len; i++) {
        Datum *f = forms.items[i];
        if (!is_pair(f) || !datum_is_sym(car(f), "define-library") || !is_pair(cdr(f))) {
            diag_error(f->loc, "a library file holds define-library forms only");
            continue;
        }
        Buf b = {0};
        datum_print(&b, scope_strip(car(cdr(f))));
        if (!strcmp(buf_cstr(&b), text)) def = f;
        buf_free(&b);
    }
    vec_free(&forms);
    if (!def) {
        diag_error(loc, "'%s' does not define library %s", path, text);
        return NULL;
    }
    return library_add(ex, ls, text, path, def);
}

/* ---- expanding a library (R7RS 5.6.1) ---------------------------------------------------- */
static void library_expand(Expander *ex, Libraries *ls, Library *lib);

/* The library's declarations: imports done at once, body forms and export specs collected. */
static void library_declarations(Expander *ex, Libraries *ls, Library *lib, Datum *decls,
                                 DatumVec *body, DatumVec *exports) {
    for (Datum *p = decls; is_pair(p); p = cdr(p)) {
        Datum *d = car(p);
        if (!is_pair(d) || !is_sym(car(d)) || datum_list_length(d) == (size_t)-1) {
            expand_malformed(d, "library declaration");
            continue;
        }
        const char *h = scope_base(car(d)->sym)->name;
        if (!strcmp(h, "export")) {
            for (Datum *q = cdr(d); is_pair(q); q = cdr(q)) vec_push(exports, car(q));
        } else if (!strcmp(h, "import")) {
            library_import(ex, ls, &lib->env, d);
        } else if (!strcmp(h, "begin")) {
            for (Datum *q = cdr(d); is_pair(q); q = cdr(q)) vec_push(body, car(q));
        } else if (!strcmp(h, "include") || !strcmp(h, "include-ci")) {
            Datum *forms = expand_include(ex, d, h[7] == '-');
            for (Datum *q = forms; is_pair(q); q = cdr(q)) vec_push(body, car(q));
        } else if (!strcmp(h, "include-library-declarations")) {
            library_declarations(ex, ls, lib, expand_include(ex, d, false), body, exports);
        } else if (!strcmp(h, "cond-expand")) {
            library_declarations(ex, ls, lib, expand_cond_expand(ex, d, NULL), body, exports);
        } else {
            diag_error(d->loc, "unknown library declaration '%s' (expected export, import, begin, "
                               "include, include-ci, include-library-declarations or cond-expand)",
                       h);
        }
    }
}

/* One export spec: id, or (rename internal external). */
static void library_export(Expander *ex, Library *lib, Datum *spec) {
    Datum *in = spec, *out = spec;
    if (is_pair(spec) && datum_list_length(spec) == 3 && datum_is_sym(car(spec), "rename") &&
        is_sym(car(cdr(spec))) && is_sym(car(cdr(cdr(spec))))) {
        in = car(cdr(spec));
        out = car(cdr(cdr(spec)));
    } else if (!is_sym(spec)) {
        expand_malformed(spec, "export spec (expected an identifier or (rename a b))");
        return;
    }
    Sym *name = scope_base(in->sym), *ext = scope_base(out->sym);
    const Binding *b = expand_env_find(ex, &lib->env, name);
    if (!b || (b->var && !b->var->defined && !b->var->prim && !b->var->ext)) {
        diag_error(in->loc, "library %s exports '%s', which it neither defines nor imports",
                   lib->name, name->name);
        return;
    }
    for (size_t i = 0; i < lib->exports.len; i++)
        if (lib->exports.items[i].name == ext) {
            diag_error(out->loc, "library %s exports '%s' twice", lib->name, ext->name);
            return;
        }
    Binding e = *b;
    e.name = ext;
    e.from = lib;
    vec_push(&lib->exports, e);
}

static void library_expand(Expander *ex, Libraries *ls, Library *lib) {
    lib->state = LIB_LOADING;
    vec_push(&ls->loading, lib);
    if (lib->iface) { /* compiled: its imports' initialisers, then its own */
        interface_expand(ex, ls, lib, &ls->bodies);
        ls->loading.len--;
        lib->state = LIB_LOADED;
        return;
    }
    DatumVec body = {0}, exports = {0};
    library_declarations(ex, ls, lib, cdr(cdr(lib->def)), &body, &exports);
    expand_top_forms(ex, &lib->env, &body, &ls->bodies);
    for (size_t i = 0; i < exports.len; i++) library_export(ex, lib, exports.items[i]);
    vec_free(&body);
    vec_free(&exports);
    ls->loading.len--;
    lib->state = LIB_LOADED;
}

/* ---- import sets (R7RS 5.2) ------------------------------------------------------------------ */
static bool library_has(const BindingVec *v, Sym *name) {
    for (size_t i = 0; i < v->len; i++)
        if (v->items[i].name == name) return true;
    return false;
}

static void library_not_exported(Datum *id, Datum *set) {
    Buf b = {0};
    datum_print(&b, scope_strip(set));
    diag_error(id->loc, "'%s' is not exported by %s", scope_base(id->sym)->name, buf_cstr(&b));
    buf_free(&b);
}

/* The bindings an import set gives, into out; false after an error. */
static bool library_import_set(Expander *ex, Libraries *ls, Datum *set, BindingVec *out) {
    const char *h = is_pair(set) && is_sym(car(set)) ? scope_base(car(set)->sym)->name : "";
    size_t n = datum_list_length(set);
    bool only = !strcmp(h, "only"), except = !strcmp(h, "except");
    bool prefix = !strcmp(h, "prefix"), rename = !strcmp(h, "rename");
    if (only || except || prefix || rename) {
        if (n == (size_t)-1 || n < 2 || (prefix && (n != 3 || !is_sym(car(cdr(cdr(set))))))) {
            expand_malformed(set, "import set");
            return false;
        }
        Datum *inner = car(cdr(set));
        BindingVec in = {0};
        if (!library_import_set(ex, ls, inner, &in)) return false;
        if (prefix) {
            const char *pre = scope_base(car(cdr(cdr(set)))->sym)->name;
            for (size_t i = 0; i < in.len; i++) {
                char *s = xasprintf("%s%s", pre, in.items[i].name->name);
                in.items[i].name = sym_cstr(s);
                free(s);
            }
        }
        for (Datum *p = cdr(cdr(set)); !prefix && is_pair(p); p = cdr(p)) {
            Datum *x = car(p), *id = x, *to = NULL;
            if (rename) {
                if (datum_list_length(x) != 2 || !is_sym(car(x)) || !is_sym(car(cdr(x)))) {
                    expand_malformed(x, "rename in an import set (expected (name new-name))");
                    continue;
                }
                id = car(x);
                to = car(cdr(x));
            } else if (!is_sym(x)) {
                expand_malformed(x, "identifier in an import set");
                continue;
            }
            if (!library_has(&in, scope_base(id->sym))) {
                library_not_exported(id, inner);
                continue;
            }
            if (rename)
                for (size_t i = 0; i < in.len; i++)
                    if (in.items[i].name == scope_base(id->sym)) in.items[i].name = scope_base(to->sym);
        }
        for (size_t i = 0; i < in.len; i++) {
            bool named = false;
            for (Datum *p = cdr(cdr(set)); (only || except) && is_pair(p); p = cdr(p))
                named |= is_sym(car(p)) && scope_base(car(p)->sym) == in.items[i].name;
            if (only ? named : except ? !named : true) vec_push(out, in.items[i]);
        }
        vec_free(&in);
        return true; /* a bad name is reported; the others are imported */
    }
    Library *lib = library_require(ex, ls, set, set->loc);
    if (!lib) return false;
    for (size_t i = 0; i < lib->exports.len; i++) vec_push(out, lib->exports.items[i]);
    return true;
}

Library *library_require(Expander *ex, Libraries *ls, Datum *set, Loc loc) {
    Library *lib = library_find(ex, ls, set, loc);
    if (!lib) return NULL;
    if (lib->state == LIB_LOADING) {
        Buf b = {0};
        size_t i = 0;
        while (ls->loading.items[i] != lib) i++;
        for (; i < ls->loading.len; i++)
            buf_printf(&b, "%s (%s) imports ", ls->loading.items[i]->name, ls->loading.items[i]->path);
        buf_puts(&b, lib->name);
        diag_error(loc, "import cycle: %s", buf_cstr(&b));
        buf_free(&b);
        return NULL;
    }
    if (lib->state == LIB_DECLARED) library_expand(ex, ls, lib);
    return lib;
}

void library_import(Expander *ex, Libraries *ls, TopEnv *env, Datum *d) {
    if (datum_list_length(d) == (size_t)-1) {
        expand_malformed(d, "import");
        return;
    }
    for (Datum *p = cdr(d); is_pair(p); p = cdr(p)) {
        BindingVec v = {0};
        if (library_import_set(ex, ls, car(p), &v))
            for (size_t i = 0; i < v.len; i++) expand_env_import(ex, env, &v.items[i], car(p)->loc);
        vec_free(&v);
    }
}
