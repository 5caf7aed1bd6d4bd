/* driver.c: from emitted C to an executable, and the program run by --run. Entry points:
 * driver_tmp_make (the private temporary directory), driver_compile (the C compiler, clang by
 * default, on the emitted C, linked with the Regal runtime), driver_run, driver_tmp_remove.
 * The runtime's header and libraries are found by driver_paths: under $REGAL_HOME, beside the
 * executable (an installed or a build tree's layout), or where the build put them.
 *
 * The temporary directory is $TMPDIR/regal-XXXXXX (/tmp when TMPDIR is unset or empty). It is
 * removed on every way out: success, every error, and SIGINT, SIGTERM and SIGHUP, whose
 * handlers (installed with the directory, unless the signal was ignored when regal started)
 * forward the signal to the child running at the time, wait for it, remove the directory and
 * then die of the same signal, so that the caller sees the right status. Under --run the
 * handler only forwards: driver_run waits for the program as a shell does, removes the
 * directory, and dies of the signal if the program did. The one exception: when the C
 * compiler fails, its messages name the generated C, so the C is kept and its path printed.
 */
#include "regalc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- the temporary directory and the signals ------------------------------------------------
 * Shared with the signal handler, which uses async-signal-safe calls only. */
static char driver_tmp[PATH_MAX];          /* the directory; "" when there is none */
static volatile sig_atomic_t driver_child; /* the C compiler or the program running; 0: none */
static volatile sig_atomic_t driver_child_is_program; /* --run: the handler only forwards */
static volatile sig_atomic_t driver_signal;           /* the signal received under --run */
static const int driver_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define DRIVER_NSIGNALS (sizeof driver_signals / sizeof driver_signals[0])
static bool driver_handled[DRIVER_NSIGNALS]; /* false: ignored at start-up, left so */

/* Remove the directory and the files in it (there are no subdirectories). getdents64 and
 * unlinkat, not readdir, which may allocate: this runs in the signal handler. A child killed
 * a moment ago (the linker) may still create a file, so a directory not yet empty is tried
 * again for up to a second. */
void driver_tmp_remove(void) {
    if (!driver_tmp[0]) return;
    for (int tries = 0; tries < 20; tries++) {
        int fd = open(driver_tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd >= 0) {
            char buf[4096] __attribute__((aligned(8)));
            long n;
            while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
                for (long off = 0; off < n;) {
                    /* struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name */
                    unsigned short reclen;
                    memcpy(&reclen, buf + off + 16, sizeof reclen);
                    const char *name = buf + off + 19;
                    if (strcmp(name, ".") && strcmp(name, "..")) unlinkat(fd, name, 0);
                    off += reclen;
                }
            }
            close(fd);
        }
        if (rmdir(driver_tmp) == 0 || errno != ENOTEMPTY) break;
        struct timespec pause = {0, 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    driver_tmp[0] = 0;
}

static void driver_on_signal(int sig) {
    int saved_errno = errno;
    pid_t child = driver_child;
    if (child > 0) kill(child, sig);
    if (driver_child_is_program) { /* driver_run waits for the program, then does the rest */
        driver_signal = sig;
        errno = saved_errno;
        return;
    }
    if (child > 0)
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) continue;
    driver_tmp_remove();
    signal(sig, SIG_DFL);
    raise(sig); /* pending until this handler returns (the signal is blocked in it): then fatal */
}

/* Block (how = SIG_BLOCK) or unblock our signals: around fork, so that no handler runs
 * between the child's creation and the parent knowing its pid, nor in the child before it
 * has reset them. */
static void driver_signals_mask(int how) {
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < DRIVER_NSIGNALS; i++) sigaddset(&set, driver_signals[i]);
    sigprocmask(how, &set, NULL);
}

static void driver_signals_install(void) {
    for (size_t i = 0; i < DRIVER_NSIGNALS; i++) {
        struct sigaction old, sa;
        if (sigaction(driver_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = driver_on_signal;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        for (size_t j = 0; j < DRIVER_NSIGNALS; j++) sigaddset(&sa.sa_mask, driver_signals[j]);
        if (sigaction(driver_signals[i], &sa, NULL) == 0) driver_handled[i] = true;
    }
}

/* In a child before exec: the default action for the signals we handle, then unblocked. */
static void driver_signals_child(void) {
    for (size_t i = 0; i < DRIVER_NSIGNALS; i++)
        if (driver_handled[i]) signal(driver_signals[i], SIG_DFL);
    driver_signals_mask(SIG_UNBLOCK);
}

/* Fork a child running argv (execvp when search, else execv), with signals blocked until the
 * parent has recorded its pid; -1 (after a message) when fork fails. */
static pid_t driver_spawn(char *const *argv, bool search, bool is_program, const char *what) {
    fflush(NULL);
    driver_signals_mask(SIG_BLOCK);
    pid_t pid = fork();
    if (pid == 0) {
        driver_signals_child();
        if (search) execvp(argv[0], argv);
        else execv(argv[0], argv);
        fprintf(stderr, "regal: cannot run %s '%s': %s\n", what, argv[0], strerror(errno));
        _exit(127);
    }
    int err = errno;
    if (pid > 0) {
        driver_child_is_program = is_program;
        driver_child = pid;
    }
    driver_signals_mask(SIG_UNBLOCK);
    if (pid < 0) fprintf(stderr, "regal: cannot start %s '%s': %s\n", what, argv[0], strerror(err));
    return pid;
}

/* Wait for the child; its wait status. */
static int driver_wait(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = 127 << 8;
            break;
        }
    driver_child = 0;
    return status;
}

const char *driver_tmp_make(void) {
    const char *base = getenv("TMPDIR");
    if (!base || !*base) base = "/tmp";
    if (strlen(base) + sizeof "/regal-XXXXXX" > sizeof driver_tmp) {
        fprintf(stderr, "regal: TMPDIR is too long: '%s'\n", base);
        return NULL;
    }
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/regal-XXXXXX", base);
    driver_signals_mask(SIG_BLOCK); /* the directory exists only once the handlers know it */
    driver_signals_install();
    const char *made = mkdtemp(path);
    int err = errno;
    if (made) memcpy(driver_tmp, path, strlen(path) + 1);
    driver_signals_mask(SIG_UNBLOCK);
    if (!made) {
        fprintf(stderr, "regal: cannot create a temporary directory in '%s': %s\n", base,
                strerror(err));
        return NULL;
    }
    return driver_tmp;
}

/* ---- where the runtime is ------------------------------------------------------------------
 * Two layouts: an installed one, PREFIX/bin/regal with PREFIX/include/regal (regal.h,
 * prims.def), PREFIX/lib/regal (libregal.a, libregal-san.a) and PREFIX/share/regal/lib (the
 * installed libraries), and the build tree's, B/regal with B's libraries, runtime/ and lib/
 * beside B. The first that holds regal.h among: $REGAL_HOME (either layout), the directory
 * above the executable itself (/proc/self/exe, symbolic links resolved: so a moved or staged
 * install, or a moved build tree, works with no environment variable), then the paths built in
 * (REGAL_INCLUDE_DIR, REGAL_LIB_DIR, REGAL_LIBRARY_DIR: the build tree it was made in). */
static bool driver_file_exists(const char *dir, const char *name) {
    char *p = xasprintf("%s/%s", dir, name);
    bool ok = access(p, R_OK) == 0;
    free(p);
    return ok;
}

/* The layouts of prefix: installed (PREFIX/include/regal...), or a build tree whose build
 * directory is `build` (REGAL_HOME) or exe_dir (the executable's). */
static bool driver_paths_at(DriverPaths *p, const char *prefix, const char *exe_dir, const char *how) {
    const char *inc = xasprintf("%s/include/regal", prefix);
    if (driver_file_exists(inc, "regal.h")) {
        *p = (DriverPaths){inc, xasprintf("%s/lib/regal", prefix), xasprintf("%s/share/regal/lib", prefix), how};
        return true;
    }
    inc = xasprintf("%s/runtime", prefix);
    const char *lib = exe_dir ? exe_dir : xasprintf("%s/build", prefix);
    if (driver_file_exists(inc, "regal.h") && driver_file_exists(lib, "libregal.a")) {
        *p = (DriverPaths){inc, lib, xasprintf("%s/lib", prefix), how};
        return true;
    }
    return false;
}

const DriverPaths *driver_paths(void) {
    static DriverPaths paths;
    if (paths.include_dir) return &paths;
    const char *home = getenv("REGAL_HOME");
    if (home && *home && driver_paths_at(&paths, home, NULL, "$REGAL_HOME")) return &paths;
    char *exe = realpath("/proc/self/exe", NULL);
    char *slash = exe ? strrchr(exe, '/') : NULL;
    if (slash) {
        *slash = 0;   /* exe is now its directory: bin/, or the build directory */
        char *up_slash = strrchr(exe, '/');
        const char *up = !up_slash || up_slash == exe ? "/" : xstrndup(exe, (size_t)(up_slash - exe));
        if (driver_paths_at(&paths, up, exe, "beside the executable")) return &paths;
    }
    paths = (DriverPaths){REGAL_INCLUDE_DIR, REGAL_LIB_DIR, REGAL_LIBRARY_DIR, "built in"};
    return &paths;
}

/* ---- the C compiler ------------------------------------------------------------------------ */
/* Split a space-separated list of flags (REGAL_RT_LIBS) onto argv. */
static void driver_push_words(VEC(char *) *argv, const char *s) {
    while (*s) {
        while (*s == ' ') s++;
        const char *e = s;
        while (*e && *e != ' ') e++;
        if (e > s) vec_push(argv, xstrndup(s, (size_t)(e - s)));
        s = e;
    }
}

int driver_repl(char **argv) {
    const char *exe = xasprintf("%s/regal-repl", driver_paths()->lib_dir);
    argv[0] = (char *)exe;
    execv(exe, argv);
    fprintf(stderr, "regal: cannot run the REPL '%s': %s\n", exe, strerror(errno));
    return 1;
}

int driver_compile(const DriverOptions *opt, const char *c_text, const char *c_path,
                   const char *out_path) {
    int err = util_write_file(c_path, c_text, strlen(c_text));
    if (err) {
        const char *base = getenv("TMPDIR");
        fprintf(stderr, "regal: cannot write the generated C to a temporary file in '%s': %s\n",
                base && *base ? base : "/tmp", strerror(err));
        return 1;
    }
    const char *inc = driver_paths()->include_dir;
    const char *lib = driver_paths()->lib_dir;
    if (!driver_file_exists(inc, "regal.h")) {
        fprintf(stderr, "regal: cannot find the runtime's header regal.h in '%s' (%s); set "
                "REGAL_HOME to the installation prefix or the build tree\n", inc, driver_paths()->how);
        return 1;
    }
    VEC(char *) argv = {0};
    vec_push(&argv, xstrdup(opt->cc));
    vec_push(&argv, xstrdup("-std=gnu11"));
    vec_push(&argv, xstrdup(opt->opt_level));
    if (opt->debug) vec_push(&argv, xstrdup("-g"));
    vec_push(&argv, xasprintf("-I%s", inc));
    if (opt->sanitize) {
        vec_push(&argv, xstrdup("-DRT_ASAN"));
        vec_push(&argv, xstrdup("-fno-omit-frame-pointer"));
    }
    for (size_t i = 0; i < opt->extra.len; i++) vec_push(&argv, xstrdup(opt->extra.items[i]));
    if (opt->compile_only) vec_push(&argv, xstrdup("-c"));
    vec_push(&argv, xstrdup(c_path));
    /* the user's C files and libraries (foreign procedures) after the program that calls
     * them, before the runtime they may call; -L and -l after both */
    for (size_t i = 0; i < opt->inputs.len; i++) vec_push(&argv, xstrdup(opt->inputs.items[i]));
    if (!opt->compile_only) {   /* -c: an object file (regal -c), nothing linked */
        if (opt->eval)
            vec_push(&argv, xasprintf("%s/%s", lib, opt->sanitize ? "libregal-eval-san.a" : "libregal-eval.a"));
        vec_push(&argv, xasprintf("%s/%s", lib, opt->sanitize ? "libregal-san.a" : "libregal.a"));
        for (size_t i = 0; i < opt->link.len; i++) vec_push(&argv, xstrdup(opt->link.items[i]));
        driver_push_words((void *)&argv, REGAL_RT_LIBS);
    }
    vec_push(&argv, xstrdup("-o"));
    vec_push(&argv, xstrdup(out_path));
    vec_push(&argv, NULL);
    if (getenv("REGAL_VERBOSE")) {
        for (size_t i = 0; argv.items[i]; i++) fprintf(stderr, "%s ", argv.items[i]);
        fputc('\n', stderr);
    }
    pid_t pid = driver_spawn(argv.items, true, false, "the C compiler");
    int status = pid < 0 ? 127 << 8 : driver_wait(pid);
    for (size_t i = 0; argv.items[i]; i++) free(argv.items[i]);
    vec_free(&argv);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) return 1; /* not started: said so */
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "regal: the C compiler '%s' was killed by signal %d\n", opt->cc,
                WTERMSIG(status));
        return 1;
    }
    /* Its messages name the C file: keep it (and only it) where they say. */
    fprintf(stderr, "regal: the C compiler failed (status %d) on the generated C, kept in '%s'\n",
            WEXITSTATUS(status), c_path);
    driver_tmp[0] = 0;
    return 1;
}

/* ---- --run --------------------------------------------------------------------------------- */
int driver_run(const char *exe, char **argv) {
    argv[0] = (char *)exe;
    pid_t pid = driver_spawn(argv, false, true, "the program");
    int status = pid < 0 ? 127 << 8 : driver_wait(pid);
    driver_child_is_program = 0;
    driver_tmp_remove();
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig == driver_signal) { /* killed by what we received: die of it, as a shell does */
            signal(sig, SIG_DFL);
            raise(sig);
        }
        return 128 + sig;
    }
    return WEXITSTATUS(status);
}
