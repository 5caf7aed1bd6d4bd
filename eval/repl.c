/* repl.c: the read-eval-print loop of `regal repl` (build/regal-repl; entry: ev_repl_program,
 * run by rt_start on the program stack).
 * Input is read a line at a time until the text holds complete datums (reader_incomplete), so
 * a form may span lines; each datum is evaluated in the interaction environment (eval.c) and
 * each of its values but the unspecified one is written on its own line, as Chez Scheme's REPL
 * does. On a terminal: a banner, a prompt, and line editing with history when built with GNU
 * readline (EV_READLINE); otherwise lines come from the runtime's current input port, so a
 * program's own (read-line) and (read) take the lines that follow. `,q` or end of input leaves.
 * Every form runs under an exception handler inside an escape continuation (what guard
 * expands to): an error is reported on stderr ("repl:3:1: car: expected a pair, got 1") and
 * the escape unwinds regions, dynamic-wind and handlers back to the loop, which goes on.
 * Files named after `regal repl` are loaded first. The loop's state is static, so a
 * continuation re-entered from a later form resumes reading where the input is now.
 */
#include "eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(EV_READLINE)
#include <readline/history.h>
#include <readline/readline.h>
#endif

static bool repl_tty;            /* stdin and stdout are terminals: prompt, banner, editing */
static Buf repl_text;            /* lines read so far that do not yet end a datum */
static int repl_line = 1;        /* the line number of repl_text's first line */
static int repl_next_line = 1;   /* the line number of the next line read */
static Datum *repl_form;         /* the datum being evaluated */
static const char *repl_loading; /* the file being loaded by the command line, or NULL */

#define REPL_FAILED RT_IMM(0, 0x7a12)   /* what the escape returns after an error */

/* ---- reading lines ----------------------------------------------------------------------- */
static void repl_flush(void) {
    RtValue none[1] = {RT_DEFAULT};
    rt_p_flush_output_port(&rt_gc_region, NULL, 0, none);
}

/* The next line without its newline (malloc'd), or NULL at the end of the input. */
static char *repl_read_line(const char *prompt) {
#if defined(EV_READLINE)
    if (repl_tty) {
        repl_flush();
        char *line = readline(prompt);
        if (line && *line) add_history(line);
        return line;
    }
#endif
    if (repl_tty) {
        RtPortImpl *out = rt_out_port(NULL, "repl", RT_DEFAULT);
        rt_port_put(out, prompt, strlen(prompt));
        repl_flush();
    }
    RtValue none[1] = {RT_DEFAULT};
    RtValue s = rt_p_read_line(&rt_gc_region, NULL, 0, none);
    if (s == RT_EOF) return NULL;
    size_t n;
    return rt_string_to_utf8(s, &n);
}

/* Every datum of d at line delta later (the text was read from its own first line). */
static void repl_shift(Datum *d, int delta, PtrMap *seen) {
    if (!d || *ptrmap_slot(seen, d, true) != PTRMAP_NONE) return;
    *ptrmap_slot(seen, d, true) = 1;
    d->loc.line += delta;
    if (d->kind == DATUM_PAIR) {
        repl_shift(d->pair.car, delta, seen);
        repl_shift(d->pair.cdr, delta, seen);
    } else if (d->kind == DATUM_VECTOR) {
        for (size_t i = 0; i < d->vec.len; i++) repl_shift(d->vec.items[i], delta, seen);
    } else if (d->kind == DATUM_COMPNUM) {
        repl_shift(d->cx.re, delta, seen);
        repl_shift(d->cx.im, delta, seen);
    }
}

/* ---- evaluating one form under the loop's handler ------------------------------------------- */
static RtValue repl_body(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
    (void)rr; (void)self; (void)a0; (void)a1; (void)a2; (void)a3;
    return ev_eval_datum(NULL, NULL, repl_form, ev_interaction());
}

static RtValue repl_handler(Region *rr, RtValue self, RtValue c, RtValue a1, RtValue a2, RtValue a3) {
    (void)a1; (void)a2; (void)a3;
    rt_exit_flush();
    rt_report_condition(stderr, c, rt_raise_loc);
    return rt_call1(rr, NULL, RT_AS(RtClosure, self)->free[0], REPL_FAILED);
}

static RtValue repl_with_k(Region *rr, RtValue self, RtValue k, RtValue a1, RtValue a2, RtValue a3) {
    (void)self; (void)a1; (void)a2; (void)a3;
    RtValue h = mk_closure(&rt_gc_region, repl_handler, 1);
    RT_AS(RtClosure, h)->free[0] = k;
    RtValue body = mk_closure(&rt_gc_region, repl_body, 0);
    return rt_p_with_exception_handler(rr, NULL, h, body);
}

/* Evaluate d; print its values (print) or report its error. False after an error. */
static bool repl_eval(Datum *d, bool print) {
    repl_form = d;
    rt_raise_loc = NULL;
    RtValue r = rt_p_call_cc_escape(&rt_gc_region, NULL, mk_closure(&rt_gc_region, repl_with_k, 0));
    if (r == REPL_FAILED) return false;
    if (!print) return true;
    RtPortImpl *out = rt_out_port(NULL, "repl", RT_DEFAULT);
    size_t n = 1;
    const RtValue *vals = &r;
    if (RT_IS_TYPE(r, TYPE_ID_VALUES)) {
        n = (size_t)RT_HDR_COUNT(*RT_OBJ(r));
        vals = RT_AS(RtValues, r)->items;
    }
    for (size_t i = 0; i < n; i++) {
        if (vals[i] == RT_UNSPEC) continue;
        rt_print(out, vals[i], 1);
        rt_port_put_char(out, '\n');
    }
    if (repl_tty) repl_flush();
    return true;
}

static bool repl_is_quit(Datum *d) {
    return d->kind == DATUM_PAIR && datum_is_sym(d->pair.car, "unquote") &&
           d->pair.cdr->kind == DATUM_PAIR && datum_is_sym(d->pair.cdr->pair.car, "q") &&
           d->pair.cdr->pair.cdr->kind == DATUM_NIL;
}

/* The loading of a file named on the command line, under the handler. */
static RtValue repl_load_body(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
    (void)rr; (void)self; (void)a0; (void)a1; (void)a2; (void)a3;
    return ev_load_file(NULL, repl_loading, ev_interaction());
}
static RtValue repl_load_with_k(Region *rr, RtValue self, RtValue k, RtValue a1, RtValue a2, RtValue a3) {
    (void)self; (void)a1; (void)a2; (void)a3;
    RtValue h = mk_closure(&rt_gc_region, repl_handler, 1);
    RT_AS(RtClosure, h)->free[0] = k;
    return rt_p_with_exception_handler(rr, NULL, h, mk_closure(&rt_gc_region, repl_load_body, 0));
}

/* ---- the loop -------------------------------------------------------------------------------- */
void ev_repl_program(void) {
    rt_eval_install();   /* eval, load and the environments, for the forms typed */
    repl_tty = isatty(0) && isatty(1);
    for (int i = 1; i < rt_argc; i++) {
        repl_loading = rt_argv[i];
        rt_p_call_cc_escape(&rt_gc_region, NULL, mk_closure(&rt_gc_region, repl_load_with_k, 0));
    }
    repl_loading = NULL;
    if (repl_tty) {
        printf("Regal %s REPL. ,q or Ctrl-D leaves.\n", REGAL_VERSION);
        fflush(stdout);
    }
    for (;;) {
        char *line = repl_read_line(repl_text.len ? "  " : "> ");
        if (!line) break;
        if (!repl_text.len) repl_line = repl_next_line;
        repl_next_line++;
        buf_puts(&repl_text, line);
        buf_putc(&repl_text, '\n');
        free(line);
        if (reader_incomplete(repl_text.data, repl_text.len)) continue;
        /* complete: read its datums, then empty the text before running anything */
        DatumVec forms = {0};
        Buf msgs = {0};
        Buf *saved = diag_capture(&msgs);
        bool ok = reader_read_all("repl", repl_text.data, repl_text.len, &forms);
        diag_capture(saved);
        int delta = repl_line - 1;
        if (!ok) { /* read it again after its line's worth of newlines: the messages' lines */
            Buf again = {0};
            for (int i = 1; i < repl_line; i++) buf_putc(&again, '\n');
            buf_putn(&again, repl_text.data, repl_text.len);
            DatumVec ignored = {0};
            rt_exit_flush();
            reader_read_all("repl", again.data, again.len, &ignored);
            buf_free(&again);
            buf_free(&msgs);
            repl_text.len = 0;
            continue;
        }
        buf_free(&msgs);
        repl_text.len = 0;
        for (size_t i = 0; i < forms.len; i++) {
            PtrMap seen = {0};
            repl_shift(forms.items[i], delta, &seen);
            ptrmap_free(&seen);
        }
        static DatumVec pending;   /* static: a re-entered continuation finds the rest here */
        pending = forms;
        for (size_t i = 0; i < pending.len; i++) {
            Datum *d = pending.items[i];
            pending.items[i] = NULL;
            if (!d) continue;
            if (repl_is_quit(d)) return;
            repl_eval(d, true);
        }
    }
    if (repl_tty) {
        RtPortImpl *out = rt_out_port(NULL, "repl", RT_DEFAULT);
        rt_port_put_char(out, '\n');
    }
    if (repl_text.len) {   /* the input ended inside a datum: the reader says where */
        Buf again = {0};
        for (int i = 1; i < repl_line; i++) buf_putc(&again, '\n');
        buf_putn(&again, repl_text.data, repl_text.len);
        DatumVec forms = {0};
        rt_exit_flush();
        reader_read_all("repl", again.data, again.len, &forms);
        buf_free(&again);
    }
}
