/* dump_hooks.c: a test driver for dump.c's DumpHooks, the way later passes annotate the
 * --dump output. Reads and expands a program like `regal --dump=expand`, then dumps it with
 * hooks that annotate every node but constants with its kind, every bound variable with where
 * it lives, and the program with its global count (tests/dump/dump-hooks.scm checks them).
 * Usage: dump_hooks file.scm; exit status 1 when the program has errors. */
#include "regalc.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *const kind_names[] = {
    [AST_CONST] = "const", [AST_REF] = "ref", [AST_SET] = "set", [AST_IF] = "if",
    [AST_LAMBDA] = "lambda", [AST_SEQ] = "seq", [AST_CALL] = "call",
    [AST_PRIMCALL] = "primcall", [AST_LET] = "let", [AST_LETREC] = "letrec"};

/* ctx counts the nodes annotated, so the program line can be checked against them */
static void note_node(void *ctx, const Ast *a, Buf *out) {
    if (a->kind == AST_CONST) return; /* a hook that says nothing prints nothing */
    ++*(int *)ctx;
    buf_puts(out, kind_names[a->kind]);
    if (a->kind == AST_PRIMCALL) buf_printf(out, " %zu", a->args.len);
}

static void note_binding(void *ctx, const Var *v, Buf *out) {
    (void)ctx;
    buf_puts(out, v->global ? "global" : v->owner ? "local" : "top-level local");
}

static void note_program(void *ctx, const Program *prog, Buf *out) {
    (void)ctx;
    buf_printf(out, "%zu globals, %zu lambdas", prog->globals.len, prog->lambdas.len);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fputs("usage: dump_hooks file.scm\n", stderr);
        return 2;
    }
    size_t len;
    char *text = util_read_file(argv[1], &len);
    if (!text) {
        fprintf(stderr, "dump_hooks: cannot read '%s': %s\n", argv[1], strerror(errno));
        return 1;
    }
    DatumVec forms = {0};
    if (!reader_read_all(argv[1], text, len, &forms) || diag_error_count()) return 1;
    Program *prog = expand_program(argv[1], &forms, &(ExpandOptions){.prelude = true});
    if (diag_error_count()) return 1;
    int count = 0;
    DumpHooks hooks = {.ctx = &count, .node = note_node, .binding = note_binding,
                       .program = note_program};
    Buf out = {0};
    dump_program(prog, &out, &hooks);
    fputs(buf_cstr(&out), stdout);
    printf(";; %d nodes annotated\n", count);
    return 0;
}
