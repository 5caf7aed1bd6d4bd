/* util.h: the compiler's small utilities: allocation that never fails, growable arrays, a
 * string builder, and diagnostics. Everything here is independent of Scheme. */
#ifndef REGAL_UTIL_H
#define REGAL_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NORETURN __attribute__((noreturn))
#define PRINTF(a, b) __attribute__((format(printf, a, b)))

/* Allocation: never returns NULL (an internal error ends the compiler). */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) PRINTF(1, 2);

/* Growable array: `VEC(T) v = {0}; vec_push(&v, x); v.items[i]; v.len`. */
#define VEC(T) struct { T *items; size_t len, cap; }
#define vec_push(v, x)                                                                     \
    do {                                                                                   \
        if ((v)->len == (v)->cap) {                                                        \
            (v)->cap = (v)->cap ? 2 * (v)->cap : 8;                                        \
            (v)->items = xrealloc((v)->items, (v)->cap * sizeof *(v)->items);              \
        }                                                                                  \
        (v)->items[(v)->len++] = (x);                                                      \
    } while (0)
#define vec_free(v) (free((v)->items), (v)->items = NULL, (v)->len = (v)->cap = 0)

/* String builder. */
typedef struct Buf { char *data; size_t len, cap; } Buf;
void buf_putc(Buf *b, char c);
void buf_puts(Buf *b, const char *s);
void buf_putn(Buf *b, const char *s, size_t n);
void buf_printf(Buf *b, const char *fmt, ...) PRINTF(2, 3);
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
void buf_put_utf8(Buf *b, uint32_t cp);
char *buf_cstr(Buf *b); /* NUL-terminated view; the buffer stays usable */
void buf_free(Buf *b);

/* String map: NUL-terminated keys (copied) to size_t values, open addressing.
 * `StrMap m = {0}; size_t *v = strmap_slot(&m, "k", true); *v = 3;` A new slot holds
 * STRMAP_NONE; strmap_slot(&m, key, false) is NULL for a key never created. */
#define STRMAP_NONE ((size_t)-1)
typedef struct StrMap { char **keys; size_t *vals; size_t len, cap; } StrMap;
size_t *strmap_slot(StrMap *m, const char *key, bool create);
void strmap_free(StrMap *m);

/* Pointer map: non-NULL pointers to size_t values, open addressing; same use as StrMap. */
#define PTRMAP_NONE ((size_t)-1)
typedef struct PtrMap { const void **keys; size_t *vals; size_t len, cap; } PtrMap;
size_t *ptrmap_slot(PtrMap *m, const void *key, bool create);
void ptrmap_free(PtrMap *m);

/* A source location: file name, 1-based line and column (column counts code points). */
typedef struct Loc { const char *file; int line, col; } Loc;

/* Diagnostics: every user mistake goes through diag_error, which prints
 * `file:line:col: error: message` on stderr and counts it. Bugs in the compiler go through
 * diag_internal, which aborts. */
void diag_error(Loc loc, const char *fmt, ...) PRINTF(2, 3);
void diag_warning(Loc loc, const char *fmt, ...) PRINTF(2, 3);
int diag_error_count(void);
/* From now on (into != NULL) each message is appended to *into, lines separated by '\n', with
 * its location and kind only when it has a line ("file:line:col: error: text", else "text"),
 * instead of going to
 * stderr; NULL goes back to stderr. Returns the previous setting. For the evaluator (eval/),
 * which raises what the front end reports as a condition. */
Buf *diag_capture(Buf *into);
NORETURN void diag_fatal(Loc loc, const char *fmt, ...) PRINTF(2, 3); /* error, then exit 1 */
NORETURN void diag_internal(const char *fmt, ...) PRINTF(1, 2);

/* Files. util_read_file reads a whole file: NULL (with errno: EISDIR for a directory) when it
 * cannot be read; util_read_stdin likewise reads standard input to its end (remembered as
 * "-"); each file read is remembered, and util_input_named(path) is the name under
 * which the file path designates (same device and inode) was read, or NULL.
 * util_write_file writes a whole file (created or truncated): 0, or the errno of the first
 * failure, after which a regular file is removed rather than left truncated.
 * util_stdout_done flushes stdout: false, after "regal: cannot write to standard output:
 * REASON" on stderr, when something written there was lost.
 * util_std_fds_guard, first thing in main: a closed standard descriptor (`>&-`) is reopened
 * on /dev/null the wrong way round, so no file regal opens becomes its stdout by accident and
 * writes to a closed stdout still fail (EBADF). */
char *util_read_file(const char *path, size_t *len);
char *util_read_stdin(size_t *len);
const char *util_input_named(const char *path);
const char *util_input(size_t i);   /* the i-th file read, in order; NULL past the last */
int util_write_file(const char *path, const char *data, size_t len);
bool util_stdout_done(void);
void util_std_fds_guard(void);

#endif
