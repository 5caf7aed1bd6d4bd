/* util.c: allocation, string building, file reading and writing, and diagnostics for the
 * compiler. Every write is checked: a full disk or a closed stdout is an error, never a
 * truncated file or a silent exit 0. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

NORETURN static void util_oom(void) {
    fputs("regal: out of memory\n", stderr);
    exit(1);
}
void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) util_oom();
    return p;
}
void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) util_oom();
    return p;
}
void *xrealloc(void *p, size_t n) {
    p = realloc(p, n ? n : 1);
    if (!p) util_oom();
    return p;
}
char *xstrndup(const char *s, size_t n) {
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}
char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }
char *xasprintf(const char *fmt, ...) {
    Buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&b, fmt, ap);
    va_end(ap);
    return buf_cstr(&b);
}

static void buf_reserve(Buf *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
}
void buf_putn(Buf *b, const char *s, size_t n) {
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}
void buf_putc(Buf *b, char c) { buf_putn(b, &c, 1); }
void buf_puts(Buf *b, const char *s) { buf_putn(b, s, strlen(s)); }
void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) diag_internal("bad format %s", fmt);
    buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}
void buf_printf(Buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}
void buf_put_utf8(Buf *b, uint32_t c) {
    char s[4];
    size_t n;
    if (c < 0x80) { s[0] = (char)c; n = 1; }
    else if (c < 0x800) { s[0] = (char)(0xc0 | (c >> 6)); s[1] = (char)(0x80 | (c & 0x3f)); n = 2; }
    else if (c < 0x10000) {
        s[0] = (char)(0xe0 | (c >> 12)); s[1] = (char)(0x80 | ((c >> 6) & 0x3f));
        s[2] = (char)(0x80 | (c & 0x3f)); n = 3;
    } else {
        s[0] = (char)(0xf0 | (c >> 18)); s[1] = (char)(0x80 | ((c >> 12) & 0x3f));
        s[2] = (char)(0x80 | ((c >> 6) & 0x3f)); s[3] = (char)(0x80 | (c & 0x3f)); n = 4;
    }
    buf_putn(b, s, n);
}
char *buf_cstr(Buf *b) {
    buf_reserve(b, 0);
    b->data[b->len] = 0;
    return b->data;
}
void buf_free(Buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* The files read (the source and what it includes), by identity, for util_input_named. */
typedef struct UtilInput { dev_t dev; ino_t ino; const char *path; } UtilInput;
static VEC(UtilInput) util_inputs;

/* The whole of f (closed unless it is stdin), remembered as the input `path`. */
static char *util_read_stream(FILE *f, const char *path, size_t *len) {
    bool std_in = f == stdin;
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!std_in) fclose(f);
        errno = EISDIR;
        return NULL;
    }
    Buf b = {0};
    char tmp[65536];
    size_t n;
    errno = 0;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) buf_putn(&b, tmp, n);
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    if (!std_in) fclose(f);
    if (err) {
        buf_free(&b);
        errno = err;
        return NULL;
    }
    vec_push(&util_inputs, ((UtilInput){st.st_dev, st.st_ino, xstrdup(path)}));
    *len = b.len;
    return buf_cstr(&b);
}

char *util_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    return f ? util_read_stream(f, path, len) : NULL;
}

char *util_read_stdin(size_t *len) { return util_read_stream(stdin, "-", len); }

const char *util_input_named(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) return NULL;
    for (size_t i = 0; i < util_inputs.len; i++)
        if (util_inputs.items[i].dev == st.st_dev && util_inputs.items[i].ino == st.st_ino)
            return util_inputs.items[i].path;
    return NULL;
}

const char *util_input(size_t i) { return i < util_inputs.len ? util_inputs.items[i].path : NULL; }

int util_write_file(const char *path, const char *data, size_t len) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return errno;
    int err = 0;
    while (len > 0) {
        ssize_t w = write(fd, data, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            err = w < 0 ? errno : EIO;
            break;
        }
        data += w;
        len -= (size_t)w;
    }
    struct stat st;
    bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (close(fd) != 0 && !err) err = errno;
    if (err && regular) unlink(path); /* never a truncated file; never unlink a device */
    return err;
}

bool util_stdout_done(void) {
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout)) return true;
    int err = errno ? errno : EIO;
    fprintf(stderr, "regal: cannot write to standard output: %s\n", strerror(err));
    return false;
}

void util_std_fds_guard(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
        int nfd = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (nfd >= 0 && nfd != fd) {
            dup2(nfd, fd);
            close(nfd);
        }
    }
}

static int diag_errors;
static Buf *diag_captured;   /* diag_capture: messages go here instead of stderr */
static void diag_vprint(Loc loc, const char *kind, const char *fmt, va_list ap) {
    if (diag_captured) {
        Buf *b = diag_captured;
        if (b->len) buf_putc(b, '\n');
        if (loc.file && loc.line > 0) buf_printf(b, "%s:%d:%d: %s: ", loc.file, loc.line, loc.col, kind);
        buf_vprintf(b, fmt, ap);
        return;
    }
    if (loc.file) fprintf(stderr, "%s:%d:%d: ", loc.file, loc.line, loc.col);
    else fputs("regal: ", stderr);
    fprintf(stderr, "%s: ", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}
Buf *diag_capture(Buf *into) {
    Buf *old = diag_captured;
    diag_captured = into;
    return old;
}
void diag_error(Loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vprint(loc, "error", fmt, ap);
    va_end(ap);
    diag_errors++;
}
void diag_warning(Loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vprint(loc, "warning", fmt, ap);
    va_end(ap);
}
int diag_error_count(void) { return diag_errors; }
void diag_fatal(Loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vprint(loc, "error", fmt, ap);
    va_end(ap);
    exit(1);
}
void diag_internal(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("regal: internal error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* ---- string map ------------------------------------------------------------------------------ */
static uint64_t util_hash_str(const char *s) {
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}
size_t *strmap_slot(StrMap *m, const char *key, bool create) {
    if (create && 2 * (m->len + 1) > m->cap) {
        StrMap old = *m;
        m->cap = m->cap ? 2 * m->cap : 64;
        m->len = 0;
        m->keys = xcalloc(m->cap, sizeof *m->keys);
        m->vals = xcalloc(m->cap, sizeof *m->vals);
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i]) {
                size_t j = util_hash_str(old.keys[i]) & (m->cap - 1);
                while (m->keys[j]) j = (j + 1) & (m->cap - 1);
                m->keys[j] = old.keys[i];
                m->vals[j] = old.vals[i];
                m->len++;
            }
        free(old.keys);
        free(old.vals);
    }
    if (!m->cap) return NULL;
    for (size_t i = util_hash_str(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (!m->keys[i]) {
            if (!create) return NULL;
            m->keys[i] = xstrdup(key);
            m->vals[i] = STRMAP_NONE;
            m->len++;
            return &m->vals[i];
        }
        if (strcmp(m->keys[i], key) == 0) return &m->vals[i];
    }
}
void strmap_free(StrMap *m) {
    for (size_t i = 0; i < m->cap; i++) free(m->keys[i]);
    free(m->keys);
    free(m->vals);
    *m = (StrMap){0};
}

/* ---- pointer map ----------------------------------------------------------------------------- */
static size_t util_hash_ptr(const void *p, size_t cap) {
    uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15u;
    return (size_t)(h >> 32) & (cap - 1);
}
size_t *ptrmap_slot(PtrMap *m, const void *key, bool create) {
    if (create && 2 * (m->len + 1) > m->cap) {
        PtrMap old = *m;
        m->cap = m->cap ? 2 * m->cap : 64;
        m->len = 0;
        m->keys = xcalloc(m->cap, sizeof *m->keys);
        m->vals = xcalloc(m->cap, sizeof *m->vals);
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i]) *ptrmap_slot(m, old.keys[i], true) = old.vals[i];
        free(old.keys);
        free(old.vals);
    }
    if (!m->cap) return NULL;
    for (size_t i = util_hash_ptr(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key) return &m->vals[i];
        if (!m->keys[i]) {
            if (!create) return NULL;
            m->keys[i] = key;
            m->vals[i] = PTRMAP_NONE;
            m->len++;
            return &m->vals[i];
        }
    }
}
void ptrmap_free(PtrMap *m) {
    free(m->keys);
    free(m->vals);
    *m = (PtrMap){0};
}
