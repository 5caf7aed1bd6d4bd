/* main.c: the regal command. Parses the command line, then runs the passes in order:
 *   read -> expand -> analyze -> infer -> regions -> emit -> C compiler
 * stopping after the first pass that reports an error (exit status 1). What goes to stdout is
 * checked (a full device or a closed stdout: status 1); the output file is never an input. */
#include "regalc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void main_usage(FILE *f) {
    fputs("usage: regal [options] file.scm [lib.sld ...] [lib.o ...] [-- program arguments]\n"
          "       regal -c [options] lib.sld ...\n"
          "Compile an R7RS Scheme program to a native executable (through C and clang).\n\n"
          "  -o FILE              write the executable (or, with -S, the C) to FILE\n"
          "                       (default: the source name without .scm, or .c with -S)\n"
          "  -c                   compile each library file to an object file (lib.o, or -o)\n"
          "                       and write its interface lib.rgi beside it; its importers find\n"
          "                       the .rgi by library name as they find a .sld, and a program is\n"
          "                       linked with the .o files given after its source; .sld files\n"
          "                       given after the source are compiled with the program\n"
          "  -S                   write the generated C instead of an executable\n"
          "  -O0 -O1 -O2 -O3      optimisation level of the C compiler (default -O2)\n"
          "  -g                   debug information; #line directives point at the Scheme source\n"
          "  -I DIR               look for libraries in DIR first ((a b) is DIR/a/b.sld); then in\n"
          "                       the importing file's directory, the program's, and the\n"
          "                       installed libraries' ($REGAL_HOME/lib when REGAL_HOME is set)\n"
          "  --cc=CC              the C compiler (default clang)\n"
          "  --run                compile to a temporary file and run it with the arguments after\n"
          "                       the source (or after --)\n"
          "  --alloc=MODE         typed (default): alloc_obj_typed with constant type ids;\n"
          "                       constructors: the mk_* constructor calls\n"
          "  --types              print the inferred types of the top-level procedures and a\n"
          "                       summary (allocation sites typed, checks removed), then stop;\n"
          "                       the terms are defined in compiler/regalc.h (EmitStats)\n"
          "  --no-types           compile without using the inferred types (every check kept)\n"
          "  --dump=PASS          print the program after PASS, then stop: expand (the core AST,\n"
          "                       format in compiler/regalc.h, program dumps), infer (with the\n"
          "                       type of every expression and variable), regions (with the\n"
          "                       region of every allocation site)\n"
          "  --explain-regions    print every allocation site with the region inference chose for\n"
          "                       it and the use that decided it, then stop\n"
          "  --check-regions      check at run time that no store or return makes an object point\n"
          "                       into a younger region (invariant R4; use with -g)\n"
          "  -fno-direct-calls    call known procedures through their generic entry (argument\n"
          "                       count checked), as unknown ones are called\n"
          "  -fno-tail-continuations  a continuation called only in tail position (ctak) stays\n"
          "                       a setjmp escape instead of a return of the values\n"
          "  -fno-lazy-regions    a procedure enters its own regions when it is called, not on\n"
          "                       the paths that use them\n"
          "  -fno-inline-arith    arithmetic and numeric comparisons always call the runtime\n"
          "  -fno-accumulate      a sum or product with a self call in tail position, as in fib,\n"
          "                       stays a call (no accumulating loop)\n"
          "  -fno-element-types   do not infer what pairs, vectors and records hold\n"
          "  -fno-unbox           keep every flonum vector boxed (a flonum object per element)\n"
          "  -fno-prelude         map, for-each, fold, filter... stay calls of the runtime's\n"
          "                       primitives instead of Scheme compiled with the program\n"
          "  -fsanitize=...       passed to the C compiler; links the sanitizer build of the runtime\n"
          "  -f... -m... -W...    passed to the C compiler\n"
          "  --help, --version\n\n"
          "Temporary files go in a private directory in $TMPDIR (default /tmp), removed on exit and\n"
          "on SIGINT, SIGTERM and SIGHUP; after a C compiler failure the generated C is kept there.\n",
          f);
}

static bool main_has_ext(const char *s, const char *ext) {
    size_t n = strlen(s), e = strlen(ext);
    return n > e && !strcmp(s + n - e, ext);
}

static const char *main_default_output(const char *src, bool c_file) {
    const char *base = strrchr(src, '/');
    base = base ? base + 1 : src;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".scm") == 0) n -= 4;
    else if (n > 3 && strcmp(base + n - 3, ".ss") == 0) n -= 3;
    char *stem = xstrndup(base, n);
    if (c_file) return xasprintf("%s.c", stem);
    if (strcmp(stem, base) == 0) return xasprintf("%s.out", stem); /* never overwrite the source */
    return stem;
}

/* The output file may be written: it is none of the files read (the source or an included
 * file, compared by device and inode), and, for an executable, a place the linker can write
 * (a bad -o is the user's mistake, not a C compiler failure). Else a message, and false. */
static bool main_output_ok(const char *path, const char *src, bool exe) {
    if (!strcmp(path, "-")) return true;
    const char *input = util_input_named(path);
    if (input && !strcmp(input, src)) diag_fatal((Loc){0}, "output file '%s' is the input file", path);
    if (input) diag_fatal((Loc){0}, "output file '%s' is the included file '%s'", path, input);
    if (!exe) return true; /* util_write_file reports its own failures */
    const char *slash = strrchr(path, '/');
    const char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : ".";
    struct stat st;
    int err = stat(path, &st) == 0          ? (S_ISDIR(st.st_mode) ? EISDIR : 0)
              : errno != ENOENT             ? errno
              : access(dir, W_OK | X_OK) != 0 ? errno
                                            : 0;
    if (err) fprintf(stderr, "regal: cannot write '%s': %s\n", path, strerror(err));
    return err == 0;
}

/* The end of a command whose result went to stdout: 1 when it could not be written. */
static int main_stdout_status(int rc) { return util_stdout_done() ? rc : 1; }

/* The passes after expansion, to the C (stats filled); false after errors. */
static bool main_to_c(Program *prog, const AnalyzeOptions *ao, const InferOptions *io,
                      EmitOptions *eo, Buf *c) {
    analyze_program(prog, ao);
    if (diag_error_count()) return false;
    infer_program(prog, io);
    regions_program(prog);
    emit_program(prog, eo, c);
    return true;
}

/* regal -c file.sld: its libraries to an object file (or, with -S, C) and their interface,
 * file.rgi beside it (interface.c). 0 on success, else 1 after a message. */
static int main_compile_library(const char *file, const char *out, bool emit_c, ExpandOptions xo,
                                const AnalyzeOptions *ao, const InferOptions *io, EmitOptions eo,
                                DriverOptions *dopt) {
    size_t len;
    char *text = util_read_file(file, &len);
    if (!text) {
        fprintf(stderr, "regal: cannot read '%s': %s\n", file, strerror(errno));
        return 1;
    }
    DatumVec forms = {0};
    if (!reader_read_all(file, text, len, &forms) || diag_error_count()) return 1;
    size_t nlibs = forms.len;
    for (size_t i = 0; i < nlibs; i++) { /* each library, required: (import (only (name))) */
        Datum *f = forms.items[i];
        if (f->kind != DATUM_PAIR || !datum_is_sym(f->pair.car, "define-library") ||
            f->pair.cdr->kind != DATUM_PAIR) {
            diag_error(f->loc, "regal -c compiles libraries: a library file holds define-library forms only");
            return 1;
        }
        Loc l = f->loc;
        Datum *only = datum_cons(datum_sym(sym_cstr("only"), l),
                                 datum_cons(f->pair.cdr->pair.car, datum_nil(l), l), l);
        vec_push(&forms, datum_cons(datum_sym(sym_cstr("import"), l), datum_cons(only, datum_nil(l), l), l));
    }
    if (!nlibs) {
        diag_error((Loc){file, 1, 1}, "regal -c compiles libraries: '%s' holds no define-library", file);
        return 1;
    }
    Libraries *ls = NULL;
    xo.separate = true;
    xo.libraries_out = &ls;
    Program *prog = expand_program(file, &forms, &xo);
    if (diag_error_count()) return 1;
    interface_mark(ls, file);
    eo.separate = true;
    eo.unit_init = interface_init_name(ls, file);
    Buf c = {0};
    if (!main_to_c(prog, ao, io, &eo, &c)) return 1;
    const char *path = out;   /* default: beside the source, lib.sld -> lib.o (lib.c with -S) */
    if (!path) {
        size_t n = strlen(file);
        if (main_has_ext(file, ".sld") || main_has_ext(file, ".scm")) n -= 4;
        path = xasprintf("%.*s.%s", (int)n, file, emit_c ? "c" : "o");
    }
    if (!main_output_ok(path, file, !emit_c)) return 1;
    char *stem = xstrdup(path);
    if (main_has_ext(stem, ".o") || main_has_ext(stem, ".c")) stem[strlen(stem) - 2] = 0;
    const char *rgi = xasprintf("%s.rgi", stem);
    if (emit_c && !strcmp(path, "-")) {   /* the C alone, no interface */
        fputs(buf_cstr(&c), stdout);
        return main_stdout_status(0);
    }
    if (emit_c) {
        int err = util_write_file(path, c.data, c.len);
        if (err) {
            fprintf(stderr, "regal: cannot write '%s': %s\n", path, strerror(err));
            return 1;
        }
    } else {
        const char *tmpdir = driver_tmp_make();
        if (!tmpdir) return 1;
        dopt->compile_only = true;
        int rc = driver_compile(dopt, buf_cstr(&c), xasprintf("%s/unit.c", tmpdir), path);
        driver_tmp_remove();
        if (rc) return 1;
    }
    return interface_write(ls, file, rgi, eo.unit_init) ? 0 : 1;
}

int main(int argc, char **argv) {
    util_std_fds_guard();
    const char *src = NULL, *out = NULL;
    bool emit_c = false, run = false, types = false, explain = false, prelude = true;
    enum { DUMP_NONE, DUMP_EXPAND, DUMP_INFER, DUMP_REGIONS } dump = DUMP_NONE;
    int run_argi = argc;
    EmitOptions eo = {.alloc = ALLOC_TYPED};
    AnalyzeOptions ao = {0};
    InferOptions io = {.element_types = true, .flonum_vectors = true};
    DriverOptions dopt = {.cc = "clang", .opt_level = "-O2"};
    VEC(const char *) lib_dirs = {0};
    VEC(const char *) lib_srcs = {0};   /* .sld files: -c compiles each; else with the program */
    bool compile_lib = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { main_usage(stdout); return main_stdout_status(0); }
        if (!strcmp(a, "--version")) { printf("regal %s\n", REGAL_VERSION); return main_stdout_status(0); }
        if (!strcmp(a, "-o")) {
            if (++i >= argc) { fputs("regal: -o needs a file name\n", stderr); return 1; }
            out = argv[i];
        } else if (!strcmp(a, "-I")) {
            if (++i >= argc) { fputs("regal: -I needs a directory\n", stderr); return 1; }
            vec_push(&lib_dirs, argv[i]);
        } else if (!strncmp(a, "-I", 2)) vec_push(&lib_dirs, a + 2);
        else if (!strcmp(a, "-S")) emit_c = true;
        else if (!strcmp(a, "-c")) compile_lib = true;
        else if (!strcmp(a, "-g")) { dopt.debug = true; eo.line_directives = true; }
        else if (!strcmp(a, "-O0") || !strcmp(a, "-O1") || !strcmp(a, "-O2") || !strcmp(a, "-O3") || !strcmp(a, "-Os"))
            dopt.opt_level = a;
        else if (!strncmp(a, "--cc=", 5)) dopt.cc = a + 5;
        else if (!strcmp(a, "--run")) run = true;
        else if (!strcmp(a, "--alloc=typed")) eo.alloc = ALLOC_TYPED;
        else if (!strcmp(a, "--alloc=constructors")) eo.alloc = ALLOC_CONSTRUCTORS;
        else if (!strcmp(a, "--types")) types = true;
        else if (!strcmp(a, "--no-types")) eo.untyped = true;
        else if (!strcmp(a, "--explain-regions")) explain = true;
        else if (!strcmp(a, "--dump=expand")) dump = DUMP_EXPAND;
        else if (!strcmp(a, "--dump=infer")) dump = DUMP_INFER;
        else if (!strcmp(a, "--dump=regions")) dump = DUMP_REGIONS;
        else if (!strncmp(a, "--dump=", 7)) {
            fprintf(stderr, "regal: unknown pass '%s' in --dump (expected expand, infer or regions)\n", a + 7);
            return 1;
        }
        else if (!strcmp(a, "--check-regions")) eo.check_regions = true;
        else if (!strcmp(a, "-fno-direct-calls")) eo.no_direct_calls = true;
        else if (!strcmp(a, "-fno-lazy-regions")) eo.no_lazy_regions = true;
        else if (!strcmp(a, "-fno-tail-continuations")) ao.no_tail_continuations = true;
        else if (!strcmp(a, "-fno-inline-arith")) eo.no_inline_arith = true;
        else if (!strcmp(a, "-fno-accumulate")) eo.no_accumulate = true;
        else if (!strcmp(a, "-fno-element-types")) io.element_types = false;
        else if (!strcmp(a, "-fno-unbox")) io.flonum_vectors = false;
        else if (!strcmp(a, "-fno-prelude")) prelude = false;
        else if (!strncmp(a, "-fsanitize=", 11)) { dopt.sanitize = true; vec_push(&dopt.extra, a); }
        else if (a[0] == '-' && (a[1] == 'f' || a[1] == 'm' || a[1] == 'W') && a[2]) vec_push(&dopt.extra, a);
        else if (!strcmp(a, "--")) { run_argi = i + 1; break; }
        else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "regal: unknown option '%s' (see regal --help)\n", a);
            return 1;
        } else if (main_has_ext(a, ".o") || main_has_ext(a, ".a")) {
            vec_push(&dopt.objects, a);
        } else if (main_has_ext(a, ".sld") || (compile_lib && !run)) {
            vec_push(&lib_srcs, a);
        } else if (!src) {
            src = a;
            if (run) { /* the program's arguments: the rest, after an optional "--" */
                if (i + 1 < argc && !strcmp(argv[i + 1], "--")) i++;
                run_argi = i + 1;
                break;
            }
        } else {
            fprintf(stderr, "regal: more than one source file ('%s' and '%s')\n", src, a);
            return 1;
        }
    }
    const char *home = getenv("REGAL_HOME");
    ExpandOptions xo = {.prelude = prelude, .lib_dirs = lib_dirs.items, .nlib_dirs = lib_dirs.len,
                        .installed_dir = home && *home ? xasprintf("%s/lib", home) : REGAL_LIBRARY_DIR};
    if (compile_lib) {
        if (!lib_srcs.len || dopt.objects.len) {
            fputs(dopt.objects.len ? "regal: -c compiles library files, not object files\n"
                                   : "regal: -c needs a library file (see regal --help)\n", stderr);
            return 1;
        }
        if (out && lib_srcs.len > 1) {
            fputs("regal: -o names one output, but -c was given several library files\n", stderr);
            return 1;
        }
        int rc = 0;   /* in order: a library compiled first can be imported by the next */
        for (size_t i = 0; i < lib_srcs.len && !rc; i++) {
            if (lib_srcs.len == 1) return main_compile_library(lib_srcs.items[0], out, emit_c, xo, &ao, &io, eo, &dopt);
            pid_t pid = fork();   /* each in a process of its own: the passes keep state */
            if (pid == 0) _exit(main_compile_library(lib_srcs.items[i], NULL, emit_c, xo, &ao, &io, eo, &dopt));
            int status;
            rc = pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status);
        }
        return rc ? 1 : 0;
    }
    if (!src) {
        fputs("regal: no input file (see regal --help)\n", stderr);
        return 1;
    }
    size_t len;
    char *text = util_read_file(src, &len);
    if (!text) {
        fprintf(stderr, "regal: cannot read '%s': %s\n", src, strerror(errno));
        return 1;
    }

    /* the passes */
    DatumVec forms = {0}, lib_forms = {0};
    for (size_t i = 0; i < lib_srcs.len; i++) { /* their define-library forms come first */
        size_t llen;
        char *ltext = util_read_file(lib_srcs.items[i], &llen);
        if (!ltext) {
            fprintf(stderr, "regal: cannot read '%s': %s\n", lib_srcs.items[i], strerror(errno));
            return 1;
        }
        if (!reader_read_all(lib_srcs.items[i], ltext, llen, &lib_forms)) return 1;
    }
    if (!reader_read_all(src, text, len, &forms) || diag_error_count()) return 1;
    for (size_t i = 0; i < forms.len; i++) vec_push(&lib_forms, forms.items[i]);
    forms = lib_forms;
    VEC(const char *) ifaces = {0};   /* the interfaces of the object files (interface.c) */
    for (size_t i = 0; i < dopt.objects.len; i++) {
        const char *o = dopt.objects.items[i];
        if (access(o, R_OK) != 0) {
            fprintf(stderr, "regal: cannot read '%s': %s\n", o, strerror(errno));
            return 1;
        }
        char *rgi = interface_path_of(o);
        if (main_has_ext(o, ".o") && access(rgi, F_OK) == 0) vec_push(&ifaces, rgi);
    }
    Libraries *ls = NULL;
    xo.separate = eo.separate = ifaces.len > 0;
    xo.interfaces = ifaces.items;
    xo.ninterfaces = ifaces.len;
    if (xo.separate) xo.libraries_out = &ls;
    Program *prog = expand_program(src, &forms, &xo);
    if (diag_error_count()) return 1;
    if (ls && !interface_check_linked(ls)) return 1;
    if (dump == DUMP_EXPAND) {
        Buf t = {0};
        dump_program(prog, &t, NULL);
        fputs(buf_cstr(&t), stdout);
        return main_stdout_status(0);
    }
    analyze_program(prog, &ao);
    if (diag_error_count()) return 1;
    infer_program(prog, &io);
    if (dump == DUMP_INFER) {
        Buf t = {0};
        infer_dump(prog, &t);
        fputs(buf_cstr(&t), stdout);
        return main_stdout_status(0);
    }
    regions_program(prog);
    if (dump == DUMP_REGIONS) {
        Buf t = {0};
        regions_dump(prog, &t);
        fputs(buf_cstr(&t), stdout);
        return main_stdout_status(0);
    }
    if (explain) {
        Buf t = {0};
        regions_explain(prog, &t);
        fputs(buf_cstr(&t), stdout);
        return main_stdout_status(0);
    }
    Buf c = {0};
    EmitStats stats = {0};
    eo.stats = &stats;
    emit_program(prog, &eo, &c);
    if (types) {
        Buf t = {0};
        infer_print(prog, &t);
        buf_printf(&t, "allocation sites typed: %d/%d\n", stats.alloc_typed, stats.alloc_sites);
        buf_printf(&t, "generic arithmetic (fixnum fast path, may allocate in the runtime): %d\n", stats.num_generic);
        buf_printf(&t, "calls of allocating runtime primitives: %d\n", stats.prim_alloc_calls);
        buf_printf(&t, "checks removed: %d/%d\n", stats.checks_removed, stats.checks);
        fputs(buf_cstr(&t), stdout);
        return main_stdout_status(0);
    }

    const char *path = run && !emit_c ? NULL : out ? out : main_default_output(src, emit_c);
    if (path && !main_output_ok(path, src, !emit_c)) return 1;
    if (emit_c) {
        if (!strcmp(path, "-")) {
            fputs(buf_cstr(&c), stdout);
            return main_stdout_status(0);
        }
        int err = util_write_file(path, c.data, c.len);
        if (err) {
            fprintf(stderr, "regal: cannot write '%s': %s\n", path, strerror(err));
            return 1;
        }
        return 0;
    }
    const char *tmpdir = driver_tmp_make();
    if (!tmpdir) return 1;
    char *c_path = xasprintf("%s/prog.c", tmpdir);
    const char *exe = run ? xasprintf("%s/prog", tmpdir) : path;
    int rc = driver_compile(&dopt, buf_cstr(&c), c_path, exe);
    if (rc != 0 || !run) {
        driver_tmp_remove();
        return rc ? 1 : 0;
    }
    char **pargv = xcalloc((size_t)(argc - run_argi + 2), sizeof *pargv);
    for (int i = run_argi; i < argc; i++) pargv[i - run_argi + 1] = argv[i];
    return driver_run(exe, pargv);
}
