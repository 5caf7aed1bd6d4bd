/* port.c: ports (R7RS 6.13): the standard ports, string ports, file ports, and the
 * character-level input and output primitives. A port object (TYPE_ID_PORT) points to an
 * RtPortImpl in collector memory, freed by the collector when no port refers to it (a port
 * is closed by the program, never freed by it). Output is UTF-8:
 * file ports write through their FILE*, string ports append to a byte buffer. Input decodes
 * UTF-8 with one character of lookahead (peek-char). The printer (print.c), a layer above,
 * writes through rt_port_put / rt_port_put_char; this file never calls it (a file name in a
 * message is written by rt_error_print, error.c).
 *
 * Every write is checked (issue 21). A write or flush that fails (ENOSPC, EBADF, EPIPE with
 * SIGPIPE ignored...) drops what the port still had buffered and raises a file error at the
 * primitive that was writing, naming the port: "<loc>: display: cannot write to standard
 * output: No space left on device", which `guard` can catch. At exit, and before any report
 * on stderr, rt_ports_flush_at_exit (registered by rt_ports_init as the exit flush of
 * region.c) flushes standard output, every open file port and standard error; output that
 * cannot be written then is reported, "error: cannot write to standard output: Broken pipe",
 * and the program's exit status becomes RT_EXIT_ERROR. Reports go to stderr with plain stdio
 * calls whose failures are ignored, so an error while reporting never loops.
 * Threads (thread.c): the current ports are thread-local; the list of open file output ports
 * is changed under a mutex; a port itself is not locked (a port threads share needs a mutex,
 * as in Chez Scheme; a file port's every write is still one locked stdio call).
 */
#include "rtlib.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio_ext.h>
#include <sys/stat.h>

enum { RT_PORT_IN = 1, RT_PORT_OUT = 2, RT_PORT_OPEN = 4, RT_PORT_STRING = 8,
       RT_PORT_BINARY = 16, /* bytevector and binary file ports (R7RS 6.13.1) */
       RT_PORT_QUIET = 32   /* rt_port_of_file's port to stderr or a memory stream: failures ignored */ };

struct RtPortImpl {
    int flags;
    FILE *f;                      /* file ports */
    char *buf;                    /* output string ports: UTF-8 bytes */
    size_t len, cap;
    uint32_t *in;                 /* input string ports: code points */
    size_t in_len, pos;
    int has_peek;                 /* file input: one character of lookahead */
    int32_t peek;                 /* -1: end of file */
    int64_t line, col;            /* textual input: characters read so far, as the line
                                   * (from 0) and the column of the last one on it */
    int fold_case;                /* read saw #!fold-case (R7RS 2.1): it folds identifiers */
    struct RtPortImpl *next_out;  /* list of open file output ports, for the exit flush */
    const char *name;             /* in messages: "standard output", or "\"file\"" (written) */
    const char *loc, *who;        /* the primitive writing now (set by rt_out_port): a write
                                   * error is raised there */
};

static RtPortImpl rt_stdin_impl = { .flags = RT_PORT_IN | RT_PORT_OPEN,
                                    .name = "standard input" };
static RtPortImpl rt_stdout_impl = { .flags = RT_PORT_OUT | RT_PORT_OPEN,
                                     .name = "standard output", .who = "write" };
static RtPortImpl rt_stderr_impl = { .flags = RT_PORT_OUT | RT_PORT_OPEN,
                                     .name = "standard error", .who = "write" };
static RtPort rt_stdin_port = { RT_HDR(TYPE_ID_PORT, 0), &rt_stdin_impl };
static RtPort rt_stdout_port = { RT_HDR(TYPE_ID_PORT, 0), &rt_stdout_impl };
static RtPort rt_stderr_port = { RT_HDR(TYPE_ID_PORT, 0), &rt_stderr_impl };
static RtPortImpl *rt_file_outs;             /* changed under rt_file_outs_lock (threads) */
static pthread_mutex_t rt_file_outs_lock = PTHREAD_MUTEX_INITIALIZER;
_Thread_local RtValue rt_cur_out, rt_cur_in, rt_cur_err; /* 0: the standard port; roots (gc.c) */

static FILE *rt_port_file(RtPortImpl *p) {
    if (p->f != NULL) return p->f;
    if (p == &rt_stdout_impl) return stdout;
    if (p == &rt_stderr_impl) return stderr;
    if (p == &rt_stdin_impl) return stdin;
    return NULL;
}

RtValue rt_port_stdout(void) { return RT_TAG_AS_OBJ(&rt_stdout_port); }
RtValue rt_current_output(void) { return rt_cur_out ? rt_cur_out : RT_TAG_AS_OBJ(&rt_stdout_port); }
RtValue rt_current_input(void) { return rt_cur_in ? rt_cur_in : RT_TAG_AS_OBJ(&rt_stdin_port); }
void rt_set_current_output(RtValue port) { rt_cur_out = port; }
void rt_set_current_input(RtValue port) { rt_cur_in = port; }

/* ---- checked writes, the exit flush ------------------------------------------------------ */

/* Drop what f still buffers and forget its error: once a failure is reported, the data it
 * lost is accounted for and a later flush must not report it again. */
static void rt_file_drop(FILE *f) {
    __fpurge(f);
    clearerr(f);
}

/* Flush f; 0, or the errno of the failure (the buffer then dropped). */
static int rt_file_flush(FILE *f) {
    errno = 0;
    if (fflush(f) == 0 && !ferror(f)) return 0;
    int e = errno != 0 ? errno : EIO;
    rt_file_drop(f);
    return e;
}

/* A write to p failed with errno e: raise the file error where the writing primitive is. */
static RT_NORETURN RT_COLD void rt_port_failed(RtPortImpl *p, const char *loc, const char *who,
                                               int e) {
    rt_error_kind(loc, RT_COND_FILE, "%s: cannot write to %s: %s", who, p->name, strerror(e));
}

/* Flush p (a file port, standard output or error) as (flush-output-port) does: a failure
 * raises at loc. String ports have nothing to flush. */
static void rt_port_flush(RtPortImpl *p, const char *loc, const char *who) {
    FILE *f = rt_port_file(p);
    if (f == NULL || (p->flags & RT_PORT_STRING)) return;
    int e = rt_file_flush(f);
    if (e != 0) rt_port_failed(p, loc, who, e);
}

/* Output lost at exit (or before an error report): reported, counted. */
static int rt_output_lost;

static void rt_flush_at_exit(RtPortImpl *p, FILE *f) {
    int e = rt_file_flush(f);
    if (e == 0) return;
    __atomic_store_n(&rt_output_lost, 1, __ATOMIC_RELAXED);
    if (p != &rt_stderr_impl) {
        fprintf(stderr, "error: cannot write to %s: %s\n", p->name, strerror(e));
        fflush(stderr);
    }
}

/* The exit flush (rt_exit_flush_hook): standard output, every open file output port, then
 * standard error. Never raises; nonzero when some output was lost since the program began. */
static int rt_ports_flush_at_exit(void) {
    rt_flush_at_exit(&rt_stdout_impl, stdout);
    pthread_mutex_lock(&rt_file_outs_lock);
    for (RtPortImpl *p = rt_file_outs; p != NULL; p = p->next_out)
        if ((p->flags & RT_PORT_OPEN) && p->f != NULL) rt_flush_at_exit(p, p->f);
    pthread_mutex_unlock(&rt_file_outs_lock);
    rt_flush_at_exit(&rt_stderr_impl, stderr);
    return __atomic_load_n(&rt_output_lost, __ATOMIC_RELAXED);
}

/* At start-up, before anything opens a file: a standard descriptor that is closed (`>&-`)
 * is reopened on /dev/null in the opposite direction, as gnulib's stdopen does, so that a
 * file the program opens never becomes its standard output by accident and a write to a
 * closed stdout still fails, with EBADF. Then the exit flush is registered with region.c. */
void rt_ports_init(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
        int nfd = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (nfd >= 0 && nfd != fd) {
            dup2(nfd, fd);
            close(nfd);
        }
    }
    rt_exit_flush_hook = rt_ports_flush_at_exit;
}

void rt_port_put(RtPortImpl *p, const char *s, size_t n) {
    if (p->flags & RT_PORT_STRING) {
        if (p->len + n > p->cap) {
            size_t cap = p->cap ? p->cap : 64;
            while (cap < p->len + n) cap *= 2;
            p->buf = p->buf == NULL ? rt_gc_malloc_atomic(cap) : rt_gc_realloc(p->buf, cap);
            p->cap = cap;
        }
        memcpy(p->buf + p->len, s, n);
        p->len += n;
        return;
    }
    FILE *f = rt_port_file(p);
    if (RT_LIKELY(fwrite(s, 1, n, f) == n) || (p->flags & RT_PORT_QUIET)) return;
    int e = errno != 0 ? errno : EIO;
    rt_file_drop(f);
    rt_port_failed(p, p->loc, p->who, e);
}

void rt_port_put_char(RtPortImpl *p, uint32_t cp) {
    char b[4];
    rt_port_put(p, b, rt_utf8_encode(cp, b));
}

static RtPortImpl *rt_port_impl(const char *loc, const char *who, RtValue port) {
    RT_CHECK(RT_IS_TYPE(port, TYPE_ID_PORT), who, "a port", port);
    return RT_AS(RtPort, port)->impl;
}

RtPortImpl *rt_out_port(const char *loc, const char *who, RtValue port) {
    if (port == RT_DEFAULT) port = rt_current_output();
    RtPortImpl *p = rt_port_impl(loc, who, port);
    if (!(p->flags & RT_PORT_OUT)) rt_type_error(loc, who, "an output port", port);
    if (!(p->flags & RT_PORT_OPEN)) rt_error_msg(loc, who, "cannot write to a closed port");
    p->loc = loc;
    p->who = who;
    return p;
}

RtPortImpl *rt_in_port(const char *loc, const char *who, RtValue port) {
    if (port == RT_DEFAULT) port = rt_current_input();
    RtPortImpl *p = rt_port_impl(loc, who, port);
    if (!(p->flags & RT_PORT_IN)) rt_type_error(loc, who, "an input port", port);
    if (!(p->flags & RT_PORT_OPEN)) rt_error_msg(loc, who, "cannot read from a closed port");
    return p;
}

static RtValue rt_port_new(Region *rr, RtPortImpl *impl) {
    RtPort *p = alloc_obj_typed(rr, TYPE_ID_PORT);
    p->hdr = RT_HDR(TYPE_ID_PORT, 0);
    p->impl = impl;
    return RT_TAG_AS_OBJ(p);
}

/* Collector memory: a port nobody references any more is collected with its buffers (its
 * FILE*, if still open, is not closed: R7RS leaves that to the program). */
static RtPortImpl *rt_impl_new(int flags) {
    RtPortImpl *p = rt_gc_malloc(sizeof *p);
    p->flags = flags | RT_PORT_OPEN;
    return p;
}

/* ---- input: one code point at a time -------------------------------------------------- */

/* One code point of UTF-8 from f; a malformed sequence (a stray byte, a truncated sequence,
 * an overlong form, a surrogate, a value above U+10FFFF) reads as U+FFFD. */
static int32_t rt_file_getc(FILE *f) {
    int c = getc(f);
    if (c == EOF) return -1;
    if (c < 0x80) return c;
    int n = c >= 0xf8 ? 0 : c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 ? 1 : 0;
    if (n == 0) return 0xfffd;
    static const int32_t min[4] = {0, 0x80, 0x800, 0x10000};
    int32_t cp = c & (0x3f >> n);
    for (int i = 0; i < n; i++) {
        int d = getc(f);
        if (d == EOF || (d & 0xc0) != 0x80) {
            if (d != EOF) ungetc(d, f);
            return 0xfffd;
        }
        cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0xfffd;
    return cp;
}

/* The next code point (-1 at end of file); peek leaves it in place. A character read (not
 * peeked) moves the port's line and column on. */
static int32_t rt_port_getc(RtPortImpl *p, int peek) {
    int32_t c;
    if (p->flags & RT_PORT_STRING) {
        if (p->pos >= p->in_len) return -1;
        c = (int32_t)p->in[peek ? p->pos : p->pos++];
    } else {
        if (!p->has_peek) {
            p->peek = rt_file_getc(rt_port_file(p));
            p->has_peek = 1;
        }
        if (!peek) p->has_peek = 0;
        c = p->peek;
    }
    if (!peek && c >= 0) {
        if (c == '\n') {
            p->line++;
            p->col = 0;
        } else {
            p->col++;
        }
    }
    return c;
}

/* For read (read.c): where the last character read from port is, and the #!fold-case state. */
void rt_port_position(RtValue port, int64_t *line, int64_t *col) {
    RtPortImpl *p = RT_AS(RtPort, port)->impl;
    *line = p->line + 1;
    *col = p->col;
}
const char *rt_port_description(RtValue port) {
    RtPortImpl *p = RT_AS(RtPort, port)->impl;
    return p->name != NULL ? p->name : "a string port";
}
int rt_port_fold_case(RtValue port) { return RT_AS(RtPort, port)->impl->fold_case; }
void rt_port_set_fold_case(RtValue port, int on) { RT_AS(RtPort, port)->impl->fold_case = on; }

/* A function, not a macro: its argument (a read) must be evaluated once. */
static inline RtValue RT_CHAR_OR_EOF(int32_t c) { return c < 0 ? RT_EOF : RT_CHAR((uint32_t)c); }

RtValue rt_p_read_char(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return RT_CHAR_OR_EOF(rt_port_getc(rt_in_port(loc, "read-char", RT_OPT(0, RT_DEFAULT)), 0));
}

RtValue rt_p_peek_char(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return RT_CHAR_OR_EOF(rt_port_getc(rt_in_port(loc, "peek-char", RT_OPT(0, RT_DEFAULT)), 1));
}

RtValue rt_p_char_ready_p(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_in_port(loc, "char-ready?", RT_OPT(0, RT_DEFAULT));
    return RT_TRUE;
}

/* Read up to max code points (stopping after a newline when line is set). */
static RtValue rt_read_chars(Region *rr, RtPortImpl *p, int64_t max, int line) {
    size_t n = 0, cap = 64;
    uint32_t *b = malloc(cap * sizeof *b);
    if (b == NULL) rt_out_of_memory();
    int32_t c = 0;
    while ((int64_t)n < max && (c = rt_port_getc(p, 0)) >= 0) {
        if (line && c == '\n') break;
        if (n == cap) {
            cap *= 2;
            uint32_t *nb = realloc(b, cap * sizeof *b);
            if (nb == NULL) rt_out_of_memory();
            b = nb;
        }
        b[n++] = (uint32_t)c;
    }
    if (n == 0 && c < 0) {
        free(b);
        return RT_EOF;
    }
    RtString *s = rt_string_new(rr, (int64_t)n);
    memcpy(s->chars, b, n * sizeof *b);
    free(b);
    return RT_TAG_AS_OBJ(s);
}

RtValue rt_p_read_line(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_read_chars(rr, rt_in_port(loc, "read-line", RT_OPT(0, RT_DEFAULT)), INT64_MAX, 1);
}

RtValue rt_p_read_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t k = rt_size_arg(loc, "read-string", argv[0]);
    RtPortImpl *p = rt_in_port(loc, "read-string", RT_OPT(1, RT_DEFAULT));
    if (k == 0) return RT_TAG_AS_OBJ(rt_string_new(rr, 0));
    return rt_read_chars(rr, p, k, 0);
}

/* ---- output primitives ---------------------------------------------------------------- */

RtValue rt_p_write_char(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_CHECK(RT_IS_CHAR(argv[0]), "write-char", "a character", argv[0]);
    rt_port_put_char(rt_out_port(loc, "write-char", RT_OPT(1, RT_DEFAULT)), RT_CHARVAL(argv[0]));
    return RT_UNSPEC;
}

RtValue rt_p_write_u8(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_CHECK(RT_IS_FIXNUM(argv[0]) && (uint64_t)RT_FIXVAL(argv[0]) < 256, "write-u8", "a byte",
             argv[0]);
    char b = (char)RT_FIXVAL(argv[0]);
    rt_port_put(rt_out_port(loc, "write-u8", RT_OPT(1, RT_DEFAULT)), &b, 1);
    return RT_UNSPEC;
}

RtValue rt_p_write_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue s = argv[0];
    RT_CHECK(RT_IS_STRING(s), "write-string", "a string", s);
    RtPortImpl *p = rt_out_port(loc, "write-string", RT_OPT(1, RT_DEFAULT));
    int64_t start, end;
    rt_range_args(loc, "write-string", argc, argv, 2, RT_LEN(s), "string", &start, &end);
    for (int64_t i = start; i < end; i++) rt_port_put_char(p, RT_STR(s)->chars[i]);
    return RT_UNSPEC;
}

RtValue rt_p_newline(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_port_put(rt_out_port(loc, "newline", RT_OPT(0, RT_DEFAULT)), "\n", 1);
    return RT_UNSPEC;
}

RtValue rt_p_flush_output_port(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_port_flush(rt_out_port(loc, "flush-output-port", RT_OPT(0, RT_DEFAULT)), loc,
                  "flush-output-port");
    return RT_UNSPEC;
}

RtValue rt_p_current_output_port(Region *rr, const char *loc) { return rt_current_output(); }
RtValue rt_p_current_input_port(Region *rr, const char *loc) { return rt_current_input(); }
RtValue rt_p_current_error_port(Region *rr, const char *loc) {
    return rt_cur_err ? rt_cur_err : RT_TAG_AS_OBJ(&rt_stderr_port);
}

/* ---- string ports ------------------------------------------------------------------------ */

RtValue rt_p_open_output_string(Region *rr, const char *loc) {
    return rt_port_new(rr, rt_impl_new(RT_PORT_OUT | RT_PORT_STRING));
}

RtValue rt_p_open_input_string(Region *rr, const char *loc, RtValue s) {
    RT_CHECK(RT_IS_STRING(s), "open-input-string", "a string", s);
    RtPortImpl *p = rt_impl_new(RT_PORT_IN | RT_PORT_STRING);
    p->in_len = (size_t)RT_LEN(s);
    p->in = rt_gc_malloc_atomic(p->in_len * sizeof(uint32_t) + 1);
    memcpy(p->in, RT_STR(s)->chars, p->in_len * sizeof(uint32_t));
    return rt_port_new(rr, p);
}

RtValue rt_p_get_output_string(Region *rr, const char *loc, RtValue port) {
    RtPortImpl *p = rt_port_impl(loc, "get-output-string", port);
    if ((p->flags & (RT_PORT_STRING | RT_PORT_OUT)) != (RT_PORT_STRING | RT_PORT_OUT))
        rt_type_error(loc, "get-output-string", "an output string port", port);
    return mk_string_n(rr, p->buf ? p->buf : "", p->len);
}

/* ---- file ports ------------------------------------------------------------------------- */

/* name in `write` syntax, for messages: "\"out.txt\"" (collector memory), written as error
 * messages write values (rt_error_print: the printer, set up by rt_start). */
static char *rt_port_name_of(RtValue name) {
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (m == NULL) rt_out_of_memory();
    rt_error_print(m, name, 1);
    fclose(m);
    char *r = rt_gc_malloc_atomic(len + 1);
    memcpy(r, text, len + 1);
    free(text);
    return r;
}

static RtValue rt_open_file(Region *rr, const char *loc, const char *who, RtValue name,
                            int out) {
    RT_CHECK(RT_IS_STRING(name), who, "a file name string", name);
    char *path = rt_string_to_utf8(name, NULL);
    FILE *f = fopen(path, out ? "w" : "r");
    int e = errno;
    free(path);
    /* written as a string: "open-input-file: cannot open \"x\": No such file..." */
    if (f == NULL)
        rt_error_kind(loc, RT_COND_FILE, "%s: cannot open %s: %s", who, rt_port_name_of(name),
                      strerror(e));
    RtPortImpl *p = rt_impl_new(out ? RT_PORT_OUT : RT_PORT_IN);
    p->f = f;
    p->name = rt_port_name_of(name);
    if (out) {
        pthread_mutex_lock(&rt_file_outs_lock);
        p->next_out = rt_file_outs;
        rt_file_outs = p;
        pthread_mutex_unlock(&rt_file_outs_lock);
    }
    return rt_port_new(rr, p);
}

RtValue rt_p_open_input_file(Region *rr, const char *loc, RtValue name) {
    return rt_open_file(rr, loc, "open-input-file", name, 0);
}

RtValue rt_p_open_output_file(Region *rr, const char *loc, RtValue name) {
    return rt_open_file(rr, loc, "open-output-file", name, 1);
}

/* Close p's input or output side (which); a file output port is flushed and closed, and a
 * failure of either raises at loc after the port is closed. The standard ports are only
 * flushed: their descriptors stay open for the exit flush and the error reports. */
static void rt_close(const char *loc, const char *who, RtPortImpl *p, int which) {
    if (!(p->flags & RT_PORT_OPEN) || !(p->flags & which)) return;
    p->flags &= ~RT_PORT_OPEN;
    int e = 0;
    if (p == &rt_stdout_impl || p == &rt_stderr_impl) {
        e = rt_file_flush(rt_port_file(p));
    } else if (p->f != NULL) {
        if (p->flags & RT_PORT_OUT) {
            e = rt_file_flush(p->f);
            pthread_mutex_lock(&rt_file_outs_lock);
            for (RtPortImpl **q = &rt_file_outs; *q != NULL; q = &(*q)->next_out)
                if (*q == p) {
                    *q = p->next_out;
                    break;
                }
            pthread_mutex_unlock(&rt_file_outs_lock);
        }
        errno = 0;
        if (fclose(p->f) != 0 && e == 0 && (p->flags & RT_PORT_OUT)) e = errno ? errno : EIO;
        p->f = NULL;
    }
    if (e != 0) rt_port_failed(p, loc, who, e);
}

RtValue rt_p_close_port(Region *rr, const char *loc, RtValue port) {
    rt_close(loc, "close-port", rt_port_impl(loc, "close-port", port), RT_PORT_IN | RT_PORT_OUT);
    return RT_UNSPEC;
}
RtValue rt_p_close_input_port(Region *rr, const char *loc, RtValue port) {
    rt_close(loc, "close-input-port", rt_port_impl(loc, "close-input-port", port), RT_PORT_IN);
    return RT_UNSPEC;
}
RtValue rt_p_close_output_port(Region *rr, const char *loc, RtValue port) {
    rt_close(loc, "close-output-port", rt_port_impl(loc, "close-output-port", port),
             RT_PORT_OUT);
    return RT_UNSPEC;
}

/* (call-with-port port proc) and the call-with-*-file forms: who names the form in a
 * failure of the final close. */
static RtValue rt_call_with_port(Region *rr, const char *loc, const char *who, RtValue port,
                                 RtValue proc) {
    RtValue r = rt_call1(rr, loc, proc, port);
    rt_close(loc, who, RT_AS(RtPort, port)->impl, RT_PORT_IN | RT_PORT_OUT);
    return r;
}

RtValue rt_p_call_with_port(Region *rr, const char *loc, RtValue port, RtValue proc) {
    rt_port_impl(loc, "call-with-port", port);
    rt_check_proc(loc, "call-with-port", proc);
    return rt_call_with_port(rr, loc, "call-with-port", port, proc);
}

RtValue rt_p_call_with_output_file(Region *rr, const char *loc, RtValue name, RtValue proc) {
    rt_check_proc(loc, "call-with-output-file", proc);
    return rt_call_with_port(rr, loc, "call-with-output-file",
                             rt_open_file(rr, loc, "call-with-output-file", name, 1), proc);
}

RtValue rt_p_call_with_input_file(Region *rr, const char *loc, RtValue name, RtValue proc) {
    rt_check_proc(loc, "call-with-input-file", proc);
    return rt_call_with_port(rr, loc, "call-with-input-file",
                             rt_open_file(rr, loc, "call-with-input-file", name, 0), proc);
}

/* The port becomes the current one for the thunk's dynamic extent, as parameterize would
 * make it (rt_with_binding: undone by every escape, in order with the dynamic-winds around
 * it); the port lives in the collected heap (R4: the current port is a root that may
 * outlive rr's frame). */
RtValue rt_p_with_output_to_file(Region *rr, const char *loc, RtValue name, RtValue thunk) {
    rt_check_proc(loc, "with-output-to-file", thunk);
    RtValue port = rt_open_file(&rt_gc_region, loc, "with-output-to-file", name, 1);
    RtValue r = rt_with_binding(rr, loc, &rt_cur_out, port, thunk);
    rt_close(loc, "with-output-to-file", RT_AS(RtPort, port)->impl, RT_PORT_OUT);
    return r;
}

RtValue rt_p_with_input_from_file(Region *rr, const char *loc, RtValue name, RtValue thunk) {
    rt_check_proc(loc, "with-input-from-file", thunk);
    RtValue port = rt_open_file(&rt_gc_region, loc, "with-input-from-file", name, 0);
    RtValue r = rt_with_binding(rr, loc, &rt_cur_in, port, thunk);
    rt_close(loc, "with-input-from-file", RT_AS(RtPort, port)->impl, RT_PORT_IN);
    return r;
}

/* (with-output-to-string thunk), (call-with-output-string proc), (with-input-from-string
 * string thunk), as in Chez Scheme: what the thunk writes to the current output port (a
 * string port, bound as parameterize binds it) is the result; proc gets the string port. */
RtValue rt_p_with_output_to_string(Region *rr, const char *loc, RtValue thunk) {
    rt_check_proc(loc, "with-output-to-string", thunk);
    RtValue port = rt_p_open_output_string(&rt_gc_region, loc);
    rt_with_binding(rr, loc, &rt_cur_out, port, thunk);
    return rt_p_get_output_string(rr, loc, port);
}

RtValue rt_p_call_with_output_string(Region *rr, const char *loc, RtValue proc) {
    rt_check_proc(loc, "call-with-output-string", proc);
    RtValue port = rt_p_open_output_string(&rt_gc_region, loc);
    rt_call1(rr, loc, proc, port);
    return rt_p_get_output_string(rr, loc, port);
}

RtValue rt_p_with_input_from_string(Region *rr, const char *loc, RtValue s, RtValue thunk) {
    RT_CHECK(RT_IS_STRING(s), "with-input-from-string", "a string", s);
    rt_check_proc(loc, "with-input-from-string", thunk);
    RtValue port = rt_p_open_input_string(&rt_gc_region, loc, s);
    return rt_with_binding(rr, loc, &rt_cur_in, port, thunk);
}

RtValue rt_p_file_exists_p(Region *rr, const char *loc, RtValue name) {
    RT_CHECK(RT_IS_STRING(name), "file-exists?", "a file name string", name);
    char *path = rt_string_to_utf8(name, NULL);
    struct stat st;
    int ok = stat(path, &st) == 0;
    free(path);
    return RT_BOOL(ok);
}

RtValue rt_p_delete_file(Region *rr, const char *loc, RtValue name) {
    RT_CHECK(RT_IS_STRING(name), "delete-file", "a file name string", name);
    char *path = rt_string_to_utf8(name, NULL);
    if (remove(path) != 0) {
        int e = errno;
        rt_error_kind(loc, RT_COND_FILE, "delete-file: cannot delete \"%s\": %s", path,
                      strerror(e));
    }
    free(path);
    return RT_UNSPEC;
}

RtValue rt_p_eof_object(Region *rr, const char *loc) { return RT_EOF; }
RtValue rt_p_eof_object_p(Region *rr, const char *loc, RtValue x) { return RT_BOOL(x == RT_EOF); }
RtValue rt_p_port_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_PORT));
}
static int rt_port_flag(RtValue x, int flag) {
    return RT_IS_TYPE(x, TYPE_ID_PORT) && (RT_AS(RtPort, x)->impl->flags & flag);
}
RtValue rt_p_input_port_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(rt_port_flag(x, RT_PORT_IN));
}
RtValue rt_p_output_port_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(rt_port_flag(x, RT_PORT_OUT));
}
RtValue rt_p_textual_port_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_PORT) && !rt_port_flag(x, RT_PORT_BINARY));
}
RtValue rt_p_input_port_open_p(Region *rr, const char *loc, RtValue x) {
    rt_port_impl(loc, "input-port-open?", x);
    return RT_BOOL(rt_port_flag(x, RT_PORT_IN) && rt_port_flag(x, RT_PORT_OPEN));
}
RtValue rt_p_output_port_open_p(Region *rr, const char *loc, RtValue x) {
    rt_port_impl(loc, "output-port-open?", x);
    return RT_BOOL(rt_port_flag(x, RT_PORT_OUT) && rt_port_flag(x, RT_PORT_OPEN));
}

/* ---- binary ports (R7RS 6.13.1-6.13.3) ----------------------------------------------------
 * A bytevector input port is a string input port whose "code points" are the bytes; a
 * bytevector output port is a string output port (its buffer holds the bytes written by
 * write-u8 and write-bytevector). Binary file ports read and write their FILE* byte by byte.
 * Both carry RT_PORT_BINARY, so binary-port? is true and textual-port? false of them. */

RtValue rt_p_binary_port_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(rt_port_flag(x, RT_PORT_BINARY));
}

RtValue rt_p_open_input_bytevector(Region *rr, const char *loc, RtValue b) {
    RT_CHECK(RT_IS_BYTEVECTOR(b), "open-input-bytevector", "a bytevector", b);
    RtPortImpl *p = rt_impl_new(RT_PORT_IN | RT_PORT_STRING | RT_PORT_BINARY);
    p->in_len = (size_t)RT_LEN(b);
    p->in = rt_gc_malloc_atomic(p->in_len * sizeof(uint32_t) + 1);
    for (size_t i = 0; i < p->in_len; i++) p->in[i] = RT_AS(RtBytevector, b)->bytes[i];
    return rt_port_new(rr, p);
}

RtValue rt_p_open_output_bytevector(Region *rr, const char *loc) {
    return rt_port_new(rr, rt_impl_new(RT_PORT_OUT | RT_PORT_STRING | RT_PORT_BINARY));
}

RtValue rt_p_get_output_bytevector(Region *rr, const char *loc, RtValue port) {
    RtPortImpl *p = rt_port_impl(loc, "get-output-bytevector", port);
    if ((p->flags & (RT_PORT_STRING | RT_PORT_OUT | RT_PORT_BINARY)) !=
        (RT_PORT_STRING | RT_PORT_OUT | RT_PORT_BINARY))
        rt_type_error(loc, "get-output-bytevector", "a bytevector output port", port);
    RtValue b = mk_bytevector(rr, p->len, 0);
    if (p->len) memcpy(RT_AS(RtBytevector, b)->bytes, p->buf, p->len);
    return b;
}

static RtValue rt_open_binary_file(Region *rr, const char *loc, const char *who, RtValue name,
                                   int out) {
    RtValue port = rt_open_file(rr, loc, who, name, out);
    RT_AS(RtPort, port)->impl->flags |= RT_PORT_BINARY;
    return port;
}
RtValue rt_p_open_binary_input_file(Region *rr, const char *loc, RtValue name) {
    return rt_open_binary_file(rr, loc, "open-binary-input-file", name, 0);
}
RtValue rt_p_open_binary_output_file(Region *rr, const char *loc, RtValue name) {
    return rt_open_binary_file(rr, loc, "open-binary-output-file", name, 1);
}

/* The next byte of a binary input port (-1 at end of file); peek leaves it in place. */
static int rt_port_getb(RtPortImpl *p, int peek) {
    if (p->flags & RT_PORT_STRING) {
        if (p->pos >= p->in_len) return -1;
        return (int)(p->in[peek ? p->pos : p->pos++] & 0xff);
    }
    FILE *f = rt_port_file(p);
    int c = getc(f);
    if (peek && c != EOF) ungetc(c, f);
    return c == EOF ? -1 : c;
}

static RtPortImpl *rt_bin_in(const char *loc, const char *who, intptr_t argc,
                             const RtValue *argv, intptr_t i) {
    RtValue port = RT_OPT(i, RT_DEFAULT);
    RtPortImpl *p = rt_in_port(loc, who, port);
    if (!(p->flags & RT_PORT_BINARY))
        rt_type_error(loc, who, "a binary input port", port == RT_DEFAULT ? rt_current_input() : port);
    return p;
}

RtValue rt_p_read_u8(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int c = rt_port_getb(rt_bin_in(loc, "read-u8", argc, argv, 0), 0);
    return c < 0 ? RT_EOF : RT_FIX(c);
}

RtValue rt_p_peek_u8(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int c = rt_port_getb(rt_bin_in(loc, "peek-u8", argc, argv, 0), 1);
    return c < 0 ? RT_EOF : RT_FIX(c);
}

RtValue rt_p_u8_ready_p(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_bin_in(loc, "u8-ready?", argc, argv, 0);
    return RT_TRUE;
}

/* (read-bytevector k [port]): up to k bytes, or the eof object when none is left. */
RtValue rt_p_read_bytevector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t k = rt_size_arg(loc, "read-bytevector", argv[0]);
    RtPortImpl *p = rt_bin_in(loc, "read-bytevector", argc, argv, 1);
    uint8_t *b = malloc((size_t)k + 1);
    if (b == NULL) rt_out_of_memory();
    int64_t n = 0;
    int c = 0;
    while (n < k && (c = rt_port_getb(p, 0)) >= 0) b[n++] = (uint8_t)c;
    RtValue r = RT_EOF;
    if (n > 0 || k == 0) {
        r = mk_bytevector(rr, (size_t)n, 0);
        if (n) memcpy(RT_AS(RtBytevector, r)->bytes, b, (size_t)n);
    }
    free(b);
    return r;
}

/* (read-bytevector! bv [port [start [end]]]): the count read, or eof. */
RtValue rt_p_read_bytevector_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_CHECK(RT_IS_BYTEVECTOR(argv[0]), "read-bytevector!", "a bytevector", argv[0]);
    RtPortImpl *p = rt_bin_in(loc, "read-bytevector!", argc, argv, 1);
    int64_t start, end;
    rt_range_args(loc, "read-bytevector!", argc, argv, 2, RT_LEN(argv[0]), "bytevector", &start,
                  &end);
    int64_t n = 0;
    int c;
    while (start + n < end && (c = rt_port_getb(p, 0)) >= 0)
        RT_AS(RtBytevector, argv[0])->bytes[start + n++] = (uint8_t)c;
    return n == 0 && end > start ? RT_EOF : RT_FIX(n);
}

RtValue rt_p_write_bytevector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_CHECK(RT_IS_BYTEVECTOR(argv[0]), "write-bytevector", "a bytevector", argv[0]);
    RtPortImpl *p = rt_out_port(loc, "write-bytevector", RT_OPT(1, RT_DEFAULT));
    int64_t start, end;
    rt_range_args(loc, "write-bytevector", argc, argv, 2, RT_LEN(argv[0]), "bytevector", &start,
                  &end);
    rt_port_put(p, (const char *)RT_AS(RtBytevector, argv[0])->bytes + start,
                (size_t)(end - start));
    return RT_UNSPEC;
}

/* For rt_fprint (print.c): a port writing to file (stderr or a memory stream) whose failures
 * are ignored. One per thread, rewritten by the next call: printing into it never prints into
 * another (an error while printing ends that print). */
RtPortImpl *rt_port_of_file(void *file) {
    static _Thread_local RtPortImpl p;
    p = (RtPortImpl){ .flags = RT_PORT_OUT | RT_PORT_OPEN | RT_PORT_QUIET, .f = file };
    return &p;
}
