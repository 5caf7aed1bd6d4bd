/* print.c: the printer behind display and write (R7RS 6.13.3). rt_print(port, v, write)
 * writes v in `display` form (write = 0) or `write` form: strings escaped, characters as
 * #\a #\space #\x3bb, symbols in |...| when they would not read back as the same symbol.
 * As in Chez Scheme, quote forms print in full: (quote x). Records print as #<name field ...>,
 * procedures as #<procedure>. Circular structure is not detected (write-shared is write):
 * printing a cycle does not terminate. Deep nesting stops with "stack overflow".
 */
#include "rtlib.h"

#include <wctype.h>

/* Into a FILE* (stderr or a memory stream), for messages: the printer of error.c
 * (rt_error_print_hook, set to this by rt_start). */
void rt_fprint(void *file, RtValue v, int write) { rt_print(rt_port_of_file(file), v, write); }

static void put(RtPortImpl *p, const char *s) { rt_port_put(p, s, strlen(s)); }

/* Numbers print as numbers.c formats them (rt_number_format, radix 10). Fixnums, the common
 * case, are formatted here without allocating. */
static void rt_print_number(RtPortImpl *p, RtValue v) {
    if (RT_IS_FIXNUM(v)) {
        char b[32];
        put(p, (snprintf(b, sizeof b, "%lld", (long long)RT_FIXVAL(v)), b));
        return;
    }
    char *text = NULL;
    size_t n = rt_number_format(v, 10, &text);
    rt_port_put(p, text, n);
    free(text);
}

static const char *const rt_char_names[] = {
    [0] = "null", [7] = "alarm", [8] = "backspace", [9] = "tab", [10] = "newline",
    [13] = "return", [27] = "escape", [32] = "space", [127] = "delete",
};

static void rt_print_char(RtPortImpl *p, uint32_t c) {
    char b[32];
    put(p, "#\\");
    if (c <= 127 && rt_char_names[c] != NULL) put(p, rt_char_names[c]);
    else if (c > 32 && (c < 127 || (c > 160 && iswgraph((wint_t)c)))) rt_port_put_char(p, c);
    else {
        snprintf(b, sizeof b, "x%x", c);
        put(p, b);
    }
}

static void rt_print_string(RtPortImpl *p, const RtString *s, int write) {
    int64_t n = (int64_t)RT_HDR_COUNT(s->hdr);
    if (!write) {
        for (int64_t i = 0; i < n; i++) rt_port_put_char(p, s->chars[i]);
        return;
    }
    put(p, "\"");
    for (int64_t i = 0; i < n; i++) {
        uint32_t c = s->chars[i];
        char b[16];
        switch (c) {
        case '"': put(p, "\\\""); break;
        case '\\': put(p, "\\\\"); break;
        case '\n': put(p, "\\n"); break;
        case '\t': put(p, "\\t"); break;
        case '\r': put(p, "\\r"); break;
        case 7: put(p, "\\a"); break;
        case 8: put(p, "\\b"); break;
        default:
            if (c < 32 || c == 127) {
                snprintf(b, sizeof b, "\\x%x;", c);
                put(p, b);
            } else {
                rt_port_put_char(p, c);
            }
        }
    }
    put(p, "\"");
}

/* Whether a symbol name must be written in |...| to read back as the same symbol. */
static int rt_symbol_needs_bars(const RtString *s) {
    int64_t n = (int64_t)RT_HDR_COUNT(s->hdr);
    const uint32_t *c = s->chars;
    if (n == 0) return 1;
    if (c[0] < 128 && c[0] >= '0' && c[0] <= '9') return 1;
    if (c[0] == '#') return 1;
    if (c[0] == '.' && (n == 1 || (c[1] >= '0' && c[1] <= '9'))) return 1;
    if ((c[0] == '+' || c[0] == '-') && n > 1) {
        uint32_t d = c[1] == '.' && n > 2 ? c[2] : c[1];
        if (d >= '0' && d <= '9') return 1;
        if (n >= 4 && (c[1] == 'i' || c[1] == 'n')) return 1; /* +inf.0 +nan.0 */
    }
    for (int64_t i = 0; i < n; i++) {
        uint32_t ch = c[i];
        if (ch <= 32 || ch == 127 || strchr("()[]{}\"';`|,", (int)ch) != NULL) return 1;
        if (ch > 127 && !iswgraph((wint_t)ch)) return 1;
    }
    return 0;
}

static void rt_print_symbol(RtPortImpl *p, RtValue sym, int write) {
    const RtString *s = RT_STR(RT_AS(RtSymbol, sym)->name);
    if (!write || !rt_symbol_needs_bars(s)) {
        rt_print_string(p, s, 0);
        return;
    }
    put(p, "|");
    for (int64_t i = 0; i < (int64_t)RT_HDR_COUNT(s->hdr); i++) {
        uint32_t c = s->chars[i];
        char b[16];
        if (c == '|' || c == '\\') {
            put(p, "\\");
            rt_port_put_char(p, c);
        } else if (c < 32 || c == 127) {
            snprintf(b, sizeof b, "\\x%x;", c);
            put(p, b);
        } else {
            rt_port_put_char(p, c);
        }
    }
    put(p, "|");
}

static void rt_print_imm(RtPortImpl *p, RtValue v, int write) {
    if (RT_IS_CHAR(v)) {
        if (write) rt_print_char(p, RT_CHARVAL(v));
        else rt_port_put_char(p, RT_CHARVAL(v));
        return;
    }
    switch (v) {
    case RT_FALSE: put(p, "#f"); break;
    case RT_TRUE: put(p, "#t"); break;
    case RT_NIL: put(p, "()"); break;
    case RT_UNSPEC: put(p, "#<void>"); break;
    case RT_EOF: put(p, "#<eof>"); break;
    case RT_UNDEFINED: put(p, "#<undefined>"); break;
    case RT_DEFAULT: put(p, "#<default>"); break;
    default: put(p, "#<unknown>"); break;
    }
}

/* A record type's name without the conventional angle brackets: <point> -> point. */
static void rt_print_type_name(RtPortImpl *p, RtValue name) {
    if (RT_IS_SYMBOL(name)) {
        const RtString *s = RT_STR(RT_AS(RtSymbol, name)->name);
        int64_t n = (int64_t)RT_HDR_COUNT(s->hdr);
        int strip = n > 2 && s->chars[0] == '<' && s->chars[n - 1] == '>';
        for (int64_t i = strip; i < n - strip; i++) rt_port_put_char(p, s->chars[i]);
    } else {
        rt_print(p, name, 0);
    }
}

void rt_print(RtPortImpl *p, RtValue v, int write) {
    RT_STACK_CHECK(NULL);
    switch (v & RT_TAG_MASK) {
    case RT_TAG_FIXNUM: rt_print_number(p, v); return;
    case RT_TAG_PAIR:
        put(p, "(");
        for (;;) {
            rt_print(p, RT_CAR(v), write);
            v = RT_CDR(v);
            if (!RT_IS_PAIR(v)) break;
            put(p, " ");
        }
        if (v != RT_NIL) {
            put(p, " . ");
            rt_print(p, v, write);
        }
        put(p, ")");
        return;
    case RT_TAG_OBJ: break;
    default: rt_print_imm(p, v, write); return;
    }
    RtHeader h = *RT_OBJ(v);
    int64_t n = (int64_t)RT_HDR_COUNT(h);
    char b[64];
    switch (RT_HDR_TYPE(h)) {
    case TYPE_ID_FLOAT:
    case TYPE_ID_INT: rt_print_number(p, v); return;
    case TYPE_ID_SYMBOL: rt_print_symbol(p, v, write); return;
    case TYPE_ID_STRING: rt_print_string(p, RT_STR(v), write); return;
    case TYPE_ID_VECTOR:
        put(p, "#(");
        for (int64_t i = 0; i < n; i++) {
            if (i) put(p, " ");
            rt_print(p, RT_AS(RtVector, v)->items[i], write);
        }
        put(p, ")");
        return;
    case TYPE_ID_BYTEVECTOR:
        put(p, "#u8(");
        for (int64_t i = 0; i < n; i++) {
            snprintf(b, sizeof b, i ? " %u" : "%u", RT_AS(RtBytevector, v)->bytes[i]);
            put(p, b);
        }
        put(p, ")");
        return;
    case TYPE_ID_CLOSURE: put(p, "#<procedure>"); return;
    case TYPE_ID_BOX:
        put(p, "#<box ");
        rt_print(p, RT_AS(RtBox, v)->value, write);
        put(p, ">");
        return;
    case TYPE_ID_RECORD: {
        RtRecord *r = RT_AS(RtRecord, v);
        put(p, "#<");
        if (RT_IS_TYPE(r->type, TYPE_ID_RECORD_TYPE))
            rt_print_type_name(p, RT_AS(RtRecordType, r->type)->name);
        else put(p, "record");
        for (int64_t i = 0; i < n; i++) {
            put(p, " ");
            rt_print(p, r->fields[i], write);
        }
        put(p, ">");
        return;
    }
    case TYPE_ID_RECORD_TYPE:
        put(p, "#<record-type ");
        rt_print_type_name(p, RT_AS(RtRecordType, v)->name);
        put(p, ">");
        return;
    case TYPE_ID_VALUES:
        for (int64_t i = 0; i < n; i++) {
            if (i) put(p, " ");
            rt_print(p, RT_AS(RtValues, v)->items[i], write);
        }
        return;
    case TYPE_ID_CONDITION: {
        RtCondition *c = RT_AS(RtCondition, v);
        put(p, "#<error-object ");
        rt_print(p, c->message, 1);
        for (RtValue l = c->irritants; RT_IS_PAIR(l); l = RT_CDR(l)) {
            put(p, " ");
            rt_print(p, RT_CAR(l), 1);
        }
        put(p, ">");
        return;
    }
    default:
        put(p, "#<");
        put(p, rt_type_name[RT_HDR_TYPE(h)]);
        put(p, ">");
        return;
    }
}

/* ---- primitives --------------------------------------------------------------------------- */

RtValue rt_p_display(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_print(rt_out_port(loc, "display", RT_OPT(1, RT_DEFAULT)), argv[0], 0);
    return RT_UNSPEC;
}

RtValue rt_p_write(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_print(rt_out_port(loc, "write", RT_OPT(1, RT_DEFAULT)), argv[0], 1);
    return RT_UNSPEC;
}

RtValue rt_p_write_shared(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_print(rt_out_port(loc, "write-shared", RT_OPT(1, RT_DEFAULT)), argv[0], 1);
    return RT_UNSPEC;
}

RtValue rt_p_write_simple(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_print(rt_out_port(loc, "write-simple", RT_OPT(1, RT_DEFAULT)), argv[0], 1);
    return RT_UNSPEC;
}
