/* port.c: ports (R7RS 6.13): the standard ports, string and bytevector ports, file ports, and
 * the character and byte input and output primitives. A port object (TYPE_ID_PORT) points to
 * an RtPortImpl in collector memory, freed by the collector when no port refers to it (a port
 * is closed by the program, never freed by it).
 *
 * Buffers. Every port reads and writes through a buffer of its own whose head, RtPortBuf
 * (rtlib.h), the inline fast paths use: read-char is one test that the buffer holds an ASCII
 * byte, write-char one that there is room, with no lock and no stdio call, as Chez Scheme's
 * and CHICKEN's ports do. The slow paths below refill (read(2) on the descriptor), flush, and
 * decode or encode UTF-8 beyond ASCII, a sequence cut by the end of the buffer included: its
 * bytes are moved to the front and the rest read after them. Input string and bytevector ports
 * are one buffer holding the whole text (as UTF-8) or the bytes; output string ports a buffer
 * that grows. File ports own a descriptor and a buffer of RT_PORT_BUFSIZE bytes. Standard
 * output is buffered the same way and written through stdio's stdout (so C code's stdio output
 * after a flush comes after it), but on a terminal it writes through to stdout at every call
 * (stdio's line buffering then shows each line as it is written), as standard error always
 * does; standard input reads descriptor 0 and, when standard output is a terminal, flushes it
 * before it waits (a prompt shows). The line and column of what was read (for read's messages)
 * are counted lazily, over the bytes consumed, when asked or before a refill drops them.
 *
 * Threads (thread.c, task.c): until the program starts its first thread, nothing locks. From
 * then on (rt_ports_share, for good) every operation takes the slow path, which holds the
 * port's mutex while it uses the buffer: threads that share a port cannot corrupt it, and one
 * call of the buffer layer (a write-string, a display of a string, a read-line) is never split
 * by another thread's; a display of a list may interleave with another thread's output at its
 * elements. The current ports are thread-local; the list of open file output ports is changed
 * under its own mutex. No error is raised while a port's mutex is held.
 *
 * Every write is checked (issue 21). A write or flush that fails (ENOSPC, EBADF, EPIPE with
 * SIGPIPE ignored...) drops what the port still had buffered and raises a file error at the
 * primitive that was writing, naming the port: "<loc>: display: cannot write to standard
 * output: No space left on device", which `guard` can catch. At exit, and before any report
 * on stderr, rt_ports_flush_at_exit (registered by rt_ports_init as the exit flush of
 * region.c) flushes standard output, every open file port and standard error; output that
 * cannot be written then is reported, "error: cannot write to standard output: Broken pipe",
 * and the program's exit status becomes RT_EXIT_ERROR. Reports go to stderr with plain stdio
 * calls whose failures are ignored, so an error while reporting never loops. A read that fails
 * (EIO, EISDIR...) is a file error too: "read-char: cannot read from \"dir\": Is a directory".
 * The printer (print.c), a layer above, writes through rt_port_put / rt_port_put_chars; this
 * file never calls it (a file name in a message is written by rt_error_print, error.c).
 */
#include "rtlib.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio_ext.h>
#include <sys/stat.h>

enum { RT_PORT_IN = 1, RT_PORT_OUT = 2, RT_PORT_OPEN = 4, RT_PORT_STRING = 8,
       RT_PORT_BINARY = 16, /* bytevector and binary file ports (R7RS 6.13.1) */
       RT_PORT_QUIET = 32   /* rt_port_of_file's port to stderr or a memory stream: failures ignored */ };

enum { RT_PORT_BUFSIZE = 16384 };   /* the buffer of a file port and of standard input, output */

struct RtPortImpl {
    RtPortBuf b;                  /* first: the fast paths (rtlib.h) see only this */
    int flags;
    int fd;                       /* file ports, standard input: the descriptor; -1: none */
    FILE *f;                      /* standard output and error, rt_port_of_file's: its stream */
    uint8_t *rbuf;                /* input: [rbuf, b.rend) read, [b.rpos, b.rend) not consumed;
                                   * a string or bytevector input port: all its bytes */
    size_t rcap;
    uint8_t *wbuf;                /* output: [wbuf, b.wpos) not yet written (NULL: writes go
                                   * straight to the file); a string or bytevector output port:
                                   * everything written, growing */
    size_t wcap;
    int eof;                      /* input: the last refill found the end of file, not yet
                                   * returned by a read (a peek leaves it for the read) */
    const uint8_t *lc_mark;       /* line and col count the characters before lc_mark */
    int64_t line, col;            /* textual input: characters read so far, as the line
                                   * (from 0) and the column of the last one on it */
    int fold_case;                /* read saw #!fold-case (R7RS 2.1): it folds identifiers */
    pthread_mutex_t lock;         /* held by the slow paths once rt_ports_shared */
    pthread_t owner;              /* who holds lock (for the exit flush of an error inside) */
    struct RtPortImpl *next_out;  /* list of open file output ports, for the exit flush */
    const char *name;             /* in messages: "standard output", or "\"file\"" (written) */
};

/* Standard input's buffer is malloc'd at its first read (rt_port_fill), standard output's by
 * rt_ports_init: bytes, no pointers, so not static data, which the collector and the nursery's
 * minor collections scan word by word as roots (32 KB of a program's 34 KB of .bss, before). */
static RtPortImpl rt_stdin_impl = { .flags = RT_PORT_IN | RT_PORT_OPEN, .fd = 0,
                                    .lock = PTHREAD_MUTEX_INITIALIZER,
                                    .name = "standard input" };
/* Written through until rt_ports_init gives standard output its buffer (not on a terminal). */
static RtPortImpl rt_stdout_impl = { .flags = RT_PORT_OUT | RT_PORT_OPEN, .fd = 1,
                                     .lock = PTHREAD_MUTEX_INITIALIZER,
                                     .name = "standard output" };
static RtPortImpl rt_stderr_impl = { .flags = RT_PORT_OUT | RT_PORT_OPEN, .fd = 2,
                                     .lock = PTHREAD_MUTEX_INITIALIZER,
                                     .name = "standard error" };
static RtPort rt_stdin_port = { RT_HDR(TYPE_ID_PORT, 0), &rt_stdin_impl };
static RtPort rt_stdout_port = { RT_HDR(TYPE_ID_PORT, 0), &rt_stdout_impl };
static RtPort rt_stderr_port = { RT_HDR(TYPE_ID_PORT, 0), &rt_stderr_impl };
static int rt_stdout_tty;                    /* standard output is a terminal */
static RtPortImpl *rt_file_outs;             /* changed under rt_file_outs_lock (threads) */
static pthread_mutex_t rt_file_outs_lock = PTHREAD_MUTEX_INITIALIZER;
_Thread_local RtValue rt_cur_out, rt_cur_in, rt_cur_err; /* 0: the standard port; roots (gc.c) */
int rt_ports_shared;                         /* set once, before the first thread starts */
/* The primitive using a port now (set by rt_out_port, rt_in_port): an error of the file is
 * raised there. Thread-local, so that threads sharing a port do not race on it. */
static _Thread_local const char *rt_io_loc, *rt_io_who;

/* The stdio stream of standard output and error (and of rt_port_of_file's port). */
static FILE *rt_port_file(RtPortImpl *p) {
    if (p->f != NULL) return p->f;
    if (p == &rt_stdout_impl) return stdout;
    if (p == &rt_stderr_impl) return stderr;
    return NULL;
}

RtValue rt_port_stdout(void) { return RT_TAG_AS_OBJ(&rt_stdout_port); }
RtValue rt_current_output(void) { return rt_cur_out ? rt_cur_out : RT_TAG_AS_OBJ(&rt_stdout_port); }
RtValue rt_current_input(void) { return rt_cur_in ? rt_cur_in : RT_TAG_AS_OBJ(&rt_stdin_port); }
void rt_set_current_output(RtValue port) { rt_cur_out = port; }
void rt_set_current_input(RtValue port) { rt_cur_in = port; }

/* Called by rt_thread_create before the program's first other thread starts (and by every
 * later one, idly): from now on the slow paths lock. The thread that sets it is the only one
 * running Scheme, and every other thread starts after it (pthread_create orders them). */
void rt_ports_share(void) {
    if (!__atomic_load_n(&rt_ports_shared, __ATOMIC_RELAXED))
        __atomic_store_n(&rt_ports_shared, 1, __ATOMIC_RELAXED);
}

/* The port's mutex, held across a slow path once ports are shared (a local remembers
 * whether it was taken). */
#define RT_PORT_LOCK(p)                                                                       \
    int locked_ = !rt_ports_alone();                                                          \
    if (locked_) rt_port_lock(p)
#define RT_PORT_UNLOCK(p)                                                                     \
    if (locked_) pthread_mutex_unlock(&(p)->lock)
static void rt_port_lock(RtPortImpl *p) {
    pthread_mutex_lock(&p->lock);
    p->owner = pthread_self();
}

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
/* ... by the primitive of this thread that is writing now */
static RT_NORETURN RT_COLD void rt_port_write_failed(RtPortImpl *p, int e) {
    rt_port_failed(p, rt_io_loc, rt_io_who != NULL ? rt_io_who : "write", e);
}

/* n bytes to p's file (past the buffer): 0, or the errno of the failure. Standard output and
 * error go through their stdio stream (buffered there until flushed, as C code's output is). */
static int rt_port_sink(RtPortImpl *p, const uint8_t *s, size_t n) {
    FILE *f = rt_port_file(p);
    if (f != NULL) {
        errno = 0;
        if (RT_LIKELY(fwrite(s, 1, n, f) == n) || (p->flags & RT_PORT_QUIET)) return 0;
        int e = errno != 0 ? errno : EIO;
        rt_file_drop(f);
        return e;
    }
    while (n > 0) {
        ssize_t k = write(p->fd, s, n);
        if (k < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        s += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Write out p's buffer (a file port, standard output); 0 or the errno of a failure, which
 * drops what was buffered. */
static int rt_port_drain(RtPortImpl *p) {
    if (p->wbuf == NULL || (p->flags & RT_PORT_STRING)) return 0;
    size_t n = (size_t)(p->b.wpos - p->wbuf);
    p->b.wpos = p->wbuf;
    return n > 0 ? rt_port_sink(p, p->wbuf, n) : 0;
}

/* Flush p through to the system: its buffer, then its stdio stream if it has one. */
static int rt_port_flush_locked(RtPortImpl *p) {
    int e = rt_port_drain(p);
    FILE *f = rt_port_file(p);
    if (f != NULL && !(p->flags & RT_PORT_STRING)) {
        int e2 = rt_file_flush(f);
        if (e == 0) e = e2;
    }
    return e;
}

/* Flush p as (flush-output-port) does: a failure raises at loc. String ports have nothing to
 * flush. */
static void rt_port_flush(RtPortImpl *p, const char *loc, const char *who) {
    RT_PORT_LOCK(p);
    int e = rt_port_flush_locked(p);
    RT_PORT_UNLOCK(p);
    if (e != 0) rt_port_failed(p, loc, who, e);
}

/* Output lost at exit (or before an error report): reported, counted. */
static int rt_output_lost;

/* The exit flush of one port. It may run on an error raised while this thread holds the
 * port's mutex (a fault inside a slow path): then it flushes without taking it again. */
static void rt_flush_at_exit(RtPortImpl *p) {
    int locked = 0;
    if (!rt_ports_alone()) {
        if (pthread_mutex_trylock(&p->lock) == 0) locked = 1;
        else if (!pthread_equal(__atomic_load_n(&p->owner, __ATOMIC_RELAXED), pthread_self())) {
            pthread_mutex_lock(&p->lock);
            locked = 1;
        }
    }
    int e = rt_port_flush_locked(p);
    if (locked) pthread_mutex_unlock(&p->lock);
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
    rt_flush_at_exit(&rt_stdout_impl);
    pthread_mutex_lock(&rt_file_outs_lock);
    for (RtPortImpl *p = rt_file_outs; p != NULL; p = p->next_out)
        if (p->flags & RT_PORT_OPEN) rt_flush_at_exit(p);
    pthread_mutex_unlock(&rt_file_outs_lock);
    rt_flush_at_exit(&rt_stderr_impl);
    return __atomic_load_n(&rt_output_lost, __ATOMIC_RELAXED);
}

/* At start-up, before anything opens a file: a standard descriptor that is closed (`>&-`)
 * is reopened on /dev/null in the opposite direction, as gnulib's stdopen does, so that a
 * file the program opens never becomes its standard output by accident and a write to a
 * closed stdout still fails, with EBADF. Standard output gets its buffer unless it is a
 * terminal. Then the exit flush is registered with region.c. */
void rt_ports_init(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
        int nfd = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (nfd >= 0 && nfd != fd) {
            dup2(nfd, fd);
            close(nfd);
        }
    }
    rt_stdout_tty = isatty(1);
    if (!rt_stdout_tty) {
        uint8_t *buf = malloc(RT_PORT_BUFSIZE);
        if (buf == NULL) rt_out_of_memory();
        rt_stdout_impl.wbuf = rt_stdout_impl.b.wpos = buf;
        rt_stdout_impl.wcap = RT_PORT_BUFSIZE;
        rt_stdout_impl.b.wend = buf + RT_PORT_BUFSIZE;
    }
    rt_exit_flush_hook = rt_ports_flush_at_exit;
}

/* ---- output: the slow paths -------------------------------------------------------------- */

/* n bytes to p, its mutex held if need be: 0 or the errno of a failure. */
static int rt_port_put_locked(RtPortImpl *p, const uint8_t *s, size_t n) {
    if (n == 0) return 0;
    if (n <= (size_t)(p->b.wend - p->b.wpos)) {
        memcpy(p->b.wpos, s, n);
        p->b.wpos += n;
        return 0;
    }
    if (p->flags & RT_PORT_STRING) {
        size_t len = (size_t)(p->b.wpos - p->wbuf), cap = p->wcap ? p->wcap : 64;
        while (cap < len + n) cap *= 2;
        p->wbuf = p->wbuf == NULL ? rt_gc_malloc_atomic(cap) : rt_gc_realloc(p->wbuf, cap);
        p->wcap = cap;
        p->b.wpos = p->wbuf + len;
        p->b.wend = p->wbuf + cap;
        memcpy(p->b.wpos, s, n);
        p->b.wpos += n;
        return 0;
    }
    if (p->wbuf == NULL) return rt_port_sink(p, s, n);   /* written through */
    int e = rt_port_drain(p);
    if (e != 0) return e;
    if (n >= p->wcap) return rt_port_sink(p, s, n);
    memcpy(p->wbuf, s, n);
    p->b.wpos = p->wbuf + n;
    return 0;
}

void rt_port_put(RtPortImpl *p, const char *s, size_t n) {
    if (RT_LIKELY(rt_ports_alone() && n <= (size_t)(p->b.wend - p->b.wpos))) {
        if (n > 0) memcpy(p->b.wpos, s, n);
        p->b.wpos += n;
        return;
    }
    RT_PORT_LOCK(p);
    int e = rt_port_put_locked(p, (const uint8_t *)s, n);
    RT_PORT_UNLOCK(p);
    if (e != 0) rt_port_write_failed(p, e);
}

void rt_port_putc_slow(RtPortImpl *p, uint32_t c) {
    char b[4];
    RT_PORT_LOCK(p);
    int e = rt_port_put_locked(p, (const uint8_t *)b, rt_utf8_encode(c, b));
    RT_PORT_UNLOCK(p);
    if (e != 0) rt_port_write_failed(p, e);
}

void rt_port_put_char(RtPortImpl *p, uint32_t cp) { rt_port_putc(p, cp); }

void rt_port_put_chars(RtPortImpl *p, const uint32_t *cs, size_t n) {
    RT_PORT_LOCK(p);
    int e = 0;
    for (size_t i = 0; i < n && e == 0;) {
        uint8_t *w = p->b.wpos, *end = p->b.wend;      /* ASCII while there is room */
        while (i < n && w < end && cs[i] < 0x80) *w++ = (uint8_t)cs[i++];
        p->b.wpos = w;
        if (i < n) {
            char b[4];
            e = rt_port_put_locked(p, (const uint8_t *)b, rt_utf8_encode(cs[i++], b));
        }
    }
    RT_PORT_UNLOCK(p);
    if (e != 0) rt_port_write_failed(p, e);
}

static RtPortImpl *rt_port_impl(const char *loc, const char *who, RtValue port) {
    RT_CHECK(RT_IS_TYPE(port, TYPE_ID_PORT), who, "a port", port);
    return RT_AS(RtPort, port)->impl;
}

/* Why port cannot serve who, which wants a port with the flags want (rt_port_use): not an
 * input or output port, of the other kind (R7RS 6.13: a character operation on a binary
 * port, or a byte one on a textual port, is an error; Chez Scheme raises too), or closed:
 * "write-u8: expected a binary output port, got a textual one (a string port)". */
static RT_NORETURN RT_COLD void rt_port_unusable(const char *loc, const char *who, RtValue port,
                                                 int want, int kind) {
    RtPortImpl *p = RT_AS(RtPort, port)->impl;
    int out = want & RT_PORT_OUT, binary = want & RT_PORT_BINARY;
    if (!(p->flags & (out ? RT_PORT_OUT : RT_PORT_IN)))
        rt_type_error(loc, who, out ? "an output port" : "an input port", port);
    if (kind && (p->flags & RT_PORT_BINARY) != binary)
        rt_error_msg(loc, who, "expected a %s %s port, got a %s one (%s)",
                     binary ? "binary" : "textual", out ? "output" : "input",
                     binary ? "textual" : "binary", rt_port_description(port));
    rt_error_msg(loc, who, "cannot %s a closed port", out ? "write to" : "read from");
}

/* The open port of want's direction (RT_PORT_OUT or RT_PORT_IN) that port designates
 * (RT_DEFAULT: the current one) for the primitive who; when kind is set, also of want's
 * kind (RT_PORT_BINARY or not; flush-output-port takes either). One test on the fast path,
 * the kind included. */
static inline RtPortImpl *rt_port_use(const char *loc, const char *who, RtValue port, int want,
                                      int kind) {
    if (port == RT_DEFAULT) port = want & RT_PORT_OUT ? rt_current_output() : rt_current_input();
    RtPortImpl *p = rt_port_impl(loc, who, port);
    int mask = (want & (RT_PORT_OUT | RT_PORT_IN)) | RT_PORT_OPEN | (kind ? RT_PORT_BINARY : 0);
    if (RT_UNLIKELY((p->flags & mask) != (want | RT_PORT_OPEN)))
        rt_port_unusable(loc, who, port, want, kind);
    rt_io_loc = loc;
    rt_io_who = who;
    return p;
}

/* Textual ports (regal.h): characters, strings, display and write, read. */
RtPortImpl *rt_out_port(const char *loc, const char *who, RtValue port) {
    return rt_port_use(loc, who, port, RT_PORT_OUT, 1);
}
RtPortImpl *rt_in_port(const char *loc, const char *who, RtValue port) {
    return rt_port_use(loc, who, port, RT_PORT_IN, 1);
}
/* Binary ports: bytes and bytevectors. */
static RtPortImpl *rt_bin_out_port(const char *loc, const char *who, RtValue port) {
    return rt_port_use(loc, who, port, RT_PORT_OUT | RT_PORT_BINARY, 1);
}
static RtPortImpl *rt_bin_in_port(const char *loc, const char *who, RtValue port) {
    return rt_port_use(loc, who, port, RT_PORT_IN | RT_PORT_BINARY, 1);
}
/* Either kind (flush-output-port). */
static RtPortImpl *rt_any_out_port(const char *loc, const char *who, RtValue port) {
    return rt_port_use(loc, who, port, RT_PORT_OUT, 0);
}

static RtValue rt_port_new(Region *rr, RtPortImpl *impl) {
    RtPort *p = alloc_obj_typed(rr, TYPE_ID_PORT);
    p->hdr = RT_HDR(TYPE_ID_PORT, 0);
    p->impl = impl;
    return RT_TAG_AS_OBJ(p);
}

/* Collector memory: a port nobody references any more is collected with its buffers (its
 * descriptor, if still open, is not closed: R7RS leaves that to the program). */
static RtPortImpl *rt_impl_new(int flags) {
    RtPortImpl *p = rt_gc_malloc(sizeof *p);
    p->flags = flags | RT_PORT_OPEN;
    p->fd = -1;
    pthread_mutex_init(&p->lock, NULL);
    return p;
}

/* ---- input: the slow paths --------------------------------------------------------------- */

/* A read from p failed with errno e. */
static RT_NORETURN RT_COLD void rt_port_read_failed(RtPortImpl *p, int e) {
    rt_error_kind(rt_io_loc, RT_COND_FILE, "%s: cannot read from %s: %s",
                  rt_io_who != NULL ? rt_io_who : "read", p->name ? p->name : "a port",
                  strerror(e));
}

/* Bring line and col up to b.rpos: count the characters consumed since lc_mark. A newline
 * byte is never part of a sequence (a decoded one or an ill-formed one: rt_utf8_next stops
 * before it), so the lines are the newline bytes, counted in a loop the compiler vectorises;
 * the column is the characters after the last newline, decoded again as they were decoded
 * (a sequence is never consumed in part). */
static void rt_port_count(RtPortImpl *p) {
    const uint8_t *s = p->lc_mark;
    if (s == NULL || p->b.rpos == NULL) return;
    size_t len = (size_t)(p->b.rpos - s), lines = 0, last = len;
    for (size_t i = 0; i < len; i++) lines += s[i] == '\n';
    if (lines > 0) {
        while (s[last - 1] != '\n') last--;
        p->line += (int64_t)lines;
        p->col = 0;
    } else {
        last = 0;
    }
    for (size_t i = last; i < len; p->col++) {
        if (s[i] < 0x80) i++;
        else rt_utf8_next(s, len, &i);
    }
    p->lc_mark = p->b.rpos;
}

/* Read more: the bytes not consumed move to the front of the buffer, what the descriptor
 * gives goes after them. The count read, 0 at the end of file (or for a port without a
 * descriptor: string ports), or -errno. */
static ssize_t rt_port_fill(RtPortImpl *p) {
    if (p == &rt_stdin_impl && p->rbuf == NULL) {   /* its first read */
        uint8_t *buf = malloc(RT_PORT_BUFSIZE);
        if (buf == NULL) rt_out_of_memory();
        p->rbuf = p->b.rpos = p->b.rend = buf;
        p->lc_mark = buf;
        p->rcap = RT_PORT_BUFSIZE;
    }
    if (p->fd < 0 || p->rbuf == NULL) return 0;
    if (p == &rt_stdin_impl && rt_stdout_tty) fflush(stdout); /* a prompt shows (a failure
                                                                 * stays for the next flush) */
    rt_port_count(p);
    size_t keep = (size_t)(p->b.rend - p->b.rpos);
    if (keep > 0 && p->b.rpos != p->rbuf) memmove(p->rbuf, p->b.rpos, keep);
    p->b.rpos = p->rbuf;
    p->lc_mark = p->rbuf;
    p->b.rend = p->rbuf + keep;
    ssize_t k;
    do k = read(p->fd, p->b.rend, p->rcap - keep);
    while (k < 0 && errno == EINTR);
    if (k < 0) return -errno;
    p->b.rend += k;
    return k;
}

/* More bytes in the buffer when there are none to use: 0 at end of file (the end is then
 * consumed unless peek: the next read tries the descriptor again) or on an error (*err, an
 * errno); 1 when the caller should look again. */
static int rt_port_more(RtPortImpl *p, int peek, int *err) {
    if (p->eof) {
        if (!peek) p->eof = 0;
        return 0;
    }
    ssize_t k = rt_port_fill(p);
    if (k < 0) {
        *err = (int)-k;
        return 0;
    }
    if (k == 0) p->eof = 1;
    return 1;
}

/* The next code point, consumed or not (peek); -1 at end of file; *err: an errno. Its mutex
 * held if need be. A UTF-8 sequence cut by the end of the buffer is completed by a refill;
 * one cut by the end of file decodes as U+FFFD. */
static int32_t rt_port_getc_locked(RtPortImpl *p, int peek, int *err) {
    for (;;) {
        size_t avail = (size_t)(p->b.rend - p->b.rpos);
        if (avail > 0 && (rt_utf8_size(*p->b.rpos) <= avail || p->eof)) {
            size_t i = 0;
            int32_t c = (int32_t)rt_utf8_next(p->b.rpos, avail, &i);
            if (!peek) p->b.rpos += i;
            return c;
        }
        if (!rt_port_more(p, peek, err)) return -1;
    }
}

int32_t rt_port_getc_slow(RtPortImpl *p, int peek) {
    int e = 0;
    RT_PORT_LOCK(p);
    int32_t c = rt_port_getc_locked(p, peek, &e);
    RT_PORT_UNLOCK(p);
    if (e != 0) rt_port_read_failed(p, e);
    return c;
}

/* For read (read.c): where the last character read from port is, and the #!fold-case state. */
void rt_port_position(RtValue port, int64_t *line, int64_t *col) {
    RtPortImpl *p = RT_AS(RtPort, port)->impl;
    RT_PORT_LOCK(p);
    rt_port_count(p);
    *line = p->line + 1;
    *col = p->col;
    RT_PORT_UNLOCK(p);
}
const char *rt_port_description(RtValue port) {
    RtPortImpl *p = RT_AS(RtPort, port)->impl;
    return p->name != NULL                ? p->name
           : p->flags & RT_PORT_BINARY ? "a bytevector port"
                                       : "a string port";
}
/* (atomic: threads reading one port race to it; their data interleave, the flag is whole) */
int rt_port_fold_case(RtValue port) {
    return __atomic_load_n(&RT_AS(RtPort, port)->impl->fold_case, __ATOMIC_RELAXED);
}
void rt_port_set_fold_case(RtValue port, int on) {
    __atomic_store_n(&RT_AS(RtPort, port)->impl->fold_case, on, __ATOMIC_RELAXED);
}

/* A function, not a macro: its argument (a read) must be evaluated once. */
static inline RtValue RT_CHAR_OR_EOF(int32_t c) { return c < 0 ? RT_EOF : RT_CHAR((uint32_t)c); }

RtValue rt_p_read_char(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return RT_CHAR_OR_EOF(rt_port_getc(rt_in_port(loc, "read-char", RT_OPT(0, RT_DEFAULT))));
}

RtValue rt_p_peek_char(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return RT_CHAR_OR_EOF(rt_port_peekc(rt_in_port(loc, "peek-char", RT_OPT(0, RT_DEFAULT))));
}

/* True when a read would not wait: a character (or the end of file) is buffered, the port
 * has no descriptor (a string port), or the descriptor has something to read (poll). */
static int rt_port_ready(RtPortImpl *p) {
    RT_PORT_LOCK(p);
    size_t avail = (size_t)(p->b.rend - p->b.rpos);
    int ready = p->eof || p->fd < 0 || (avail > 0 && rt_utf8_size(*p->b.rpos) <= avail);
    int fd = p->fd;
    RT_PORT_UNLOCK(p);
    if (ready) return 1;
    struct pollfd pf = { .fd = fd, .events = POLLIN };
    return poll(&pf, 1, 0) != 0;   /* readable, at end of file, or an error a read reports */
}

RtValue rt_p_char_ready_p(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return RT_BOOL(rt_port_ready(rt_in_port(loc, "char-ready?", RT_OPT(0, RT_DEFAULT))));
}

/* A growable array of code points in malloc'd memory (freed by its user; an error raised
 * while it is in use cannot happen: nothing below raises before it is freed). */
typedef struct { uint32_t *c; size_t n, cap; } RtCpBuf;
static int rt_cpbuf_push(RtCpBuf *b, uint32_t c) {
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 64;
        uint32_t *nc = realloc(b->c, cap * sizeof *nc);
        if (nc == NULL) return 0;
        b->c = nc;
        b->cap = cap;
    }
    b->c[b->n++] = c;
    return 1;
}

/* Up to max code points (stopping after a newline, which is dropped, when line is set), or
 * the eof object when none is left. A line that lies whole in the buffer and is ASCII is
 * copied straight from it into the string. */
static RtValue rt_read_chars(Region *rr, RtPortImpl *p, int64_t max, int line) {
    RT_PORT_LOCK(p);
    if (line && p->b.rpos < p->b.rend) {
        size_t avail = (size_t)(p->b.rend - p->b.rpos);
        const uint8_t *s = p->b.rpos, *nl = memchr(s, '\n', avail);
        if (nl != NULL) {
            size_t n = (size_t)(nl - s), i = 0;
            uint8_t any = 0;
            for (; i < n; i++) any |= s[i];
            if (any < 0x80) {
                RtString *str = rt_string_new(rr, (int64_t)n);
                for (i = 0; i < n; i++) str->chars[i] = s[i];
                p->b.rpos = (uint8_t *)nl + 1;
                RT_PORT_UNLOCK(p);
                return RT_TAG_AS_OBJ(str);
            }
        }
    }
    RtCpBuf b = {0};
    int e = 0, ok = 1;
    int32_t c = 0;
    while ((int64_t)b.n < max) {
        /* ASCII straight from the buffer, then one code point through the general path */
        const uint8_t *s = p->b.rpos, *end = p->b.rend;
        while (ok && (int64_t)b.n < max && s < end && *s < 0x80 && !(line && *s == '\n'))
            ok = rt_cpbuf_push(&b, *s++);
        p->b.rpos = (uint8_t *)s;
        if (!ok || (int64_t)b.n >= max) break;
        c = rt_port_getc_locked(p, 0, &e);
        if (c < 0 || (line && c == '\n')) break;
        ok = rt_cpbuf_push(&b, (uint32_t)c);
    }
    RT_PORT_UNLOCK(p);
    if (!ok) {
        free(b.c);
        rt_out_of_memory();
    }
    if (e != 0) {
        free(b.c);
        rt_port_read_failed(p, e);
    }
    if (b.n == 0 && c < 0) {
        free(b.c);
        return RT_EOF;
    }
    RtString *s = rt_string_new(rr, (int64_t)b.n);
    if (b.n > 0) memcpy(s->chars, b.c, b.n * sizeof *b.c);
    free(b.c);
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
    rt_port_putc(rt_out_port(loc, "write-char", RT_OPT(1, RT_DEFAULT)), RT_CHARVAL(argv[0]));
    return RT_UNSPEC;
}

RtValue rt_p_write_u8(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_CHECK(RT_IS_FIXNUM(argv[0]) && (uint64_t)RT_FIXVAL(argv[0]) < 256, "write-u8", "a byte",
             argv[0]);
    char b = (char)RT_FIXVAL(argv[0]);
    rt_port_put(rt_bin_out_port(loc, "write-u8", RT_OPT(1, RT_DEFAULT)), &b, 1);
    return RT_UNSPEC;
}

RtValue rt_p_write_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue s = argv[0];
    RT_CHECK(RT_IS_STRING(s), "write-string", "a string", s);
    RtPortImpl *p = rt_out_port(loc, "write-string", RT_OPT(1, RT_DEFAULT));
    int64_t start, end;
    rt_range_args(loc, "write-string", argc, argv, 2, RT_LEN(s), "string", &start, &end);
    rt_port_put_chars(p, RT_STR(s)->chars + start, (size_t)(end - start));
    return RT_UNSPEC;
}

RtValue rt_p_newline(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_port_putc(rt_out_port(loc, "newline", RT_OPT(0, RT_DEFAULT)), '\n');
    return RT_UNSPEC;
}

RtValue rt_p_flush_output_port(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_port_flush(rt_any_out_port(loc, "flush-output-port", RT_OPT(0, RT_DEFAULT)), loc,
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

/* An input port over len bytes (copied): the whole of its buffer, never refilled. */
static RtValue rt_bytes_port(Region *rr, int flags, const uint8_t *bytes, size_t len) {
    RtPortImpl *p = rt_impl_new(RT_PORT_IN | RT_PORT_STRING | flags);
    p->rbuf = rt_gc_malloc_atomic(len + 1);
    if (len > 0) memcpy(p->rbuf, bytes, len);
    p->rcap = len;
    p->b.rpos = p->rbuf;
    p->b.rend = p->rbuf + len;
    p->lc_mark = p->rbuf;
    return rt_port_new(rr, p);
}

/* The string's text as UTF-8, read back by the same decoder as a file's. */
RtValue rt_p_open_input_string(Region *rr, const char *loc, RtValue s) {
    RT_CHECK(RT_IS_STRING(s), "open-input-string", "a string", s);
    size_t n;
    char *text = rt_string_to_utf8(s, &n);
    RtValue port = rt_bytes_port(rr, 0, (const uint8_t *)text, n);
    free(text);
    return port;
}

RtValue rt_p_get_output_string(Region *rr, const char *loc, RtValue port) {
    RtPortImpl *p = rt_port_impl(loc, "get-output-string", port);
    if ((p->flags & (RT_PORT_STRING | RT_PORT_OUT | RT_PORT_BINARY)) !=
        (RT_PORT_STRING | RT_PORT_OUT))
        rt_type_error(loc, "get-output-string", "an output string port", port);
    RT_PORT_LOCK(p);
    RtValue s = mk_string_n(rr, p->wbuf ? (const char *)p->wbuf : "", (size_t)(p->b.wpos - p->wbuf));
    RT_PORT_UNLOCK(p);
    return s;
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

void rt_port_describe(RtValue port, char *buf, size_t n) {
    const RtPortImpl *p = RT_AS(RtPort, port)->impl;
    int f = p->flags;
    const char *dir = (f & RT_PORT_IN) && (f & RT_PORT_OUT) ? "input/output" : (f & RT_PORT_IN) ? "input" : "output";
    const char *name = p->name ? p->name : !(f & RT_PORT_STRING) ? NULL : (f & RT_PORT_BINARY) ? "bytevector" : "string";
    snprintf(buf, n, "%s%s%s port%s%s", (f & RT_PORT_OPEN) ? "" : "closed ", (f & RT_PORT_BINARY) ? "binary " : "",
             dir, name ? " " : "", name ? name : "");
}

static RtValue rt_open_file(Region *rr, const char *loc, const char *who, RtValue name,
                            int out) {
    RT_CHECK(RT_IS_STRING(name), who, "a file name string", name);
    char *path = rt_string_to_utf8(name, NULL);
    int fd = open(path, out ? O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC : O_RDONLY | O_CLOEXEC,
                  0666);
    int e = errno;
    free(path);
    /* written as a string: "open-input-file: cannot open \"x\": No such file..." */
    if (fd < 0)
        rt_error_kind(loc, RT_COND_FILE, "%s: cannot open %s: %s", who, rt_port_name_of(name),
                      strerror(e));
    RtPortImpl *p = rt_impl_new(out ? RT_PORT_OUT : RT_PORT_IN);
    p->fd = fd;
    p->name = rt_port_name_of(name);
    uint8_t *buf = rt_gc_malloc_atomic(RT_PORT_BUFSIZE);
    if (out) {
        p->wbuf = p->b.wpos = buf;
        p->wcap = RT_PORT_BUFSIZE;
        p->b.wend = buf + RT_PORT_BUFSIZE;
    } else {
        p->rbuf = p->b.rpos = p->b.rend = buf;
        p->rcap = RT_PORT_BUFSIZE;
        p->lc_mark = buf;
    }
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
    RT_PORT_LOCK(p);
    if (!(p->flags & RT_PORT_OPEN) || !(p->flags & which)) {
        RT_PORT_UNLOCK(p);
        return;
    }
    p->flags &= ~RT_PORT_OPEN;
    int e = 0, file_out = 0;
    if (p == &rt_stdout_impl || p == &rt_stderr_impl) {
        e = rt_port_flush_locked(p);
    } else if (p == &rt_stdin_impl) {
        /* descriptor 0 stays open, as the other standard ones do */
    } else if (p->fd >= 0) {
        if (p->flags & RT_PORT_OUT) {
            e = rt_port_drain(p);
            file_out = 1;
        }
        if (close(p->fd) != 0 && e == 0 && (p->flags & RT_PORT_OUT)) e = errno;
        p->fd = -1;
        p->rbuf = p->wbuf = NULL;        /* the buffers go with the collector */
        p->b.rpos = p->b.rend = p->b.wpos = p->b.wend = NULL;
        p->lc_mark = NULL;
        p->eof = 0;
    }
    RT_PORT_UNLOCK(p);
    if (file_out) {
        pthread_mutex_lock(&rt_file_outs_lock);
        for (RtPortImpl **q = &rt_file_outs; *q != NULL; q = &(*q)->next_out)
            if (*q == p) {
                *q = p->next_out;
                break;
            }
        pthread_mutex_unlock(&rt_file_outs_lock);
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
    return rt_bytes_port(rr, RT_PORT_BINARY, RT_AS(RtBytevector, b)->bytes, (size_t)RT_LEN(b));
}

RtValue rt_p_open_output_bytevector(Region *rr, const char *loc) {
    return rt_port_new(rr, rt_impl_new(RT_PORT_OUT | RT_PORT_STRING | RT_PORT_BINARY));
}

RtValue rt_p_get_output_bytevector(Region *rr, const char *loc, RtValue port) {
    RtPortImpl *p = rt_port_impl(loc, "get-output-bytevector", port);
    if ((p->flags & (RT_PORT_STRING | RT_PORT_OUT | RT_PORT_BINARY)) !=
        (RT_PORT_STRING | RT_PORT_OUT | RT_PORT_BINARY))
        rt_type_error(loc, "get-output-bytevector", "a bytevector output port", port);
    RT_PORT_LOCK(p);
    size_t n = (size_t)(p->b.wpos - p->wbuf);
    RtValue b = mk_bytevector(rr, n, 0);
    if (n > 0) memcpy(RT_AS(RtBytevector, b)->bytes, p->wbuf, n);
    RT_PORT_UNLOCK(p);
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
static int rt_port_getb_locked(RtPortImpl *p, int peek, int *err) {
    for (;;) {
        if (p->b.rpos < p->b.rend) return peek ? *p->b.rpos : *p->b.rpos++;
        if (!rt_port_more(p, peek, err)) return -1;
    }
}
static RT_COLD int rt_port_getb_slow(RtPortImpl *p, int peek) {
    int e = 0;
    RT_PORT_LOCK(p);
    int c = rt_port_getb_locked(p, peek, &e);
    RT_PORT_UNLOCK(p);
    if (e != 0) rt_port_read_failed(p, e);
    return c;
}
static inline int rt_port_getb(RtPortImpl *p, int peek) {
    if (RT_LIKELY(rt_ports_alone() && p->b.rpos < p->b.rend)) return peek ? *p->b.rpos : *p->b.rpos++;
    return rt_port_getb_slow(p, peek);
}

static RtPortImpl *rt_bin_in(const char *loc, const char *who, intptr_t argc,
                             const RtValue *argv, intptr_t i) {
    return rt_bin_in_port(loc, who, RT_OPT(i, RT_DEFAULT));
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
    return RT_BOOL(rt_port_ready(rt_bin_in(loc, "u8-ready?", argc, argv, 0)));
}

/* Up to k bytes into dst, fewer only at the end of file: the count; *err: an errno. */
static int64_t rt_port_read_bytes(RtPortImpl *p, uint8_t *dst, int64_t k, int *err) {
    int64_t n = 0;
    RT_PORT_LOCK(p);
    while (n < k) {
        size_t avail = (size_t)(p->b.rend - p->b.rpos);
        if (avail == 0) {
            int c = rt_port_getb_locked(p, 0, err);
            if (c < 0) break;
            dst[n++] = (uint8_t)c;
            continue;
        }
        size_t m = avail < (size_t)(k - n) ? avail : (size_t)(k - n);
        memcpy(dst + n, p->b.rpos, m);
        p->b.rpos += m;
        n += (int64_t)m;
    }
    RT_PORT_UNLOCK(p);
    return n;
}

/* (read-bytevector k [port]): up to k bytes, or the eof object when none is left. */
RtValue rt_p_read_bytevector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t k = rt_size_arg(loc, "read-bytevector", argv[0]);
    RtPortImpl *p = rt_bin_in(loc, "read-bytevector", argc, argv, 1);
    uint8_t *b = malloc((size_t)k + 1);
    if (b == NULL) rt_out_of_memory();
    int e = 0;
    int64_t n = rt_port_read_bytes(p, b, k, &e);
    if (e != 0) {
        free(b);
        rt_port_read_failed(p, e);
    }
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
    int e = 0;
    int64_t n = rt_port_read_bytes(p, RT_AS(RtBytevector, argv[0])->bytes + start, end - start, &e);
    if (e != 0) rt_port_read_failed(p, e);
    return n == 0 && end > start ? RT_EOF : RT_FIX(n);
}

RtValue rt_p_write_bytevector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_CHECK(RT_IS_BYTEVECTOR(argv[0]), "write-bytevector", "a bytevector", argv[0]);
    RtPortImpl *p = rt_bin_out_port(loc, "write-bytevector", RT_OPT(1, RT_DEFAULT));
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
    p = (RtPortImpl){ .flags = RT_PORT_OUT | RT_PORT_OPEN | RT_PORT_QUIET, .f = file,
                      .fd = -1 };
    return &p;
}
