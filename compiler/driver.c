/* driver.c: runs the C compiler (clang by default) on the emitted C and links it with the
 * Regal runtime. Entry point: driver_compile. The runtime's header and libraries are found in
 * REGAL_INCLUDE_DIR and REGAL_LIB_DIR (set at build time), or under $REGAL_HOME. */
#include "regalc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *driver_dir(const char *env_sub, const char *builtin) {
    const char *home = getenv("REGAL_HOME");
    if (home && *home) return xasprintf("%s/%s", home, env_sub);
    return builtin;
}

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

int driver_compile(const DriverOptions *opt, const char *c_text, const char *c_path,
                   const char *out_path) {
    FILE *f = fopen(c_path, "w");
    if (!f) {
        fprintf(stderr, "regal: cannot write %s: %s\n", c_path, strerror(errno));
        return 1;
    }
    fputs(c_text, f);
    if (fclose(f) != 0) {
        fprintf(stderr, "regal: cannot write %s: %s\n", c_path, strerror(errno));
        return 1;
    }
    const char *inc = driver_dir("runtime", REGAL_INCLUDE_DIR);
    const char *lib = driver_dir("build", REGAL_LIB_DIR);
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
    vec_push(&argv, xstrdup(c_path));
    vec_push(&argv, xasprintf("%s/%s", lib, opt->sanitize ? "libregal-san.a" : "libregal.a"));
    driver_push_words((void *)&argv, REGAL_RT_LIBS);
    vec_push(&argv, xstrdup("-o"));
    vec_push(&argv, xstrdup(out_path));
    vec_push(&argv, NULL);
    if (getenv("REGAL_VERBOSE")) {
        for (size_t i = 0; argv.items[i]; i++) fprintf(stderr, "%s ", argv.items[i]);
        fputc('\n', stderr);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "regal: cannot start %s: %s\n", opt->cc, strerror(errno));
        return 1;
    }
    if (pid == 0) {
        execvp(argv.items[0], argv.items);
        fprintf(stderr, "regal: cannot run the C compiler '%s': %s\n", opt->cc, strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return 1;
    for (size_t i = 0; argv.items[i]; i++) free(argv.items[i]);
    vec_free(&argv);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) return 1;
    fprintf(stderr, "regal: the C compiler failed on %s\n", c_path);
    return 1;
}
