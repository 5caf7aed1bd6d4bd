/* start.c: program start. rt_start (called by the generated main) runs the compiled program
 * on a large stack: a pthread with 512 MiB reserved by default, or REGAL_STACK_MB megabytes
 * (smaller when the address space is limited, down to 8 MiB), and sets rt_stack_limit (error.c)
 * a safety margin above its low end so that RT_STACK_CHECK reports "stack overflow" (exit 70)
 * instead of a segfault. It also keeps argc/argv for `command-line`.
 * Under AddressSanitizer the overflow report is preceded by ASan's warning that it ignores
 * __asan_handle_no_return on so large a stack (harmless: the message and status are the same).
 * Start-up wires the hooks through which lower layers reach higher ones (rtlib.h,
 * "Architecture"): the ports' exit flush (rt_ports_init, first) and the printer of error
 * messages. The collector (gc.c) is initialised next, on the main thread; the program thread
 * is created through the collector (GC_pthread_create), so its stack is scanned, and
 * registers its thread-local roots (rt_gc_thread_roots, here because it names the
 * thread-locals of call.c and port.c); REGAL_STATS is reported when the program returns. The
 * end flushes every output port and returns RT_EXIT_ERROR instead of 0 when some output could
 * not be written (port.c).
 */
#define _GNU_SOURCE
#define GC_THREADS
#include "rtlib.h"

#include <locale.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>

#include <gc/gc.h>

int rt_argc;
char **rt_argv;
_Thread_local char *rt_stack_base;   /* rtlib.h: the top of what full continuations copy */
_Thread_local RtValue rt_param_binds = RT_NIL;   /* control.c's parameterize bindings: a root */

#define RT_STACK_MAX    ((size_t)512 << 20)     /* 512 MiB reserved, committed lazily */
#define RT_STACK_MIN    ((size_t)8 << 20)       /* 8 MiB */
#define RT_STACK_MARGIN ((size_t)256 << 10)     /* room for the error path and C library */

/* ---- stack overflow ---------------------------------------------------------------------------
 * Compiled procedures check nothing on entry (RT_ENTRY_CHECK): the program thread's stack ends
 * in a guard region of RT_GUARD_BYTES that the system never maps, so runaway recursion faults
 * there. A SIGSEGV/SIGBUS handler, on an alternate signal stack of its own, sees whether the
 * fault address is in this thread's guard (just below rt_stack_lo): if so it jumps back to
 * rt_run, which reports "error: stack overflow" as the explicit check did (ports flushed, exit
 * 70); any other fault gets the default action. Frames larger than the guard could step over
 * it; compiled frames are far smaller. The runtime's own C recursion (equal?, the printer) and
 * builds under AddressSanitizer still check rt_stack_limit explicitly (RT_STACK_CHECK). */
#define RT_GUARD_BYTES  ((size_t)1 << 20)       /* 1 MiB */
#define RT_ALTSTACK_BYTES ((size_t)64 << 10)
static _Thread_local char *rt_stack_lo;          /* lowest usable address of this stack */
static _Thread_local sigjmp_buf *rt_overflow_jmp; /* where rt_run takes the overflow; NULL: none */

#if !defined(RT_ASAN)
static struct sigaction rt_fault_prev[2];         /* the handlers before ours: SIGSEGV, SIGBUS */
static void rt_fault(int sig, siginfo_t *si, void *uctx) {
    char *a = si->si_addr;
    if (rt_overflow_jmp != NULL && rt_stack_lo != NULL && a < rt_stack_lo + 4096 &&
        a >= rt_stack_lo - RT_GUARD_BYTES) /* only the guard: memory below may be the collector's */
        siglongjmp(*rt_overflow_jmp, 1);
    /* not an overflow: the collector's handler if it has one (its write barrier in
     * generational mode), otherwise the fault happens again with its default action */
    struct sigaction *prev = &rt_fault_prev[sig == SIGBUS];
    if (prev->sa_flags & SA_SIGINFO) {
        if (prev->sa_sigaction != NULL) { prev->sa_sigaction(sig, si, uctx); return; }
    } else if (prev->sa_handler != SIG_DFL && prev->sa_handler != SIG_IGN && prev->sa_handler != NULL) {
        prev->sa_handler(sig);
        return;
    }
    signal(sig, SIG_DFL);
}

/* The fault handler on an alternate stack for this thread (the handler itself is process-wide);
 * the stack is returned (NULL: none), for rt_fault_done when the thread ends. */
static void *rt_fault_init(void) {
    stack_t ss = {.ss_sp = malloc(RT_ALTSTACK_BYTES), .ss_size = RT_ALTSTACK_BYTES, .ss_flags = 0};
    if (ss.ss_sp == NULL || sigaltstack(&ss, NULL) != 0) { /* no handler: a plain fault */
        free(ss.ss_sp);
        return NULL;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = rt_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    /* the handler before ours (the collector's, say) is kept once: a later thread finds ours */
    struct sigaction old[2];
    sigaction(SIGSEGV, &sa, &old[0]);
    sigaction(SIGBUS, &sa, &old[1]);
    for (int i = 0; i < 2; i++)
        if (!(old[i].sa_flags & SA_SIGINFO) || old[i].sa_sigaction != rt_fault) rt_fault_prev[i] = old[i];
    return ss.ss_sp;
}

static void rt_fault_done(void *altstack) {
    if (altstack == NULL) return;
    stack_t ss = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
    free(altstack);
}
#endif

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
    rt_stack_lo = lo;
}

/* This thread's thread-local values as collector roots (gc.c, "Roots"), add = 1 at the start
 * of the thread that runs the program, 0 before it ends (its thread-local storage dies with
 * it): rt_xargs (call.c), the current ports rt_cur_out, rt_cur_in, rt_cur_err (port.c) and
 * the parameterize bindings rt_param_binds (control.c). */
void rt_gc_thread_roots(int add) {
    struct { void *lo, *hi; } roots[] = {
        { rt_xargs, rt_xargs + RT_MAX_ARGS },
        { &rt_cur_out, &rt_cur_out + 1 },
        { &rt_cur_in, &rt_cur_in + 1 },
        { &rt_cur_err, &rt_cur_err + 1 },
        { &rt_param_binds, &rt_param_binds + 1 },
    };
    for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++) {
        if (add) GC_add_roots(roots[i].lo, roots[i].hi);
        else GC_remove_roots(roots[i].lo, roots[i].hi);
    }
}

/* The roots of a region's collection above the memory layer (rt_region_gc_roots_hook,
 * rtlib.h): this thread's stack from lo up to rt_stack_base (NULL on a thread rt_run did not
 * start: nothing is collected there), and the thread-local values. Extra arguments: a direct
 * call's are read at its entry, before anything can allocate; an unknown call's (rest lists
 * are made from them) are counted in rt_nargs. */
static int rt_region_roots(RtScanFn scan, void *ctx, uintptr_t lo) {
    if (rt_stack_base == NULL) return 0;
    if (scan == NULL) return 1;
    scan(ctx, lo, (uintptr_t)rt_stack_base);
    intptr_t nx = rt_nargs > 64 ? rt_nargs : 64;
    scan(ctx, (uintptr_t)rt_xargs, (uintptr_t)(rt_xargs + (nx < RT_MAX_ARGS ? nx : RT_MAX_ARGS)));
    RtValue tls[4] = { rt_cur_out, rt_cur_in, rt_cur_err, rt_param_binds };
    scan(ctx, (uintptr_t)tls, (uintptr_t)(tls + 4));
    return 1;
}

typedef struct { void (*program)(void); size_t size; } RtStartArg;

/* Run the program on this thread, its thread-local values registered as roots. */
static void rt_run(void (*program)(void)) {
    rt_gc_thread_roots(1);
#if !defined(RT_ASAN)
    sigjmp_buf jb;
    if (sigsetjmp(jb, 1)) {
        rt_overflow_jmp = NULL;
        rt_stack_overflow(NULL);
    }
    rt_overflow_jmp = &jb;
    (void)rt_fault_init();   /* the program's thread: its alternate stack lasts as long */
#endif
    rt_stack_base = __builtin_frame_address(0);   /* what full continuations copy (control.c) */
    program();
    rt_stack_base = NULL;
    rt_overflow_jmp = NULL;
    rt_stats_report();
    rt_gc_thread_roots(0);
}

static void *rt_thread_main(void *p) {
    RtStartArg *sa = p;
    rt_stack_limit_init(sa->size);
    rt_run(sa->program);
    return NULL;
}

/* ---- threads of the program other than its own (thread.c) ------------------------------------
 * Created through the collector (GC_pthread_create: their stacks are scanned), with a stack of
 * RT_THREAD_STACK bytes reserved (committed as used) and the same guard as the program's. The
 * new thread calls rt_thread_run, which sets its stack limit, its overflow handler and its
 * thread-local roots around body(arg). Before the first one starts, the ports begin to lock
 * (rt_ports_share). No full continuation is captured there (rt_stack_base
 * stays NULL: call/cc is escape-only). */
#define RT_THREAD_STACK ((size_t)64 << 20)

int rt_thread_create(pthread_t *th, void *(*start)(void *), void *arg) {
    rt_nursery_freeze();   /* one thread's nursery: off once another starts (nursery.c) */
    rt_ports_share();   /* from now on the ports lock (port.c) */
    __atomic_store_n(&rt_threads_spawned, 1, __ATOMIC_RELAXED);   /* regions no longer collected (regiongc.c); threads race here */
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return -1;
    int ok = pthread_attr_setstacksize(&attr, RT_THREAD_STACK) == 0 &&
             pthread_attr_setguardsize(&attr, RT_GUARD_BYTES) == 0 &&
             GC_pthread_create(th, &attr, start, arg) == 0;
    pthread_attr_destroy(&attr);
    return ok ? 0 : -1;
}

int rt_thread_join(pthread_t th) { return GC_pthread_join(th, NULL); }

int rt_thread_detach(pthread_t th) { return GC_pthread_detach(th); }

void rt_thread_run(void (*body)(void *), void *arg) {
    rt_stack_limit_init(RT_THREAD_STACK);
    rt_gc_thread_roots(1);
#if !defined(RT_ASAN)
    sigjmp_buf jb;
    if (sigsetjmp(jb, 1)) {
        rt_overflow_jmp = NULL;
        rt_stack_overflow(NULL);
    }
    rt_overflow_jmp = &jb;
    void *alt = rt_fault_init();
#endif
    body(arg);
#if !defined(RT_ASAN)
    rt_overflow_jmp = NULL;
    rt_fault_done(alt);
#endif
    rt_gc_thread_roots(0);
}

/* What rt_start and rt_start_here set up before the program runs. */
static void rt_start_init(int argc, char **argv) {
    rt_ports_init(); /* first: closed standard descriptors are taken before anything opens */
    rt_error_print_hook = rt_fprint; /* error messages write values with the printer */
    rt_region_collect_hook = rt_region_collect;   /* regions collected by regiongc.c */
    rt_region_gc_roots_hook = rt_region_roots;
    rt_gc_init();
    rt_argc = argc;
    rt_argv = argv;
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "");
    const char *budget = getenv("REGAL_REGION_BUDGET");   /* MiB; 0: none (region.c) */
    if (budget && rt_region_budget != 0 && atol(budget) >= 0)
        rt_region_budget = (uint32_t)(((uint64_t)atol(budget) << 20) / RT_CHUNK_BYTES);
    const char *rgc = getenv("REGAL_REGION_GC");   /* MiB between collections (regiongc.c); 0: none */
    if (rgc && atol(rgc) >= 0) rt_region_collect_chunks = (uint32_t)(((uint64_t)atol(rgc) << 20) / RT_CHUNK_BYTES);
    const char *trace = getenv("REGAL_REGION_GC_TRACE");
    rt_region_gc_trace = trace != NULL && strcmp(trace, "0") != 0;
    const char *stress = getenv("REGAL_REGION_GC_STRESS");   /* 1: collected at every chunk */
    if (stress && strcmp(stress, "0") != 0 && rt_region_collect_chunks != 0) {
        rt_region_gc_stress = 1;
        rt_region_collect_chunks = 1;
    }
}

static int rt_start_here_run(void (*program)(void)) {
    rt_stack_limit_init(RT_STACK_MIN);
    rt_run(program);
    return rt_exit_flush() ? RT_EXIT_ERROR : 0;
}

int rt_start_here(int argc, char **argv, void (*program)(void)) {
    rt_start_init(argc, argv);
    return rt_start_here_run(program);
}

int rt_start(int argc, char **argv, void (*program)(void)) {
    rt_start_init(argc, argv);
    RtStartArg sa = { program, 0 };
    size_t max = RT_STACK_MAX;
    const char *env = getenv("REGAL_STACK_MB");
    if (env && atol(env) > 0) max = (size_t)atol(env) << 20;
    for (size_t size = max; size >= RT_STACK_MIN; size /= 2) {
        pthread_attr_t attr;
        pthread_t th;
        if (pthread_attr_init(&attr) != 0) break;
        int ok = pthread_attr_setstacksize(&attr, size) == 0 &&
                 pthread_attr_setguardsize(&attr, RT_GUARD_BYTES) == 0;
        sa.size = size;
        ok = ok && GC_pthread_create(&th, &attr, rt_thread_main, &sa) == 0;
        pthread_attr_destroy(&attr);
        if (ok) {
            GC_pthread_join(th, NULL);
            return rt_exit_flush() ? RT_EXIT_ERROR : 0;
        }
    }
    /* No thread at all: run on the main stack with its own limit. */
    return rt_start_here_run(program);
}
