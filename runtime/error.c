/* error.c: runtime errors, conditions, and the dynamic environment: the exception handler
 * stack (R7RS 6.11) and the wind list of dynamic-wind (6.10).
 *
 * Every error ends in rt_raise. With no handler installed it reports on stderr, after
 * flushing the output ports (rt_exit_flush: output that cannot be written is reported first),
 * and exits RT_EXIT_ERROR (70). With handlers installed
 * (with-exception-handler pushes one in its C frame), the innermost one is called with the
 * outer ones current, as R7RS requires. Errors detected by primitives (rt_type_error...) are
 * raised as conditions whose message is the whole text and whose payload is #t, so `guard`
 * catches `(car 5)` like any other error; uncaught, they print "<loc>: <text>".
 * R4: a raised object may be kept by any handler (or carried out by a continuation), so the
 * conditions made here, their messages and irritant lists live in the collected heap, and
 * the handler of a raise from C is called with rt_gc_region as its result region.
 * An uncaught error ends the program as an escape to the top level would: the wind list is
 * left first (its after thunks run), as Chez Scheme does. Its report is followed by the
 * Scheme frames of the stack as they were at the raise (backtrace.c).
 * Also here: stack overflow (rt_stack_overflow), and how a message writes a value
 * (rt_error_print: the printer, a higher layer, reached by a hook; rtlib.h, "Architecture").
 */
#include "rtlib.h"

#include <stdarg.h>

_Thread_local RtHandler *rt_handlers;

/* The base of a thread other than the program's (thread.c through control.c's
 * rt_call_catching): a raise that no handler takes ends there instead of ending the program.
 * NULL on the program's thread. */
_Thread_local RtCatch *rt_catch;

/* ---- the wind list (R7RS 6.10 dynamic-wind; the bindings of the current ports) ----------------
 * Innermost first: a dynamic-wind's before and after thunks, or a binding made by
 * rt_with_binding (place != NULL: entering it puts `inner` into *place, leaving it puts `outer`
 * back). Every way out of a wind leaves it once, taken off the list first: a normal return, an
 * escape (a continuation, control.c: rt_winds_unwind_to), exit and an uncaught error
 * (rt_winds_unwind_all). A re-entered continuation (control.c) enters again the winds it had
 * that are not on the list (rt_winds_rewind): innermost last, each before thunk run with its
 * parent as the list. A thunk runs in the dynamic environment of its dynamic-wind: with the
 * handler stack it had then. The records live in C frames, so a copied stack holds them; a
 * serial number tells two records at the same address apart (RtWind, rtlib.h). */
_Thread_local RtWind *rt_winds;
static _Thread_local uint64_t rt_wind_serial;   /* winds are compared within one thread */

static void rt_wind_leave(Region *rr, const char *loc, RtWind *w) {
    if (w->place != NULL) {
        *w->place = w->outer;
        return;
    }
    rt_handlers = w->handlers;
    rt_call0(rr, loc, w->after);
}

void rt_winds_unwind_to(Region *rr, const char *loc, RtWind *keep) {
    while (rt_winds != keep && rt_winds != NULL) {
        RtWind *w = rt_winds;
        rt_winds = w->parent;
        rt_wind_leave(rr, loc, w);
    }
}

void rt_winds_unwind_all(Region *rr, const char *loc) { rt_winds_unwind_to(rr, loc, NULL); }

void rt_winds_rewind(Region *rr, RtWind *target, RtWind *common) {
    if (target == common || target == NULL) return;
    rt_winds_rewind(rr, target->parent, common);   /* the outer ones first */
    rt_winds = target->parent;
    if (target->place != NULL) {
        *target->place = target->inner;
    } else {
        rt_handlers = target->handlers;
        rt_call0(rr, NULL, target->before);
    }
    rt_winds = target;
}

RtValue rt_dynamic_wind(Region *rr, const char *loc, RtValue before, RtValue thunk,
                        RtValue after) {
    rt_call0(rr, loc, before);
    RtWind w = {after, before, NULL, RT_FALSE, RT_FALSE, rt_handlers, rt_winds, ++rt_wind_serial};
    rt_winds = &w;
    RtValue r = rt_call0(rr, loc, thunk);
    rt_winds = w.parent;
    rt_call0(rr, loc, after);
    return r;
}

RtValue rt_with_binding(Region *rr, const char *loc, RtValue *place, RtValue value,
                        RtValue thunk) {
    RtWind w = {RT_FALSE, RT_FALSE, place, *place, value, rt_handlers, rt_winds, ++rt_wind_serial};
    *place = value;
    rt_winds = &w;
    RtValue r = rt_call0(rr, loc, thunk);
    rt_winds = w.parent;
    *place = w.outer;
    return r;
}

/* ---- writing values into messages -----------------------------------------------------------
 * The printer (print.c) is a higher layer: error.c reaches it through rt_error_print_hook,
 * which rt_start sets to the printer before the program runs (rtlib.h). Unset (the unit
 * tests, a C program that never calls rt_start), a value is written in a short form that
 * needs no printer: a fixnum in decimal, #t, #f, (), a symbol by its name, a string's
 * characters (in double quotes, unescaped, by write), anything else as #<type name>. */
void (*rt_error_print_hook)(void *file, RtValue v, int write);

static void rt_error_print_short(FILE *f, RtValue v, int write) {
    if (RT_IS_FIXNUM(v)) {
        fprintf(f, "%lld", (long long)RT_FIXVAL(v));
    } else if (v == RT_TRUE || v == RT_FALSE || v == RT_NIL) {
        fputs(v == RT_TRUE ? "#t" : v == RT_FALSE ? "#f" : "()", f);
    } else if (RT_IS_TYPE(v, TYPE_ID_SYMBOL)) {
        fputs(rt_symbol_utf8(v), f);
    } else if (RT_IS_STRING(v)) {
        char buf[4];
        if (write) fputc('"', f);
        for (int64_t i = 0; i < RT_LEN(v); i++)
            fwrite(buf, 1, rt_utf8_encode(RT_STR(v)->chars[i], buf), f);
        if (write) fputc('"', f);
    } else {
        fprintf(f, "#<%s>", rt_type_name[rt_type_of(v)]);
    }
}

void rt_error_print(FILE *f, RtValue v, int write) {
    if (rt_error_print_hook != NULL) rt_error_print_hook(f, v, write);
    else rt_error_print_short(f, v, write);
}

/* ---- stack overflow ---------------------------------------------------------------------- */
/* RT_STACK_CHECK (regal.h) compares the stack pointer with this thread's rt_stack_limit,
 * which rt_start sets a margin above the low end of the program's stack (start.c); until
 * then it is 0 and nothing overflows. */
_Thread_local char *rt_stack_limit;

RT_COLD void rt_stack_overflow(const char *loc) {
    rt_exit_flush();
    if (loc != NULL) fprintf(stderr, "%s: error: stack overflow\n", loc);
    else fprintf(stderr, "error: stack overflow\n");
    fflush(stderr);
    _exit(RT_EXIT_ERROR);
}

RtValue rt_make_condition(Region *r, int kind, RtValue message, RtValue irritants) {
    RtCondition *c = alloc_obj_typed(r, TYPE_ID_CONDITION);
    c->hdr = RT_HDR(TYPE_ID_CONDITION, kind);
    c->message = message;
    c->irritants = irritants;
    c->payload = RT_FALSE;
    return RT_TAG_AS_OBJ(c);
}

static void rt_report_prefix(const char *loc) {
    rt_exit_flush();
    if (loc != NULL) fprintf(stderr, "%s: ", loc);
}

/* The end of the program after an uncaught raise has been reported: the outstanding
 * dynamic-wind after thunks run first (as an escape to the top level runs them, R7RS 6.10;
 * Chez Scheme does the same), then the output is flushed and the status is 70. */
static RT_NORETURN RT_COLD void rt_uncaught_exit(void) {
    rt_winds_unwind_all(&rt_gc_region, NULL);
    rt_exit_flush();
    _exit(RT_EXIT_ERROR);
}

void rt_report_condition(FILE *f, RtValue obj, const char *loc) {
    if (loc != NULL) fprintf(f, "%s: ", loc);
    if (RT_IS_TYPE(obj, TYPE_ID_CONDITION)) {
        RtCondition *c = RT_AS(RtCondition, obj);
        RtValue irritants = c->irritants;
        if (c->payload == RT_TRUE) { /* a primitive's error: the message is the whole text */
            rt_error_print(f, c->message, 0);
        } else {
            fputs("error: ", f);
            /* (error 'who "message" ...), the SRFI 23 habit: print "who: message ..." */
            if (RT_IS_TYPE(c->message, TYPE_ID_SYMBOL) && RT_IS_PAIR(irritants) &&
                RT_IS_TYPE(RT_CAR(irritants), TYPE_ID_STRING)) {
                rt_error_print(f, c->message, 0);
                fputs(": ", f);
                rt_error_print(f, RT_CAR(irritants), 0);
                irritants = RT_CDR(irritants);
            } else {
                rt_error_print(f, c->message, 0);
            }
            for (; RT_IS_PAIR(irritants); irritants = RT_CDR(irritants)) {
                fputc(' ', f);
                rt_error_print(f, RT_CAR(irritants), 1);
            }
        }
    } else {
        fputs("error: uncaught exception: ", f);
        rt_error_print(f, obj, 1);
    }
    fputc('\n', f);
    fflush(f);
}

/* Report an uncaught raise of obj and exit 70. */
static RT_NORETURN RT_COLD void rt_uncaught(RtValue obj, const char *loc) {
    rt_exit_flush();
    rt_report_condition(stderr, obj, loc);
    rt_backtrace_print(stderr);
    fflush(stderr);
    rt_uncaught_exit();
}

_Thread_local const char *rt_raise_loc;

/* An uncaught raise in a thread: its winds are left (after thunks run, as at the program's
 * end), then the thread's base takes obj. */
static RT_NORETURN RT_COLD void rt_uncaught_in_thread(RtValue obj, const char *loc) {
    RtCatch *c = rt_catch;
    rt_winds_unwind_to(&rt_gc_region, loc, c->winds);
    c->obj = obj;
    longjmp(c->jb, 1);
}

static RtValue rt_raise_in(Region *rr, RtValue obj, int continuable, const char *loc) {
    RtHandler *h = rt_handlers;
    if (h == NULL) {
        if (rt_catch != NULL) rt_uncaught_in_thread(obj, loc);
        rt_uncaught(obj, loc);
    }
    rt_raise_loc = loc;
    rt_handlers = h->next; /* the handler runs with the outer handlers installed */
    RtValue r = rt_call1(rr, loc, h->proc, obj);
    rt_handlers = h;
    if (continuable) return r;
    /* R7RS: a secondary exception in the dynamic environment of the handler. */
    rt_handlers = h->next;
    rt_error_msg(loc, NULL, "handler returned from non-continuable raise");
}

RtValue rt_raise(RtValue obj, int continuable, const char *loc) {
    return rt_raise_in(&rt_gc_region, obj, continuable, loc);
}

/* The common end of every primitive's error: raise a condition holding the text. */
static RT_NORETURN RT_COLD void rt_raise_text(const char *loc, int kind, char *text,
                                              size_t len) {
    if (rt_handlers == NULL && rt_catch == NULL) {
        rt_report_prefix(loc);
        fwrite(text, 1, len, stderr);
        fputc('\n', stderr);
        rt_backtrace_print(stderr);
        fflush(stderr);
        free(text);
        rt_uncaught_exit();
    }
    RtValue msg = mk_string_n(&rt_gc_region, text, len);
    free(text);
    RtValue c = rt_make_condition(&rt_gc_region, kind, msg, RT_NIL);
    RT_AS(RtCondition, c)->payload = RT_TRUE;
    rt_raise(c, 0, loc);
    abort(); /* not reached: rt_raise of a non-continuable raise never returns */
}

static RT_NORETURN RT_COLD void rt_verror(const char *loc, int kind, const char *who,
                                          RtValue *val, const char *fmt, va_list ap) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL) rt_out_of_memory();
    if (who != NULL) fprintf(f, "%s: ", who);
    vfprintf(f, fmt, ap);
    if (val != NULL) rt_error_print(f, *val, 1);
    fclose(f);
    rt_raise_text(loc, kind, text, len);
}

static RT_NORETURN RT_COLD void rt_error_val(const char *loc, int kind, const char *who,
                                             RtValue *val, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    rt_verror(loc, kind, who, val, fmt, ap);
}

RT_COLD void rt_type_error(const char *loc, const char *who, const char *expected, RtValue got) {
    rt_error_val(loc, RT_COND_ERROR, who, &got, "expected %s, got ", expected);
}

RT_COLD void rt_error_msg(const char *loc, const char *who, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    rt_verror(loc, RT_COND_ERROR, who, NULL, fmt, ap);
}

RT_COLD void rt_error_kind(const char *loc, int kind, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    rt_verror(loc, kind, NULL, NULL, fmt, ap);
}

RT_COLD void rt_range_error(const char *loc, const char *who, int64_t index, const char *what,
                            int64_t len) {
    rt_error_msg(loc, who, "index %lld out of range for %s of length %lld", (long long)index,
                 what, (long long)len);
}

/* ---- primitives -------------------------------------------------------------------------- */

/* (error message irritant ...): the condition and its irritant list in the collected heap;
 * message and irritants are what the caller passed (the compiler places arguments of error,
 * like those of raise, where a handler may keep them). */
RtValue rt_p_error(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue irritants = RT_NIL;
    for (intptr_t i = argc - 1; i >= 1; i--) irritants = rt_cons(&rt_gc_region, argv[i], irritants);
    RtValue c = rt_make_condition(&rt_gc_region, RT_COND_ERROR, argv[0], irritants);
    return rt_raise_in(rr, c, 0, loc);
}

RtValue rt_p_raise(Region *rr, const char *loc, RtValue obj) {
    return rt_raise_in(rr, obj, 0, loc);
}

RtValue rt_p_raise_continuable(Region *rr, const char *loc, RtValue obj) {
    return rt_raise_in(rr, obj, 1, loc);
}

/* (with-exception-handler handler thunk): the handler frame lives in this C frame; an escape
 * through it (a continuation) restores rt_handlers to the value saved by its call/cc. */
RtValue rt_p_with_exception_handler(Region *rr, const char *loc, RtValue handler,
                                    RtValue thunk) {
    rt_check_proc(loc, "with-exception-handler", handler);
    rt_check_proc(loc, "with-exception-handler", thunk);
    RtHandler h = { handler, rt_handlers };
    rt_handlers = &h;
    RtValue r = rt_call0(rr, loc, thunk);
    rt_handlers = h.next;
    return r;
}

RtValue rt_p_error_object_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_CONDITION));
}

RtValue rt_p_error_object_message(Region *rr, const char *loc, RtValue x) {
    RT_CHECK(RT_IS_TYPE(x, TYPE_ID_CONDITION), "error-object-message", "an error object", x);
    return RT_AS(RtCondition, x)->message;
}

RtValue rt_p_error_object_irritants(Region *rr, const char *loc, RtValue x) {
    RT_CHECK(RT_IS_TYPE(x, TYPE_ID_CONDITION), "error-object-irritants", "an error object", x);
    return RT_AS(RtCondition, x)->irritants;
}

RtValue rt_p_file_error_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_CONDITION) && RT_LEN(x) == RT_COND_FILE);
}

RtValue rt_p_read_error_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_CONDITION) && RT_LEN(x) == RT_COND_READ);
}
