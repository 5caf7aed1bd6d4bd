/* main.c: the regal command. Parses the command line, then runs the passes in order:
 *   read -> expand -> simplify -> analyze -> infer -> version -> regions -> oneshot -> emit -> C compiler
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
    fputs("usage: regal [options] [file.c file.o file.a ...] file.scm [-- program arguments]\n"
          "       regal [options] - ...      the program read from standard input\n"
          "       regal repl [file.scm ...]\n"
          "       regal -c [options] lib.sld ...   libraries to object files and interfaces\n"
          "Compile an R7RS Scheme program to a native executable (through C and clang).\n\n"
          "  repl [FILE...]       an interactive REPL (also `regal` alone on a terminal): loads\n"
          "                       the files, then reads forms until ,q or end of input; with\n"
          "                       stdin not a terminal, no prompt and each result written on\n"
          "                       its own line (echo '(+ 1 2)' | regal repl prints 3)\n"
          "  -o FILE              write the executable (or, with -S, the C) to FILE\n"
          "                       (default: the source name without .scm, or .c with -S; for a\n"
          "                       program from stdin, a.out, or stdout with -S)\n"
          "  -c                   compile each library file to an object file (lib.o, or -o)\n"
          "                       and write its interface lib.rgi beside it; its importers find\n"
          "                       the .rgi by library name as they find a .sld, and a program is\n"
          "                       linked with the .o files given after its source; .sld files\n"
          "                       given after the source are compiled with the program\n"
          "  -S                   write the generated C instead of an executable\n"
          "  -O0 -O1 -O2 -O3 -Os  optimisation level of the C compiler (default -O2)\n"
          "  -g                   debug information; #line directives point at the Scheme source\n"
          "  -I DIR               look for libraries in DIR first ((a b) is DIR/a/b.sld); then in\n"
          "                       the importing file's directory, the program's, and the\n"
          "                       installed libraries' (share/regal/lib of the installation;\n"
          "                       see --print-paths)\n"
          "  -D NAME              NAME is a feature: cond-expand's requirement NAME holds and\n"
          "                       (features) lists it (repeatable)\n"
          "  --cc=CC              the C compiler (default clang)\n"
          "  --run                compile to a temporary file and run it with the arguments after\n"
          "                       the source, or, when -- follows the source, exactly those after\n"
          "                       -- (the options between are regal's)\n"
          "  --alloc=MODE         typed (default): alloc_obj_typed with constant type ids;\n"
          "                       constructors: the mk_* constructor calls\n"
          "  --types              print the inferred types of the top-level procedures and a\n"
          "                       summary (allocation sites typed, checks removed), then stop;\n"
          "                       the terms are defined in compiler/regalc.h (EmitStats)\n"
          "  --no-types           compile without using the inferred types (every check kept)\n"
          "  --dump=PASS          print the program after PASS, then stop: expand (the core AST,\n"
          "                       format in compiler/regalc.h, program dumps), simplify (after\n"
          "                       immediately applied lambdas and call-with-values of literal\n"
          "                       lambdas became let), infer (with the type of every expression\n"
          "                       and variable), regions (with the region of every allocation\n"
          "                       site), oneshot (the closures given back when called, and the\n"
          "                       variables that hold them)\n"
          "  --explain-regions    print every allocation site with the region inference chose for\n"
          "                       it and the use that decided it, then stop\n"
          "  --check-regions      check at run time that no store or return makes an object point\n"
          "                       into a younger region (invariant R4; use with -g)\n"
          "  -fno-direct-calls    call known procedures through their generic entry (argument\n"
          "                       count checked), as unknown ones are called\n"
          "  -fno-tail-continuations  a continuation called only in tail position (ctak) stays\n"
          "                       a setjmp escape instead of a return of the values\n"
          "  -fno-one-shot-guard  guard's re-raise continuation counts as one that may be re-entered\n"
          "                       any number of times (a program with guard boxes assigned locals)\n"
          "  -fno-inline-dispatch the direct entries a dispatch on the code pointer enters are not\n"
          "                       declared inline\n"
          "  -fno-number-heap     a number that may be a fixnum, used only in its frame, gets a\n"
          "                       region in the frame instead of the collected heap\n"
          "  -fno-bignum-heap     a number made only on fixnum overflow, used only in its frame,\n"
          "                       goes to the caller's region instead of the collected heap\n"
          "  -fno-loop-numbers    such a number, used only within an iteration of a loop, goes\n"
          "                       to the collected heap, not to the iteration's region\n"
          "  -fno-number-reuse    such a number (and the result of an unknown call that is only\n"
          "                       tested, -fno-tested-heap) goes to the collected heap even where\n"
          "                       other sites make its procedure or iteration enter that region\n"
          "                       anyway\n"
          "  -fno-carry-regions   what a loop's back edge makes for a variable read only after\n"
          "                       the loop goes to the collected heap, not to a region emptied\n"
          "                       at each back edge\n"
          "  -fno-container-regions  what a loop makes to store into objects of an older region\n"
          "                       goes to the collected heap, not to their region\n"
          "  -fno-soft-strings    a string a loop makes that outlives an iteration goes to the\n"
          "                       collected heap, not to its region up to a soft budget\n"
          "  -fno-own-keys        a hash table keeps a fresh string key itself (in the collected\n"
          "                       heap), not a copy it makes when it inserts the key\n"
          "  -fno-tail-soft       what a procedure on a cycle of tail calls makes for its caller's\n"
          "                       region goes there without a soft budget\n"
          "  -fno-one-shot        a closure called at most once (a continuation of continuation-\n"
          "                       passing style) is not given back to its region when called\n"
          "  -fno-collected-tails a call that may leave garbage of cycles of tail calls in its region\n"
          "                       gets no loop carry region (the collected heap takes its result)\n"
          "  -fno-apply-primitives (apply f ...) of a primitive f counts as a call of an unknown\n"
          "                       procedure: its arguments go to the collected heap\n"
          "  -fno-alloc-free      a call of a procedure that allocates nothing in its region\n"
          "                       (an accessor) is still given one, its result counted as made there\n"
          "  -fno-nursery         allocate the collected heap's objects in libgc directly, not in\n"
          "                       the nursery, a young generation collected by copying (the\n"
          "                       default, off for programs linking separately compiled libraries)\n"
          "  -fnursery            the nursery even so: an error with separately compiled libraries\n"
          "  -fprofile-heap       the program prints at exit, on stderr, the bytes each site that\n"
          "                       region inference put in the collected heap made there, and why\n"
          "  -fno-rr-unused       a call of a procedure that allocates, but nothing in the region\n"
          "                       it is given, is still given one\n"
          "  -fno-fresh-results   what is stored into a call's result goes to the collected heap\n"
          "                       even when the callee returns only objects it makes (a constructor)\n"
          "  -fno-store-params    what a procedure stores into its parameters' objects goes to the\n"
          "                       collected heap, not to the region its callers give it\n"
          "  -fno-tested-heap     an unknown procedure's call whose value is only tested gets a\n"
          "                       region of the frame or loop iteration, not the collected heap\n"
          "  -fno-dirty-calls     a call whose result is no object (a boolean) is given its\n"
          "                       caller's region even when the procedure called leaves more there\n"
          "                       (continuations its tail calls pass on) instead of its frame's\n"
          "  -fno-spines          a procedure that keeps the elements of a list it is given keeps\n"
          "                       the list (no summaries of a list's pairs apart from its elements,\n"
          "                       and no procedure putting its result's elements in the heap for\n"
          "                       callers that keep only those)\n"
          "  -fno-tail-closures   a closure called in tail position counts as returned by the\n"
          "                       procedure calling it, with all it captured (by default only what\n"
          "                       the closure's own code may return)\n"
          "  -fevacuate           a call whose result goes to the collected heap, of a procedure\n"
          "                       that leaves garbage in the region it is given, runs in a region\n"
          "                       of its own, left when it returns, its result copied out (off by\n"
          "                       default, but for the calls that make the elements of a list\n"
          "                       whose callers keep only its elements: it pays on no benchmark\n"
          "                       yet)\n"
          "  -fno-evacuate        no evacuated calls at all (wins over -fevacuate)\n"
          "  -fno-carry-copy      a number a loop carries to its next iteration (a flonum or\n"
          "                       complex accumulator) goes to the collected heap, not copied at\n"
          "                       each back edge into the next iteration's region\n"
          "  -fno-lazy-regions    a procedure enters its own regions when it is called, not on\n"
          "                       the paths that use them\n"
          "  -fno-inline-arith    arithmetic and numeric comparisons always call the runtime\n"
          "  -fno-lean-compares   a comparison of two values of unknown types also tests for\n"
          "                       flonums inline (by default: fixnums inline, the rest called)\n"
          "  -fno-unboxed-operands  the flonum result of + - * / or sqrt is boxed even when it is\n"
          "                       an operand of another such operation, which reads doubles\n"
          "  -fno-inline-search   memq, memv, assq and assv call the runtime instead of an\n"
          "                       inline loop\n"
          "  -fno-fused-index     vector and string indexes not known to be fixnums are tested\n"
          "                       for a fixnum, then against the length, instead of by one\n"
          "                       rotate and unsigned compare\n"
          "  -fno-inline-strings  string-ref, string-set! and string-length call the runtime\n"
          "  -fno-early-globals   every reference to a global checks that its definition has\n"
          "                       run, even where the definition runs before any procedure can\n"
          "                       be called\n"
          "  -fno-accumulate      a sum or product with a self call in tail position, as in fib,\n"
          "                       stays a call (no accumulating loop)\n"
          "  -fno-unroll-recursion  a procedure that calls itself (not in tail position) calls\n"
          "                       itself, instead of a copy of its body that calls it back\n"
          "  -fno-flonum-entries  a procedure whose parameters or result are flonums takes and\n"
          "                       returns them boxed (no C function with doubles of its own)\n"
          "  -fno-element-types   do not infer what pairs, vectors and records hold\n"
          "  -fno-unbox           keep every flonum vector boxed (a flonum object per element)\n"
          "  -fno-bool-vectors    keep every vector of booleans a vector of values (not a byte\n"
          "                       per element)\n"
          "  -fno-version         no typed copy of a loop whose variables may be flonums, entered\n"
          "                       after a check of their types at its head\n"
          "  -fno-fixnum-versions no typed copy of a procedure calling itself whose parameters\n"
          "                       may be fixnums, entered after a fixnum check at its entry\n"
          "  -fno-prelude         map, for-each, fold, filter... stay calls of the runtime's\n"
          "                       primitives instead of Scheme compiled with the program\n"
          "  -fno-simplify        immediately applied lambdas stay procedures, and let-values,\n"
          "                       receive and call-with-values of literal lambdas calls of\n"
          "                       call-with-values (a closure each)\n"
          "  FILE.c FILE.o FILE.a FILE.so  C code compiled and linked with the program (the\n"
          "                       functions foreign-procedure calls)\n"
          "  -l LIB, -L DIR       passed to the linker, after the runtime library\n"
          "  --print-include-dir  print the directory of regal.h (for C files of your own)\n"
          "  --print-paths        print where the runtime's header and libraries and the installed\n"
          "                       Scheme libraries are, and which rule found them\n"
          "  -fsanitize=...       passed to the C compiler; links the sanitizer build of the runtime\n"
          "  -f... -m... -W...    passed to the C compiler\n"
          "  --help, --version\n\n"
          "Environment of regal:\n"
          "  REGAL_HOME           where the runtime is, overriding the search: an installation\n"
          "                       prefix (include/regal, lib/regal, share/regal/lib) or a build\n"
          "                       tree (runtime/, build/, lib/). Unset: beside the executable\n"
          "                       (../include/regal..., or the build tree it is in), then the\n"
          "                       paths it was built with (see --print-paths)\n"
          "  TMPDIR               where the private temporary directory goes (default /tmp); it\n"
          "                       is removed on exit and on SIGINT, SIGTERM and SIGHUP; after a C\n"
          "                       compiler failure the generated C is kept there\n"
          "  REGAL_VERBOSE        set: print the C compiler's command line on stderr\n"
          "Environment of compiled programs:\n"
          "  REGAL_STACK_MB       the program's stack in MiB (default 512)\n"
          "  REGAL_REGION_BUDGET  MiB a region holds before it allocates in the collected heap\n"
          "                       (default 1024; 0: no budget)\n"
          "  REGAL_REGION_GC      MiB a tail cycle's or a loop's stores' region grows by between\n"
          "                       two collections of it (default 4; 0: not collected)\n"
          "  REGAL_REGION_GC_STRESS 1: collect such a region at every new chunk (a test)\n"
          "  REGAL_REGION_GC_TRACE  1: a line on stderr per collection of a region\n"
          "  REGAL_NURSERY        0: allocate in the collected heap directly, not in the nursery\n"
          "  REGAL_NURSERY_SIZE   MiB of each of the nursery's two spaces (default 4)\n"
          "  REGAL_NURSERY_STRESS N: a minor collection every N objects (a test of the runtime)\n"
          "  REGAL_NURSERY_CHECK  1: check what minor collections forward (a test; slow)\n"
          "  REGAL_NURSERY_STATS  1: minor collections, bytes promoted, pins on stderr at exit\n"
          "  REGAL_NURSERY_RETIRE N: remembered slots that retire an object pinned twice (64)\n"
          "  REGAL_NURSERY_SURVIVAL P: off when over P% of its bytes are promoted (90; 100: never)\n"
          "  REGAL_STATS          1: memory statistics on stderr at exit; json: as one JSON line\n"
          "  REGAL_BACKTRACE      N: Scheme frames shown after an uncaught error (default 10; 0: none)\n"
          "  REGAL_WORKERS        N: worker threads of the fork/join tasks (default: one per core)\n"
          "  REGAL_GC_WARN        1: show the collector's warnings (hidden by default)\n"
          "  REGAL_GC_STRESS      N: a full collection at every Nth refill (a test of the runtime)\n"
          "  GC_INITIAL_HEAP_SIZE the collector's initial heap in bytes (default 4 MiB)\n"
          "  GC_MARKERS           N: the collector's marking threads (default 1)\n"
          "  GC_FREE_SPACE_DIVISOR N: the collector collects after allocating about its heap / N\n"
          "                       (default 2: more memory, fewer collections)\n"
          "Exit status: 0; 1 for a compile error or a failure of regal itself; under --run, the\n"
          "program's. A compiled program exits 70 on an uncaught error, 71 out of memory.\n",
          f);
}

static bool main_has_ext(const char *s, const char *ext) {
    size_t n = strlen(s), e = strlen(ext);
    return n > e && !strcmp(s + n - e, ext);
}

static const char *main_default_output(const char *src, bool c_file) {
    if (!strcmp(src, "-")) return c_file ? "-" : "a.out"; /* the program came from stdin */
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

/* A C source, object or library given with the program: compiled and linked with it. */
static bool main_is_c_input(const char *a) {
    static const char *const exts[] = {".c", ".o", ".a", ".so", NULL};
    size_t n = strlen(a);
    for (int i = 0; exts[i]; i++) {
        size_t e = strlen(exts[i]);
        if (n > e && !strcmp(a + n - e, exts[i])) return true;
    }
    return false;
}

/* -D NAME: a feature name cond-expand can test, an identifier of the plain kind. */
static bool main_feature_ok(const char *f) {
    if (!f) {
        fputs("regal: -D needs a feature name\n", stderr);
        return false;
    }
    for (const unsigned char *p = (const unsigned char *)f; *p; p++)
        if (*p <= ' ' || strchr("()[]{}\"';`,|#", *p)) {
            fprintf(stderr, "regal: -D '%s': a feature is an identifier (no spaces, parentheses or quotes)\n", f);
            return false;
        }
    if (!*f) {
        fputs("regal: -D needs a feature name\n", stderr);
        return false;
    }
    return true;
}

/* The end of a command whose result went to stdout: 1 when it could not be written. */
static int main_stdout_status(int rc) { return util_stdout_done() ? rc : 1; }

/* The passes after expansion, to the C (stats filled); false after errors. */
static bool main_to_c(Program *prog, bool simplify, const AnalyzeOptions *ao,
                      const InferOptions *io, const RegionsOptions *ro, OneshotOptions oo,
                      EmitOptions *eo, Buf *c) {
    if (simplify) simplify_program(prog);
    analyze_program(prog, ao);
    if (diag_error_count()) return false;
    infer_program(prog, io);
    if (!eo->untyped && io->version && version_program(prog, io->fixnum_versions)) infer_program(prog, io);
    regions_program(prog, ro);
    oo.separate = eo->separate;
    oneshot_program(prog, &oo);
    emit_program(prog, eo, c);
    return true;
}

/* regal -c file.sld: its libraries to an object file (or, with -S, C) and their interface,
 * file.rgi beside it (interface.c). 0 on success, else 1 after a message. */
static int main_compile_library(const char *file, const char *out, bool emit_c, ExpandOptions xo,
                                bool simplify, const AnalyzeOptions *ao, const InferOptions *io,
                                const RegionsOptions *ro, OneshotOptions oo, EmitOptions eo,
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
    if (!main_to_c(prog, simplify, ao, io, ro, oo, &eo, &c)) return 1;
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
    if ((argc >= 2 && !strcmp(argv[1], "repl")) || (argc == 1 && isatty(0)))
        return driver_repl(argv + (argc >= 2));
    const char *src = NULL, *out = NULL;
    bool emit_c = false, run = false, types = false, explain = false, prelude = true, simplify = true;
    enum { DUMP_NONE, DUMP_EXPAND, DUMP_SIMPLIFY, DUMP_INFER, DUMP_REGIONS, DUMP_ONESHOT } dump = DUMP_NONE;
    int run_argi = argc;
    EmitOptions eo = {.alloc = ALLOC_TYPED};
    AnalyzeOptions ao = {0};
    RegionsOptions ro = {0};
    OneshotOptions oo = {0};
    InferOptions io = {.element_types = true, .flonum_vectors = true, .bool_vectors = true, .version = true, .fixnum_versions = true, .flonum_entries = true};
    DriverOptions dopt = {.cc = "clang", .opt_level = "-O2"};
    VEC(const char *) lib_dirs = {0};
    VEC(const char *) lib_srcs = {0};   /* .sld files: -c compiles each; else with the program */
    bool compile_lib = false;
    bool no_nursery = false, nursery_asked = false;   /* the nursery is on by default */
    bool evacuate_asked = false, no_evacuate = false;   /* evacuated calls: off by default */
    VEC(const char *) features = {0};
    /* Under --run the program's arguments are exactly those after the first "--" (the
     * arguments between the source and it are regal's), or, with no "--", every argument
     * after the source. */
    int dashdash = 1;
    while (dashdash < argc && strcmp(argv[dashdash], "--")) dashdash++;
    for (int i = 1; i < dashdash; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { main_usage(stdout); return main_stdout_status(0); }
        if (!strcmp(a, "--version")) { printf("regal %s\n", REGAL_VERSION); return main_stdout_status(0); }
        if (!strcmp(a, "--print-include-dir")) { printf("%s\n", driver_paths()->include_dir); return main_stdout_status(0); }
        if (!strcmp(a, "--print-paths")) {
            const DriverPaths *dp = driver_paths();
            printf("include %s\nlib %s\nlibraries %s\nfound %s\n", dp->include_dir, dp->lib_dir, dp->library_dir, dp->how);
            return main_stdout_status(0);
        }
        if (!strcmp(a, "-o")) {
            if (++i >= argc) { fputs("regal: -o needs a file name\n", stderr); return 1; }
            out = argv[i];
        } else if (!strcmp(a, "-I")) {
            if (++i >= argc) { fputs("regal: -I needs a directory\n", stderr); return 1; }
            vec_push(&lib_dirs, argv[i]);
        } else if (!strncmp(a, "-I", 2)) vec_push(&lib_dirs, a + 2);
        else if (!strncmp(a, "-l", 2) || !strncmp(a, "-L", 2)) {   /* linked after the runtime */
            const char *v = a[2] ? a + 2 : ++i < dashdash ? argv[i] : NULL;
            if (!v || !*v) {
                fprintf(stderr, "regal: %.2s needs a %s\n", a, a[1] == 'l' ? "library name" : "directory");
                return 1;
            }
            vec_push(&dopt.link, xasprintf("-%c%s", a[1], v));
        } else if (!strcmp(a, "-D") || !strncmp(a, "-D", 2)) {
            const char *f = a[2] ? a + 2 : ++i < dashdash ? argv[i] : NULL;
            if (!main_feature_ok(f)) return 1;
            vec_push(&features, f);
        }
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
        else if (!strcmp(a, "--dump=simplify")) dump = DUMP_SIMPLIFY;
        else if (!strcmp(a, "--dump=infer")) dump = DUMP_INFER;
        else if (!strcmp(a, "--dump=regions")) dump = DUMP_REGIONS;
        else if (!strcmp(a, "--dump=oneshot")) dump = DUMP_ONESHOT;
        else if (!strncmp(a, "--dump=", 7)) {
            fprintf(stderr, "regal: unknown pass '%s' in --dump (expected expand, simplify, infer, regions or oneshot)\n", a + 7);
            return 1;
        }
        else if (!strcmp(a, "--check-regions")) eo.check_regions = true;
        else if (!strcmp(a, "-fnursery")) nursery_asked = true;
        else if (!strcmp(a, "-fprofile-heap")) eo.profile_heap = true;
        else if (!strcmp(a, "-fno-nursery")) no_nursery = true;   /* wins, in any order */
        else if (!strcmp(a, "-fno-direct-calls")) eo.no_direct_calls = true;
        else if (!strcmp(a, "-fno-lazy-regions")) eo.no_lazy_regions = true;
        else if (!strcmp(a, "-fno-tail-continuations")) ao.no_tail_continuations = true;
        else if (!strcmp(a, "-fno-one-shot-guard")) ao.no_one_shot_guard = true;
        else if (!strcmp(a, "-fno-inline-dispatch")) eo.no_inline_dispatch = true;
        else if (!strcmp(a, "-fno-number-heap")) ro.no_number_heap = true;
        else if (!strcmp(a, "-fno-bignum-heap")) ro.no_bignum_heap = true;
        else if (!strcmp(a, "-fno-number-reuse")) ro.no_number_reuse = true;
        else if (!strcmp(a, "-fno-loop-numbers")) ro.no_loop_numbers = true;
        else if (!strcmp(a, "-fno-carry-regions")) ro.no_carry = true;
        else if (!strcmp(a, "-fno-container-regions")) ro.no_container = true;
        else if (!strcmp(a, "-fno-own-keys")) ro.no_own_keys = true;
        else if (!strcmp(a, "-fno-soft-strings")) ro.no_soft_strings = true;
        else if (!strcmp(a, "-fno-tail-soft")) ro.no_tail_soft = true;
        else if (!strcmp(a, "-fno-one-shot")) oo.off = true;
        else if (!strcmp(a, "-fno-collected-tails")) ro.no_collected_tails = true;
        else if (!strcmp(a, "-fno-alloc-free")) ro.no_alloc_free = true;
        else if (!strcmp(a, "-fno-apply-primitives")) ro.no_apply_prims = true;
        else if (!strcmp(a, "-fno-rr-unused")) ro.no_rr_unused = true;
        else if (!strcmp(a, "-fno-fresh-results")) ro.no_fresh_results = true;
        else if (!strcmp(a, "-fno-store-params")) ro.no_store_params = true;
        else if (!strcmp(a, "-fno-tested-heap")) ro.no_tested_heap = true;
        else if (!strcmp(a, "-fno-dirty-calls")) ro.no_dirty_calls = true;
        else if (!strcmp(a, "-fevacuate")) evacuate_asked = true;
        else if (!strcmp(a, "-fno-evacuate")) no_evacuate = true;   /* wins, in any order */
        else if (!strcmp(a, "-fno-carry-copy")) ro.no_carry_copy = true;
        else if (!strcmp(a, "-fno-spines")) ro.no_spines = true;
        else if (!strcmp(a, "-fno-tail-closures")) ro.no_tail_closures = true;
        else if (!strcmp(a, "-fno-inline-arith")) eo.no_inline_arith = true;
        else if (!strcmp(a, "-fno-lean-compares")) eo.no_lean_compares = true;
        else if (!strcmp(a, "-fno-unboxed-operands")) eo.no_unboxed_operands = true;
        else if (!strcmp(a, "-fno-inline-search")) eo.no_inline_search = true;
        else if (!strcmp(a, "-fno-fused-index")) eo.no_fused_index = true;
        else if (!strcmp(a, "-fno-inline-strings")) eo.no_inline_strings = true;
        else if (!strcmp(a, "-fno-early-globals")) ao.no_early_globals = true;
        else if (!strcmp(a, "-fno-accumulate")) eo.no_accumulate = true;
        else if (!strcmp(a, "-fno-unroll-recursion")) eo.no_unroll_recursion = true;
        else if (!strcmp(a, "-fno-flonum-entries")) io.flonum_entries = false;
        else if (!strcmp(a, "-fno-element-types")) io.element_types = false;
        else if (!strcmp(a, "-fno-unbox")) io.flonum_vectors = false;
        else if (!strcmp(a, "-fno-bool-vectors")) io.bool_vectors = false;
        else if (!strcmp(a, "-fno-version")) io.version = false;
        else if (!strcmp(a, "-fno-fixnum-versions")) io.fixnum_versions = false;
        else if (!strcmp(a, "-fno-prelude")) prelude = false;
        else if (!strcmp(a, "-fno-simplify")) simplify = false;
        else if (!strncmp(a, "-fsanitize=", 11)) { dopt.sanitize = true; vec_push(&dopt.extra, a); }
        else if (a[0] == '-' && (a[1] == 'f' || a[1] == 'm' || a[1] == 'W') && a[2]) vec_push(&dopt.extra, a);
        else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "regal: unknown option '%s' (see regal --help)\n", a);
            return 1;
        } else if (main_has_ext(a, ".sld") || (compile_lib && !run && !main_is_c_input(a))) {
            vec_push(&lib_srcs, a);
        } else if (main_is_c_input(a)) {
            vec_push(&dopt.inputs, a);   /* linked with the program (foreign procedures) */
        } else if (!src) {
            src = a;
            if (run && dashdash == argc) { /* no "--": the rest is the program's */
                run_argi = i + 1;
                break;
            }
        } else {
            fprintf(stderr, "regal: more than one source file ('%s' and '%s')%s\n", src, a,
                    run ? "; the program's arguments go after the source, or all after --" : "");
            return 1;
        }
    }
    eo.nursery = !no_nursery;
    ro.evacuate = evacuate_asked && !no_evacuate;
    ro.no_evacuate = no_evacuate;
    if (dashdash < argc) {
        if (!run && dashdash + 1 < argc) {
            fprintf(stderr, "regal: arguments after '--' are the program's: they need --run\n");
            return 1;
        }
        if (run_argi == argc) run_argi = dashdash + 1;
    }
    ExpandOptions xo = {.prelude = prelude, .lib_dirs = lib_dirs.items, .nlib_dirs = lib_dirs.len,
                        .installed_dir = driver_paths()->library_dir,
                        .features = features.items, .nfeatures = features.len};
    if (compile_lib) {
        if (!lib_srcs.len || dopt.inputs.len) {
            fputs(dopt.inputs.len ? "regal: -c compiles library files, not object files\n"
                                   : "regal: -c needs a library file (see regal --help)\n", stderr);
            return 1;
        }
        if (out && lib_srcs.len > 1) {
            fputs("regal: -o names one output, but -c was given several library files\n", stderr);
            return 1;
        }
        ro.separate = true;   /* (regions.c: no evacuated calls) */
        int rc = 0;   /* in order: a library compiled first can be imported by the next */
        for (size_t i = 0; i < lib_srcs.len && !rc; i++) {
            if (lib_srcs.len == 1) return main_compile_library(lib_srcs.items[0], out, emit_c, xo, simplify, &ao, &io, &ro, oo, eo, &dopt);
            pid_t pid = fork();   /* each in a process of its own: the passes keep state */
            if (pid == 0) _exit(main_compile_library(lib_srcs.items[i], NULL, emit_c, xo, simplify, &ao, &io, &ro, oo, eo, &dopt));
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
    char *text = !strcmp(src, "-") ? util_read_stdin(&len) : util_read_file(src, &len);
    if (!text) {
        fprintf(stderr, "regal: cannot read '%s': %s\n", !strcmp(src, "-") ? "standard input" : src, strerror(errno));
        return 1;
    }
    const char *src_path = src;        /* "-": the program is read from standard input */
    if (!strcmp(src, "-")) src = "<stdin>";

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
    for (size_t i = 0; i < dopt.inputs.len; i++) {
        const char *o = dopt.inputs.items[i];
        if (!main_has_ext(o, ".o")) continue;
        if (access(o, R_OK) != 0) {
            fprintf(stderr, "regal: cannot read '%s': %s\n", o, strerror(errno));
            return 1;
        }
        char *rgi = interface_path_of(o);
        if (access(rgi, F_OK) == 0) vec_push(&ifaces, rgi);
    }
    if (eo.nursery && ifaces.len > 0) {   /* their C may have no write barriers */
        if (nursery_asked) {
            fprintf(stderr, "regal: -fnursery does not support separately compiled libraries yet ('%s')\n", ifaces.items[0]);
            return 1;
        }
        eo.nursery = false;   /* the default: off for a program that links such libraries */
    }
    Libraries *ls = NULL;
    xo.separate = eo.separate = ro.separate = ifaces.len > 0;
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
    if (simplify) simplify_program(prog);
    if (dump == DUMP_SIMPLIFY) {
        Buf t = {0};
        dump_program(prog, &t, NULL);
        fputs(buf_cstr(&t), stdout);
        return main_stdout_status(0);
    }
    analyze_program(prog, &ao);
    if (diag_error_count()) return 1;
    infer_program(prog, &io);
    if (!eo.untyped && io.version && version_program(prog, io.fixnum_versions)) infer_program(prog, &io);
    if (dump == DUMP_INFER) {
        Buf t = {0};
        infer_dump(prog, &t);
        fputs(buf_cstr(&t), stdout);
        return main_stdout_status(0);
    }
    regions_program(prog, &ro);
    if (dump == DUMP_REGIONS) {
        Buf t = {0};
        regions_dump(prog, &t);
        fputs(buf_cstr(&t), stdout);
        return main_stdout_status(0);
    }
    oneshot_program(prog, &oo);
    if (dump == DUMP_ONESHOT) {
        Buf t = {0};
        oneshot_dump(prog, &t);
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
    eo.features = features.items;
    eo.nfeatures = features.len;
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

    const char *path = run && !emit_c ? NULL : out ? out : main_default_output(src_path, emit_c);
    if (path && !main_output_ok(path, src_path, !emit_c)) return 1;
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
    dopt.eval = emit_uses_eval(prog);
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
