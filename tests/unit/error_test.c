/* error_test.c: Criterion tests of how error messages write values (runtime/error.c): through
 * rt_error_print_hook, the printer that rt_start registers (rtlib.h, "Architecture": error.c
 * is below print.c and reaches it only by the hook), or, while it is unset, in error.c's
 * short form. Each error ends the process, so each case runs in a forked child whose stderr
 * is read back.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtlib.h"

/* Run f in a child with stderr into out; the child's wait status. */
static int run_child(void (*f)(void), char *out, size_t cap) {
    int fd[2];
    cr_assert_eq(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        f();
        _exit(0);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t k;
    while (n + 1 < cap && (k = read(fd[0], out + n, cap - 1 - n)) > 0) n += (size_t)k;
    out[n] = 0;
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    return status;
}

/* (error "bad" 42 "str" sym #t '() (vector 1 1) #\a), uncaught. */
static void raise_error_with_irritants(void) {
    RtValue argv[] = { mk_string(&rt_gc_region, "bad"), RT_FIX(42),
                       mk_string(&rt_gc_region, "str"), mk_symbol(&rt_gc_region, "sym"),
                       RT_TRUE, RT_NIL, mk_vector(&rt_gc_region, 2, RT_FIX(1)), RT_CHAR('a') };
    rt_p_error(&rt_gc_region, "t.scm:1:2", sizeof argv / sizeof argv[0], argv);
}

static void type_error_on_a_pair(void) {
    rt_type_error("t.scm:3:4", "vector-ref", "a vector",
                  mk_pair(&rt_gc_region, RT_FIX(1), RT_NIL));
}

static void with_printer(void (*f)(void)) {
    rt_error_print_hook = rt_fprint; /* as rt_start does */
    f();
}
static void printed_error(void) { with_printer(raise_error_with_irritants); }
static void printed_type_error(void) { with_printer(type_error_on_a_pair); }

Test(error_print, unset_hook_writes_values_in_the_short_form) {
    char out[512];
    cr_assert_null(rt_error_print_hook);
    int status = run_child(raise_error_with_irritants, out, sizeof out);
    cr_assert(WIFEXITED(status));
    cr_assert_eq(WEXITSTATUS(status), RT_EXIT_ERROR);
    cr_assert_str_eq(out, "t.scm:1:2: error: bad 42 \"str\" sym #t () #<vector> #<char>\n");
    status = run_child(type_error_on_a_pair, out, sizeof out);
    cr_assert_eq(WEXITSTATUS(status), RT_EXIT_ERROR);
    cr_assert_str_eq(out, "t.scm:3:4: vector-ref: expected a vector, got #<pair>\n");
}

Test(error_print, the_hook_set_as_rt_start_does_writes_values_with_the_printer) {
    char out[512];
    int status = run_child(printed_error, out, sizeof out);
    cr_assert(WIFEXITED(status));
    cr_assert_eq(WEXITSTATUS(status), RT_EXIT_ERROR);
    cr_assert_str_eq(out, "t.scm:1:2: error: bad 42 \"str\" sym #t () #(1 1) #\\a\n");
    status = run_child(printed_type_error, out, sizeof out);
    cr_assert_eq(WEXITSTATUS(status), RT_EXIT_ERROR);
    cr_assert_str_eq(out, "t.scm:3:4: vector-ref: expected a vector, got (1)\n");
}

/* A condition caught by a handler carries the same text as the uncaught report. */
static RtValue escape_code(Region *rr, RtValue self, RtValue a0, RtValue a1,
                           RtValue a2, RtValue a3_) {
    fputs(rt_string_to_utf8(RT_AS(RtCondition, a0)->message, NULL), stderr);
    _exit(3);
}

static void caught_type_error(void) {
    RtValue h = mk_closure(&rt_gc_region, escape_code, 0);
    RtHandler frame = { h, NULL };
    rt_handlers = &frame;
    type_error_on_a_pair();
}

Test(error_print, a_caught_error_message_writes_the_value_the_same_way) {
    char out[512];
    int status = run_child(caught_type_error, out, sizeof out);
    cr_assert_eq(WEXITSTATUS(status), 3);
    cr_assert_str_eq(out, "vector-ref: expected a vector, got #<pair>");
}
