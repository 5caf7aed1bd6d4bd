/* backtrace.c: the Scheme frames printed after an uncaught error (README, "Backtraces").
 *
 * Nothing is recorded while the program runs, and the generated code is the same as without
 * backtraces: the program's frame table (regal.h, "Backtraces") is data that names C
 * functions by their names, never by their addresses (taking a function's address keeps
 * clang from removing its unused arguments: fib's recursive call would clear four registers).
 * When an error ends the program, error.c calls rt_backtrace_print, which
 *   1. walks the C stack with libgcc's unwinder (_Unwind_Backtrace over the .eh_frame tables
 *      that clang writes for every function, at any -O, without frame pointers) and takes
 *      the start of each frame's function from the unwind table (_Unwind_GetRegionStart:
 *      exact, no nearest-address guess);
 *   2. names those addresses from the executable's own ELF symbol table (/proc/self/exe,
 *      .symtab, where static functions are listed; no -rdynamic or dladdr), moved by the
 *      load address of a position-independent executable;
 *   3. prints, innermost first, the frames whose function is in a frame table, with the
 *      procedure's Scheme name and the location of its definition; runs of one procedure
 *      (a recursion) are one line with a count. Frames of the runtime and of cold stubs are
 *      skipped.
 * A tail call (a musttail jump) replaces its caller's frame, and a procedure that clang
 * inlines into its caller has no frame of its own: neither shows (as in Chez Scheme). A
 * stripped executable has no symbol table: the backtrace says so. REGAL_BACKTRACE=N prints at
 * most N lines (default RT_BT_LINES), 0 none.
 */
#define _GNU_SOURCE
#include "rtlib.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unwind.h>

#define RT_BT_LINES 10           /* lines printed by default */
#define RT_BT_WALK_MAX 100000    /* frames looked at, at most: a deep recursion stops here */

static RtFrameTable *rt_frame_tables;   /* registered tables, last first */

void rt_frames_register(RtFrameTable *t) {
    t->next = rt_frame_tables;
    rt_frame_tables = t;
}

/* A function of the program named in a frame table: its run-time address. */
typedef struct RtBtFunc {
    uintptr_t addr;
    const RtFrameName *info;
} RtBtFunc;

/* One line of the backtrace: a procedure's frame, `count` times in a row. */
typedef struct RtBtLine {
    const RtFrameName *info;
    size_t count;
} RtBtLine;

typedef struct RtBtWalk {
    RtBtFunc *funcs;             /* by address */
    size_t nfuncs;
    RtBtLine *lines;
    size_t nlines, max;
    size_t walked;
    bool cut;                    /* stopped before the end of the stack */
} RtBtWalk;

static int rt_bt_name_cmp(const void *a, const void *b) {
    return strcmp((*(const RtFrameName *const *)a)->cname, (*(const RtFrameName *const *)b)->cname);
}

static int rt_bt_addr_cmp(const void *a, const void *b) {
    uintptr_t x = ((const RtBtFunc *)a)->addr, y = ((const RtBtFunc *)b)->addr;
    return x < y ? -1 : x > y;
}

/* The load address of the executable (0 unless position-independent): the first object
 * dl_iterate_phdr reports is the program itself. */
static int rt_bt_bias_of(struct dl_phdr_info *info, size_t size, void *arg) {
    (void)size;
    *(uintptr_t *)arg = (uintptr_t)info->dlpi_addr;
    return 1;
}

/* The table entry named `cname` (a clang suffix such as ".cold" or ".constprop.0" ignored),
 * in names (sorted by C name), or NULL. */
static const RtFrameName *rt_bt_named(const RtFrameName **names, size_t n, const char *cname) {
    size_t len = strcspn(cname, ".");
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *c = names[mid]->cname;
        int d = strncmp(c, cname, len);
        if (d == 0 && c[len] != '\0') d = 1;
        if (d == 0) return names[mid];
        if (d < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

/* Fill w->funcs from the executable's symbol table: the functions named in a frame table,
 * with their run-time addresses, sorted. Returns false with *why set when there is none. */
static bool rt_bt_load(RtBtWalk *w, const char **why) {
    size_t n = 0;
    for (RtFrameTable *t = rt_frame_tables; t != NULL; t = t->next) n += t->len;
    const RtFrameName **names = malloc((n ? n : 1) * sizeof *names);
    if (names == NULL) return *why = "out of memory", false;
    size_t k = 0;
    for (RtFrameTable *t = rt_frame_tables; t != NULL; t = t->next)
        for (size_t i = 0; i < t->len; i++) names[k++] = &t->items[i];
    qsort(names, n, sizeof *names, rt_bt_name_cmp);
    bool ok = false;
    *why = "cannot read the executable";
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(ElfW(Ehdr))) goto out;
    size_t size = (size_t)st.st_size;
    const unsigned char *img = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (img == MAP_FAILED) goto out;
    const ElfW(Ehdr) *eh = (const void *)img;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_shentsize != sizeof(ElfW(Shdr)) ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(ElfW(Shdr)) > size)
        goto unmap;
    const ElfW(Shdr) *sh = (const void *)(img + eh->e_shoff);
    *why = "the executable has no symbol table (stripped)";
    for (size_t s = 0; s < eh->e_shnum; s++) {
        if (sh[s].sh_type != SHT_SYMTAB || sh[s].sh_link >= eh->e_shnum) continue;
        const ElfW(Shdr) *strs = &sh[sh[s].sh_link];
        if (sh[s].sh_offset + sh[s].sh_size > size || strs->sh_offset + strs->sh_size > size) break;
        const ElfW(Sym) *syms = (const void *)(img + sh[s].sh_offset);
        size_t nsyms = sh[s].sh_size / sizeof(ElfW(Sym));
        const char *strtab = (const char *)img + strs->sh_offset;
        uintptr_t bias = 0;
        dl_iterate_phdr(rt_bt_bias_of, &bias);
        w->funcs = malloc((n ? n : 1) * sizeof *w->funcs);
        if (w->funcs == NULL) {
            *why = "out of memory";
            break;
        }
        for (size_t i = 0; i < nsyms && w->nfuncs < n; i++) {
            if (ELF64_ST_TYPE(syms[i].st_info) != STT_FUNC || syms[i].st_value == 0 ||
                syms[i].st_name >= strs->sh_size)
                continue;
            const RtFrameName *f = rt_bt_named(names, n, strtab + syms[i].st_name);
            if (f != NULL) w->funcs[w->nfuncs++] = (RtBtFunc){bias + syms[i].st_value, f};
        }
        qsort(w->funcs, w->nfuncs, sizeof *w->funcs, rt_bt_addr_cmp);
        ok = true;
        break;
    }
unmap:
    munmap((void *)img, size);
out:
    if (fd >= 0) close(fd);
    free(names);
    return ok;
}

/* The frame table entry of the function that starts at `start`, or NULL. */
static const RtFrameName *rt_bt_find(const RtBtWalk *w, uintptr_t start) {
    size_t lo = 0, hi = w->nfuncs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uintptr_t c = w->funcs[mid].addr;
        if (c == start) return w->funcs[mid].info;
        if (c < start) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

static _Unwind_Reason_Code rt_bt_step(struct _Unwind_Context *ctx, void *arg) {
    RtBtWalk *w = arg;
    if (++w->walked > RT_BT_WALK_MAX) {
        w->cut = true;
        return _URC_END_OF_STACK;
    }
    const RtFrameName *f = rt_bt_find(w, (uintptr_t)_Unwind_GetRegionStart(ctx));
    if (f == NULL) return _URC_NO_REASON;
    /* the generic entry and the direct entry of one procedure have one name and location */
    if (w->nlines > 0 && !strcmp(w->lines[w->nlines - 1].info->name, f->name) &&
        !strcmp(w->lines[w->nlines - 1].info->loc, f->loc)) {
        w->lines[w->nlines - 1].count++;
        return _URC_NO_REASON;
    }
    if (w->nlines == w->max) {
        w->cut = true;
        return _URC_END_OF_STACK;
    }
    w->lines[w->nlines++] = (RtBtLine){f, 1};
    return _URC_NO_REASON;
}

/* Print the Scheme frames of the calling thread's stack on f, innermost first:
 *   backtrace, innermost first (tail calls and inlined calls leave no frame):
 *     #0 inner t.scm:1:1
 *     #1 loop t.scm:4:1 (3 frames)
 *     #2 <top level> t.scm
 * Nothing when no table is registered or with REGAL_BACKTRACE=0. */
RT_COLD void rt_backtrace_print(FILE *f) {
    size_t max = RT_BT_LINES;
    const char *env = getenv("REGAL_BACKTRACE");
    if (env != NULL && *env) {
        char *end;
        unsigned long n = strtoul(env, &end, 10);
        if (*end == '\0') max = n > 1000000 ? 1000000 : n;
    }
    if (max == 0 || rt_frame_tables == NULL) return;
    RtBtWalk w = {0};
    w.max = max;
    const char *why = NULL;
    if (!rt_bt_load(&w, &why)) {
        fprintf(f, "no backtrace: %s\n", why);
        free(w.funcs);
        return;
    }
    w.lines = malloc(max * sizeof *w.lines);
    if (w.lines == NULL) {
        fputs("no backtrace: out of memory\n", f);
        free(w.funcs);
        return;
    }
    _Unwind_Backtrace(rt_bt_step, &w);
    if (w.nlines > 0) {
        fputs("backtrace, innermost first (tail calls and inlined calls leave no frame):\n", f);
        for (size_t i = 0; i < w.nlines; i++) {
            const RtFrameName *x = w.lines[i].info;
            fprintf(f, "  #%zu %s %s", i, x->name, x->loc);
            if (w.lines[i].count > 1) fprintf(f, " (%zu frames)", w.lines[i].count);
            fputc('\n', f);
        }
        if (w.cut) fputs("  ...\n", f);
    }
    free(w.lines);
    free(w.funcs);
}
