/* start.c: program start. rt_start (called by the generated main) runs the compiled program
 * on a large stack: a pthread with 512 MiB reserved by default, or REGAL_STACK_MB megabytes
 * (smaller when the address space is limited, down to 8 MiB), and sets rt_stack_limit a safety margin above its low end so that
 * RT_STACK_CHECK reports "stack overflow" (exit 70) instead of a segfault. It also keeps
 * argc/argv for `command-line`, and defines rt_xargs (a collector root, see gc.c) and
 * rt_stack_limit.
 * Under AddressSanitizer the overflow report is preceded by ASan's warning that it ignores
 * __asan_handle_no_return on so large a stack (harmless: the message and status are the same).
 * The collector (gc.c) is initialised first, on the main thread; the program thread is created
 * through the collector (GC_pthread_create), so its stack is scanned, and registers its
 * thread-local roots; REGAL_STATS is reported when the program returns. Start-up registers
 * the ports' exit flush (rt_ports_init); the end flushes every output port and returns
 * RT_EXIT_ERROR instead of 0 when some output could not be written (port.c).
 */
#define _GNU_SOURCE
#define GC_THREADS
#include "rtlib.h"

#include <locale.h>
#include <pthread.h>

#include <gc/gc.h>

_Thread_local RtValue rt_xargs[RT_MAX_ARGS];
_Thread_local char *rt_stack_limit;
int rt_argc;
char **rt_argv;

#define RT_STACK_MAX    ((size_t)512 << 20)     /* 512 MiB reserved, committed lazily */
#define RT_STACK_MIN    ((size_t)8 << 20)       /* 8 MiB */
#define RT_STACK_MARGIN ((size_t)256 << 10)     /* room for the error path and C library */

RT_COLD void rt_stack_overflow(const char *loc) {
    rt_exit_flush();
    if (loc != NULL) fprintf(stderr, "%s: error: stack overflow\n", loc);
    else fprintf(stderr, "error: stack overflow\n");
    fflush(stderr);
    _exit(RT_EXIT_ERROR);
}

/* Set rt_stack_limit from the calling thread's own stack bounds. */
static void rt_stack_limit_init(size_t fallback_size) {
    pthread_attr_t a;
    void *lo = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
        pthread_attr_getstack(&a, &lo, &size);
        pthread_attr_destroy(&a);
    }
    if (lo == NULL) { /* unknown: assume the stack ends fallback_size below here */
        char here;
        lo = &here - fallback_size + 4096;
    }
    rt_stack_limit = (char *)lo + RT_STACK_MARGIN;
}

typedef struct { void (*program)(void); size_t size; } RtStartArg;

/* Run the program on this thread, its thread-local values registered as roots. */
static void rt_run(void (*program)(void)) {
    rt_gc_thread_roots(1);
    program();
    rt_stats_report();
    rt_gc_thread_roots(0);
}

static void *rt_thread_main(void *p) {
    RtStartArg *sa = p;
    rt_stack_limit_init(sa->size);
    rt_run(sa->program);
    return NULL;
}

int rt_start(int argc, char **argv, void (*program)(void)) {
    rt_ports_init(); /* first: closed standard descriptors are taken before anything opens */
    rt_gc_init();
    rt_argc = argc;
    rt_argv = argv;
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "");
    RtStartArg sa = { program, 0 };
    size_t max = RT_STACK_MAX;
    const char *env = getenv("REGAL_STACK_MB");
    if (env && atol(env) > 0) max = (size_t)atol(env) << 20;
    for (size_t size = max; size >= RT_STACK_MIN; size /= 2) {
        pthread_attr_t attr;
        pthread_t th;
        if (pthread_attr_init(&attr) != 0) break;
        int ok = pthread_attr_setstacksize(&attr, size) == 0;
        sa.size = size;
        ok = ok && GC_pthread_create(&th, &attr, rt_thread_main, &sa) == 0;
        pthread_attr_destroy(&attr);
        if (ok) {
            GC_pthread_join(th, NULL);
            return rt_exit_flush() ? RT_EXIT_ERROR : 0;
        }
    }
    /* No thread at all: run on the main stack with its own limit. */
    rt_stack_limit_init(RT_STACK_MIN);
    rt_run(program);
    return rt_exit_flush() ? RT_EXIT_ERROR : 0;
}
